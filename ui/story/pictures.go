package story

import (
	"image"

	"tablekeeper/automa"
	tp "tablekeeper/tracker/phantom"
	uiphantom "tablekeeper/ui/phantom"
	uireich "tablekeeper/ui/reich"
)

type automaStep = automa.Step

// pictureSize is the size the story's map pictures are drawn at: wide
// enough for a map's labels on paper, scaled down to a phone's width.
var pictureSize = image.Point{X: 720, Y: 540}

// The maps are drawn by the games' own map widgets, off screen (each
// game's BoardPicture): never a second drawing. They are variables so a
// test can stand a plain picture in for them.
var (
	phantomBoard = uiphantom.BoardPicture
	reichBoard   = uireich.BoardPicture
)

// phantomPicture is the mission's map as the app draws it, on paper's
// light background, with the worked-out turn waiting (if any) drawn on it.
func phantomPicture(st *tp.State) image.Image {
	if phantomBoard == nil || st == nil {
		return nil
	}
	return phantomBoard(st, pictureSize, false)
}
