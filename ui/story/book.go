package story

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"strings"
)

// A book is the story being told: the games' tellers say what happened,
// in the order it happened, and the book puts it under its session and
// its mission and writes it to the page at once, leaving out what the
// options leave out. It keeps only where it stands (the session, the open
// part), never what it wrote.
type book struct {
	pg    page
	o     Options
	sits  []Sitting
	idle  string
	sit   int // index of the current sitting; -1 before the first
	shown struct {
		sit  bool // the current sitting's heading is written
		part bool // the open part's heading is written in this sitting
	}
	part     *openPart
	pictures int // pictures drawn in the open part
	drawn    int // pictures drawn in the whole story
	// ending: the closing pages are being written, after every session.
	ending bool
	err    error
}

type openPart struct {
	key, title, sub string
	continued       bool
}

// maxPictures bounds the pictures of one part: a mission with more moves
// worth a picture tells the rest in words. maxStoryPictures bounds the
// whole story's, so a campaign of a hundred missions is written in the
// time of a few dozen pictures (each takes some tens of milliseconds to
// draw): its later missions are told in words.
const (
	maxPictures      = 6
	maxStoryPictures = 60
)

func newBook(pg page, o Options, sits []Sitting, idle string) *book {
	return &book{pg: pg, o: o, sits: sits, idle: idle, sit: -1}
}

// write runs a page call unless an earlier one failed.
func (b *book) write(fn func() error) {
	if b.err == nil {
		b.err = fn()
	}
}

// at moves the book to the sitting of the event seq: the sittings passed
// over are said to hold nothing that counts, and an open part goes on
// under the new sitting's heading, "continued".
func (b *book) at(seq uint64) {
	i := sittingOf(b.sits, seq)
	for b.sit < i {
		if b.sit >= 0 {
			b.flushSitting()
		}
		b.sit++
		b.shown.sit, b.shown.part = false, false
		if b.part != nil {
			b.part.continued = true
		}
	}
}

// flushSitting writes the heading of a sitting in scope that told nothing:
// everything done in it was undone since, or only the clocks ran.
func (b *book) flushSitting() {
	if b.shown.sit || !b.sittingInScope() || b.o.Part != "" {
		return
	}
	b.headSitting()
	b.write(func() error {
		return b.pg.para("Nothing done in this session is in the story: only the clocks ran, or what was done was undone since.")
	})
}

// toLast moves the book to the last sitting after the last action in
// effect, flushing those passed over: what is still open (a mission in
// play) is told as it stands there.
func (b *book) toLast() {
	if len(b.sits) > 0 {
		b.at(b.sits[len(b.sits)-1].First)
	}
}

func (b *book) sittingInScope() bool {
	return b.o.Sitting == 0 || b.sit+1 == b.o.Sitting
}

func (b *book) inScope() bool {
	if !b.sittingInScope() || b.sit < 0 {
		return false
	}
	if b.o.Part == "" {
		return true
	}
	return b.part != nil && b.part.key != "" && strings.EqualFold(b.part.key, strings.TrimSpace(b.o.Part))
}

func (b *book) headSitting() {
	s := b.sits[b.sit]
	loc := b.o.loc()
	start, end := s.Start.In(loc), s.End.In(loc)
	sub := dateWords(start) + ", " + clockWords(start)
	if end.Sub(start) >= 60e9 {
		if dateWords(end) != dateWords(start) {
			sub += " to " + dateWords(end) + ", " + clockWords(end)
		} else {
			sub += " to " + clockWords(end)
		}
	}
	if s.Played > 0 {
		sub += " · " + playTime(s.Played) + " of play"
	}
	b.write(func() error { return b.pg.sitting(fmt.Sprintf("Session %d", s.N), sub) })
	b.shown.sit = true
	b.shown.part = false
}

// ready writes the headings what comes next goes under, and says whether
// it is told at all.
func (b *book) ready() bool {
	if b.ending {
		return b.err == nil
	}
	if !b.inScope() {
		return false
	}
	if !b.shown.sit {
		b.headSitting()
	}
	if b.part == nil {
		b.part = &openPart{title: b.idle}
		b.pictures = 0
	}
	if !b.shown.part {
		title, sub := b.part.title, b.part.sub
		if b.part.continued {
			// Its first lines were said where it began.
			title, sub = title+" (continued)", ""
		}
		b.write(func() error { return b.pg.part(title, sub) })
		b.shown.part = true
	}
	return b.err == nil
}

// open starts a part (a mission, a scenario, a Round): key is the name
// Parts lists it by, title its heading, sub the line under it.
func (b *book) open(key, title, sub string) {
	b.part = &openPart{key: key, title: title, sub: sub}
	b.shown.part = false
	b.pictures = 0
}

// close ends the open part: what follows goes under the idle heading
// ("Between missions") until the next part opens.
func (b *book) close() {
	b.part = nil
	b.shown.part = false
}

// partKey is the open part's key ("" between parts).
func (b *book) partKey() string {
	if b.part == nil {
		return ""
	}
	return b.part.key
}

func (b *book) say(text string) {
	if text = strings.TrimSpace(text); text != "" && b.ready() {
		b.write(func() error { return b.pg.para(text) })
	}
}

func (b *book) list(lead string, items []string) {
	if len(items) > 0 && b.ready() {
		b.write(func() error { return b.pg.list(lead, items) })
	}
}

func (b *book) table(caption string, head []string, rows [][]string) {
	if len(rows) > 0 && b.ready() {
		b.write(func() error { return b.pg.table(caption, head, rows) })
	}
}

func (b *book) plot(p *Plot) {
	if !p.empty() && b.ready() {
		b.write(func() error { return b.pg.plot(p) })
	}
}

func (b *book) why(lead string, steps []string) {
	if len(steps) > 0 && b.ready() {
		b.write(func() error { return b.pg.why(lead, steps) })
	}
}

// picture draws a picture with draw, only when the page shows pictures
// and the part has not had its share of them.
func (b *book) picture(draw func() image.Image, caption string) {
	if !b.ready() {
		return
	}
	if !b.pg.wantsPictures() {
		b.write(func() error { return b.pg.picture(nil, caption) })
		return
	}
	if b.pictures >= maxPictures || b.drawn >= maxStoryPictures {
		return
	}
	img := b.o.draw(draw)
	if img == nil {
		return
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return
	}
	b.pictures++
	b.drawn++
	b.write(func() error { return b.pg.picture(buf.Bytes(), caption) })
}

// closing starts the closing pages, after every session: the campaign as
// it stands (a sheet, a diary, the tracks of the whole game). They are
// told with the whole story only; false when they are not told.
func (b *book) closing(heading string) bool {
	if b.o.Sitting != 0 || b.o.Part != "" {
		return false
	}
	b.ending = true
	b.write(func() error { return b.pg.sitting(heading, "") })
	return b.err == nil
}

// closingPart opens a part of the closing pages.
func (b *book) closingPart(title string) {
	b.pictures = 0
	b.write(func() error { return b.pg.part(title, "") })
}
