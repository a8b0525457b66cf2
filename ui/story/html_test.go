package story

import (
	"bytes"
	"encoding/base64"
	"image"
	_ "image/png"
	"regexp"
	"strings"
	"testing"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
)

// attr is an attribute that names something to fetch, and url a CSS url().
var (
	attr   = regexp.MustCompile(`(?i)\b(src|href|xlink:href|action|poster|srcset|data)\s*=\s*"([^"]*)"`)
	cssURL = regexp.MustCompile(`(?i)url\(\s*['"]?([^'")]*)`)
	imgTag = regexp.MustCompile(`<img\b[^>]*>`)
)

// outside says whether a reference leaves the file: anything but a data:
// address or a link within the page.
func outside(ref string) bool {
	r := strings.ToLower(strings.TrimSpace(ref))
	return !strings.HasPrefix(r, "data:") && !strings.HasPrefix(r, "#")
}

// TestHTMLIsOneFileWithNothingOutside: each game's HTML story is one file:
// no src, href or CSS url() reaches outside it (http:, https:, file:, //,
// a relative path), no script, every picture is a data: address whose PNG
// decodes, and the page is whole (its document closes).
func TestHTMLIsOneFileWithNothingOutside(t *testing.T) {
	for _, g := range goldenCampaigns {
		t.Run(string(g.game), func(t *testing.T) {
			tb := g.build(t)
			var b bytes.Buffer
			if err := HTML(&b, tb.s, storyOptions()); err != nil {
				t.Fatal(err)
			}
			page := b.String()
			checkOneFile(t, page)
			pics := decodePictures(t, page)
			if wantPictures(g.game) && pics == 0 {
				t.Errorf("the %s story has no picture of the map", g.game)
			}
			if !strings.Contains(page, "<svg") {
				t.Errorf("the %s story has no chart", g.game)
			}
			t.Logf("%s: %d KB, %d pictures", g.game, len(page)>>10, pics)
		})
	}
}

// checkOneFile fails for anything in page that reaches outside it.
func checkOneFile(t *testing.T, page string) {
	t.Helper()
	for _, m := range attr.FindAllStringSubmatch(page, -1) {
		if outside(m[2]) {
			t.Errorf("%s=%q reaches outside the file", m[1], m[2])
		}
	}
	for _, m := range cssURL.FindAllStringSubmatch(page, -1) {
		if outside(m[1]) {
			t.Errorf("url(%s) reaches outside the file", m[1])
		}
	}
	for _, bad := range []string{"<script", "<link", "<iframe", "<object", "<embed", "@import", "http://", "https://", "file:"} {
		if strings.Contains(strings.ToLower(page), bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	if !strings.HasPrefix(page, "<!DOCTYPE html>") || !strings.HasSuffix(page, "</html>\n") {
		t.Error("the page is not a whole HTML document")
	}
}

// decodePictures decodes every picture of page, failing for one that is
// not a PNG data: address that decodes, and returns how many there are.
func decodePictures(t *testing.T, page string) int {
	t.Helper()
	n := 0
	for _, tag := range imgTag.FindAllString(page, -1) {
		m := regexp.MustCompile(`src="data:image/png;base64,([^"]*)"`).FindStringSubmatch(tag)
		if m == nil {
			t.Errorf("a picture that is not an embedded PNG: %.120s", tag)
			continue
		}
		data, err := base64.StdEncoding.DecodeString(m[1])
		if err != nil {
			t.Errorf("a picture's base64 does not decode: %v", err)
			continue
		}
		img, format, err := image.Decode(bytes.NewReader(data))
		if err != nil || format != "png" {
			t.Errorf("a picture does not decode as PNG: %v (%s)", err, format)
			continue
		}
		if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
			t.Errorf("a picture of %v", b)
		}
		n++
	}
	return n
}

// wantPictures says whether a game's story draws maps in this build.
func wantPictures(g tracker.GameID) bool {
	switch g {
	case tracker.PhantomEpoch:
		return phantomBoard != nil
	case tracker.Reichbusters:
		return reichBoard != nil
	}
	return false
}

// TestPicturesAreEmbeddedAndDecode: a map picture drawn for the story is
// in the page as a PNG data: address that decodes to the picture drawn,
// at most maxPictures of them to a mission. The boards are stood in for
// by a plain picture here, so the embedding is proved whatever draws them.
func TestPicturesAreEmbeddedAndDecode(t *testing.T) {
	saved := phantomBoard
	defer func() { phantomBoard = saved }()
	drawn := 0
	phantomBoard = func(st *tp.State, size image.Point, dark bool) image.Image {
		drawn++
		img := image.NewNRGBA(image.Rectangle{Max: size})
		for i := range img.Pix {
			img.Pix[i] = byte(i * 7)
		}
		return img
	}
	tb := phantomCampaign(t)
	var b bytes.Buffer
	if err := HTML(&b, tb.s, storyOptions()); err != nil {
		t.Fatal(err)
	}
	checkOneFile(t, b.String())
	if n := decodePictures(t, b.String()); n == 0 || n != drawn {
		t.Fatalf("%d pictures drawn, %d in the page", drawn, n)
	}
	// The Markdown says where each picture is instead.
	drawn = 0
	var md bytes.Buffer
	if err := Markdown(&md, tb.s, storyOptions()); err != nil {
		t.Fatal(err)
	}
	if drawn != 0 || !strings.Contains(md.String(), "(in the HTML story)") {
		t.Fatalf("the Markdown drew %d pictures, or does not say where they are", drawn)
	}
}
