package widgets

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// clockTexts is what the face's texts hold, left to right, and where each
// stands (the caption left out).
func clockTexts(c *ClockFace) (texts []string, xs []float32) {
	for _, o := range test.WidgetRenderer(c).Objects() {
		if t, ok := o.(*canvas.Text); ok && t != c.caption {
			texts = append(texts, t.Text)
			xs = append(xs, t.Position().X)
		}
	}
	return texts, xs
}

// TestClockDrawsTheSameStringsEverySecond: a running clock shows a new
// time every second, but the strings Fyne shapes and draws are the
// same few, second after second (a new string is shaped and drawn anew,
// and its picture kept for a minute): an hour of play and a ten-minute
// countdown draw no more than the ten digits and the colon, plus the
// letters of "left"; "time up" is drawn in the error colour. The digits never move as they change, and the
// characters stand in the order of the time, one after the other.
func TestClockDrawsTheSameStringsEverySecond(t *testing.T) {
	test.NewTempApp(t)
	c := NewClockFace("Play", nil)
	w := test.NewTempWindow(t, c)
	w.Resize(c.MinSize().AddWidthHeight(40, 40))
	seen := map[string]bool{}
	var firstXs []float32
	for s := 0; s < 3600; s++ {
		shown := fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
		c.SetTime(shown, false)
		texts, xs := clockTexts(c)
		joined := ""
		for i, tx := range texts {
			if len([]rune(tx)) > 1 {
				t.Fatalf("%q: one text holds %q", shown, tx)
			}
			seen[tx] = true
			joined += tx
			if i > 0 && tx != "" && xs[i] <= xs[i-1] {
				t.Fatalf("%q: %q stands at %v, left of the character before it (%v)", shown, tx, xs[i], xs[i-1])
			}
		}
		if joined != shown || c.Time() != shown {
			t.Fatalf("shown %q, the face holds %q (Time %q)", shown, joined, c.Time())
		}
		if firstXs == nil {
			firstXs = xs
		} else if fmt.Sprint(xs) != fmt.Sprint(firstXs) {
			t.Fatalf("%q: the characters moved: %v, at 0:00:00 %v", shown, xs, firstXs)
		}
	}
	for s := 600; s > 0; s-- {
		c.SetTime(fmt.Sprintf("%d:%02d left", s/60, s%60), false)
		texts, _ := clockTexts(c)
		for _, tx := range texts {
			seen[tx] = true
		}
	}
	want := map[string]bool{"": true, ":": true, " ": true, "l": true, "e": true, "f": true, "t": true}
	for d := '0'; d <= '9'; d++ {
		want[string(d)] = true
	}
	for tx := range seen {
		if !want[tx] {
			t.Errorf("the clock drew %q", tx)
		}
	}
	c.SetTime("time up", true)
	if texts, _ := clockTexts(c); fmt.Sprint(texts) != fmt.Sprint([]string{"t", "i", "m", "e", " ", "u", "p", "", "", ""}) {
		t.Errorf("time up shows %q", texts)
	}
	for _, o := range test.WidgetRenderer(c).Objects() {
		if tx, ok := o.(*canvas.Text); ok && tx != c.caption && tx.Color != theme.Color(theme.ColorNameError) {
			t.Errorf("time up is not in the error colour: %q", tx.Text)
		}
	}
}
