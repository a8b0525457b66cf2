package phantom

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
)

// practiceHarness is the practice game as Home opens it: round 1 begun,
// the characters' cards chosen, Next step to tap.
func practiceHarness(t *testing.T) *harness {
	t.Helper()
	cmds, err := tp.PracticeCommands()
	if err != nil {
		t.Fatal(err)
	}
	return newHarness(t, cmds)
}

func absY(o fyne.CanvasObject) float32 {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o).Y
}

// TestNextStepStaysPutBetweenTaps: the newcomer taps Next step twice to
// the first adversary decision (the cards drawn with the turn order, then
// the adversary's turn); the words saying what it does
// next change length each time, and the button must stay where the
// finger is (it sat under those words and jumped up and down, and the
// bubble a tap shows under it then covered it).
func TestNextStepStaysPutBetweenTaps(t *testing.T) {
	for _, scale := range []float32{1, 1.85} {
		for _, portrait := range []bool{false, true} {
			h := practiceHarness(t)
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
			room := uitest.TabArea(portrait, scale)
			p := NewPlayScreen(h.ctx)
			h.w.SetContent(p.Object())
			h.w.Resize(room)
			y := absY(p.NextBt)
			lines := map[string]bool{}
			for i := 0; i < 2; i++ {
				if !p.Next() {
					t.Fatalf("step %d: Next step did nothing", i+1)
				}
				p.Object().Refresh()
				lines[p.Step.Text] = true
				if got := absY(p.NextBt); got != y {
					t.Errorf("text %.2f, portrait %v, after tap %d (%q): Next step moved from y %.0f to %.0f", scale, portrait, i+1, p.Step.Text, y, got)
				}
			}
			if len(lines) < 2 {
				t.Fatalf("the step's words did not change: %v", lines)
			}
		}
	}
	fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
}

// inFrame shows Phantom Epoch's three tabs in the campaign frame, in a
// window the size of the screen (the third a scroll must get is a third
// of the screen), on tab k.
func inFrame(h *harness, size fyne.Size, k int) (*Screens, *shell.Chrome) {
	sc := &Screens{}
	c := shell.NewChrome(h.w, "Window check — Phantom Epoch", sc.Play(h.ctx), sc.Campaign(h.ctx), sc.Enemy(h.ctx), widget.NewLabel("Log"))
	h.w.SetContent(c.Root)
	c.Tabs.SelectIndex(k)
	h.w.Resize(size)
	c.Root.Refresh()
	h.w.Resize(size)
	return sc, c
}

// TestPlayLaysOutByTheRoomThereIs: the Play tab lays the map and the
// controls out by the room there is (issue 22 item 1): side by side in
// landscape; in portrait the map above the controls when each can have a
// third of the screen, else one at a time with the header's Map switch
// (the controls first: at the largest text they were a 130 dp strip under
// a pinned map). The die is in the header in every arrangement; the
// controls' scroll is never under a third of the screen.
func TestPlayLaysOutByTheRoomThereIs(t *testing.T) {
	h := fitStates(t)["decision pending"]
	defer fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	for _, c := range []struct {
		scale float32
		size  fyne.Size
		mode  splitMode
	}{
		{1, uitest.Landscape, splitWide}, {1.85, uitest.Landscape, splitWide},
		{1, uitest.Portrait, splitBoth}, {1.85, uitest.Portrait, splitPanel},
	} {
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(c.scale))
		sc, _ := inFrame(h, c.size, 0)
		p := sc.plays[h.ctx]
		name := fmt.Sprintf("%v at text %.2f", c.size, c.scale)
		if got := p.split.Mode(); got != c.mode {
			t.Errorf("%s: laid out as %d, want %d", name, got, c.mode)
		}
		third := c.size.Height / 3
		if hgt := p.controls.Size().Height; !p.controls.Visible() || hgt < third {
			t.Errorf("%s: the controls' scroll is %.0f dp high, under a third of the screen (%.0f)", name, hgt, third)
		}
		if !p.dieCompact.Visible() || !strings.HasPrefix(p.DieLine.Text, "Decision die: ") || !strings.HasSuffix(p.DieLine.Text, "rolled by the app") {
			t.Errorf("%s: the die's line %q (shown %v)", name, p.DieLine.Text, p.dieCompact.Visible())
		}
		if wide := c.mode == splitWide; p.dieBox.Visible() != wide || p.MapBt.Visible() == wide {
			t.Errorf("%s: the big die shown %v, the Map switch shown %v", name, p.dieBox.Visible(), p.MapBt.Visible())
		}
		switch c.mode {
		case splitBoth:
			if hgt := p.scroll.Size().Height; hgt < third {
				t.Errorf("%s: the map has %.0f dp of height", name, hgt)
			}
			test.Tap(p.MapBt) // Hide map
			if p.split.Mode() != splitPanel || p.scroll.Visible() && p.scroll.Size().Height > 0 && p.split.Objects[0].Visible() {
				t.Errorf("%s: Hide map left the map shown", name)
			}
		case splitPanel:
			test.Tap(p.MapBt) // Map
			if p.split.Mode() != splitMap || !p.split.Objects[0].Visible() || p.scroll.Size().Height < c.size.Height/2 {
				t.Errorf("%s: the Map switch did not show the map alone (%d, %v)", name, p.split.Mode(), p.scroll.Size())
			}
			if p.Map.Scale < readableScale()-0.5 {
				t.Errorf("%s: the map is drawn at a hex radius of %.0f dp", name, p.Map.Scale)
			}
			test.Tap(p.MapBt) // Turn
			if p.split.Mode() != splitPanel {
				t.Errorf("%s: the switch did not bring the controls back", name)
			}
		}
	}
}

// TestEnemyMapShowsTheActorAndItsTarget: with a decision shown, the
// Enemy tab's map shows the adversary's space, its end space and its
// primary target together (the crop once hid the target until Whole
// map), in both orientations at both text sizes.
func TestEnemyMapShowsTheActorAndItsTarget(t *testing.T) {
	h := fitStates(t)["decision pending"]
	defer fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	pend := h.state().Mission.Pending
	for _, scale := range []float32{1, 1.85} {
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
		for _, portrait := range []bool{false, true} {
			room := uitest.TabArea(portrait, scale)
			e := NewEnemyScreen(h.ctx)
			h.w.SetContent(e.Object())
			h.w.Resize(room)
			o := e.Map.Overlay()
			if o.Target == "" {
				t.Fatal("the decision names no target on the map")
			}
			view := e.scroll.Size()
			for _, l := range []string{pend.Turn.Start, o.End, o.Target} {
				if l == "" {
					continue
				}
				c, _ := e.Map.CentreOf(l)
				x, y := c.X-e.scroll.Offset.X, c.Y-e.scroll.Offset.Y
				if x < 0 || y < 0 || x > view.Width || y > view.Height {
					t.Errorf("text %.2f, portrait %v: %s is out of the map's view (%.0f,%.0f in %v)", scale, portrait, l, x, y, view)
				}
			}
			if e.Who.Truncation != fyne.TextTruncateOff || e.Who.Wrapping != fyne.TextWrapWord {
				t.Error("the heading is cut, not wrapped")
			}
		}
	}
}

// TestFocusFitsTheDecisionOnABigMap: on a map bigger than its area, the
// decision's spaces far apart are all in view (the map is drawn smaller,
// down to minFocusScale, and centred on them).
func TestFocusFitsTheDecisionOnABigMap(t *testing.T) {
	test.NewTempApp(t)
	var l hex.Layout
	for r := 0; r < 12; r++ {
		for q := 0; q < 14; q++ {
			l.Spaces = append(l.Spaces, hex.Space{Label: string(rune('A'+r)) + "-" + string(rune('a'+q)), Coord: hex.Coord{Q: q - r/2, R: r}})
		}
	}
	v := NewMapView()
	v.SetLayout(l)
	w := test.NewWindow(nil)
	defer w.Close()
	area := fyne.NewSize(700, 500)
	scroll := container.NewScroll(v)
	w.SetContent(scroll)
	w.Resize(area)
	far := []string{"A-a", "F-h", "H-j"}
	v.Focus(far...)
	v.AutoFit(scroll.Size())
	v.FocusOn(scroll, far...)
	for _, lb := range far {
		c, _ := v.CentreOf(lb)
		x, y := c.X-scroll.Offset.X, c.Y-scroll.Offset.Y
		if x < 0 || y < 0 || x > scroll.Size().Width || y > scroll.Size().Height {
			t.Errorf("%s out of view at scale %.0f: (%.0f,%.0f) in %v", lb, v.Scale, x, y, scroll.Size())
		}
	}
	if v.Scale < minFocusScale {
		t.Errorf("scale %.0f below %v", v.Scale, minFocusScale)
	}
}

// TestTokensKeepTheirSpaceLabelAndName: a figure on a space leaves the
// space's label readable above it, and its name is shown whole (smaller
// if need be) on its own plate: "Sludge …" and "Ember S…" were cut, and
// the discs covered, D-1, E-2 and E-4.
func TestTokensKeepTheirSpaceLabelAndName(t *testing.T) {
	test.NewTempApp(t)
	for _, s := range []float32{38, 48, 60} {
		v := NewMapView()
		v.Scale = s
		v.SetLayout(hex.Layout{Spaces: []hex.Space{{Label: "A-2", Coord: hex.Coord{Q: 0, R: 0}}}})
		v.SetMarks([]Mark{{Name: "Sludge Crawler 1", Side: "adversary", Colour: "dark blue", Space: "A-2", HP: 6, Conditions: []string{"Bleeding"}}})
		objs := test.WidgetRenderer(v).Objects()
		var label, name fyne.CanvasObject
		var discs []fyne.CanvasObject
		for _, o := range objs {
			switch x := o.(type) {
			case *canvas.Text:
				switch x.Text {
				case "A-2":
					label = x
				case "Sludge Crawler 1", "SC 1":
					name = x
				}
			case *canvas.Circle:
				discs = append(discs, x)
			}
		}
		if label == nil || name == nil {
			t.Fatalf("scale %.0f: the label or the whole name is not drawn (label %v, name %v)", s, label != nil, name != nil)
		}
		bottom := label.Position().Y + label.Size().Height
		if name.Position().Y < bottom-1 {
			t.Errorf("scale %.0f: the name (y %.0f) covers the label (to %.0f)", s, name.Position().Y, bottom)
		}
		for _, d := range discs {
			if d.Position().Y < bottom-1 {
				t.Errorf("scale %.0f: the disc (y %.0f) covers the label (to %.0f)", s, d.Position().Y, bottom)
			}
		}
	}
	for name, want := range map[string]string{"Grallok Berserker 1": "GB 1", "Sludge Crawler 12": "SC 12", "Mara Voss": "Mara", "Ada": "Ada"} {
		if got, size := fitName(name, 60, 13); got != want || size != 13 {
			t.Errorf("%q on a hex 60 dp wide: %q at %.1f, want %q at the caption size", name, got, size, want)
		}
	}
}

// TestMapLabelsNeverUnderTheCaptionSize: every word on the map (a space's
// label, its tokens, a figure's name, HP and conditions) is drawn at the
// theme's caption size or larger, at Normal and Largest text, on the Play
// and Enemy tabs and in the editor, in both orientations ("Grallok
// Berser…" and the editor's names were 8–10 dp, issue 22 item 9).
func TestMapLabelsNeverUnderTheCaptionSize(t *testing.T) {
	h := fitStates(t)["decision pending"]
	defer fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	for _, scale := range []float32{1, 1.85} {
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
		least := theme.CaptionTextSize()
		for _, portrait := range []bool{false, true} {
			room := uitest.TabArea(portrait, scale)
			p, e := NewPlayScreen(h.ctx), NewEnemyScreen(h.ctx)
			ed := NewEditor(h.w)
			ed.Load("Flooded Relay", p.Map.Layout())
			for name, sc := range map[string]struct {
				obj fyne.CanvasObject
				v   *MapView
			}{"Play": {p.Object(), p.Map}, "Enemy": {e.Object(), e.Map}, "editor": {ed.Object(), ed.View}} {
				h.w.SetContent(sc.obj)
				h.w.Resize(room)
				sc.v.Zoom(0.1) // as far out as the players can
				drawn := 0
				for _, o := range test.WidgetRenderer(sc.v).Objects() {
					if x, ok := o.(*canvas.Text); ok && x.Text != "" {
						drawn++
						if x.TextSize < least-0.01 {
							t.Errorf("%s, text %.2f, portrait %v: %q drawn at %.1f dp, under the caption size %.1f", name, scale, portrait, x.Text, x.TextSize, least)
						}
						if strings.HasSuffix(x.Text, "…") {
							t.Errorf("%s: %q is cut", name, x.Text)
						}
					}
				}
				if drawn < 30 {
					t.Errorf("%s: only %d words drawn on the map", name, drawn)
				}
			}
		}
	}
}

// TestPlacementMarksExplained: the map's ⚑ marks are said in words
// beside the map (they showed as "⚑SC 3-4" unexplained).
func TestPlacementMarksExplained(t *testing.T) {
	l := hex.Layout{Spaces: []hex.Space{
		{Label: "A-2", PlacementIcons: []hex.PlacementIcon{{Adversary: "Sludge Crawler"}}},
		{Label: "B-6", PlacementIcons: []hex.PlacementIcon{{Adversary: "Sludge Crawler", Characters: "3-4"}}},
		{Label: "C-1", PlacementIcons: []hex.PlacementIcon{{Adversary: "Ember Spitter", Characters: "4"}}},
	}}
	k := placementKey(l)
	for _, want := range []string{"⚑ marks where an adversary is placed at setup", "⚑SC on A-2: Sludge Crawler, always", "⚑SC 3-4 on B-6: Sludge Crawler, with 3 to 4 characters", "⚑ES 4 on C-1: Ember Spitter, with 4 characters or more"} {
		if !strings.Contains(k, want) {
			t.Errorf("%q lacks %q", k, want)
		}
	}
	if placementKey(hex.Layout{Spaces: []hex.Space{{Label: "A-1"}}}) != "" {
		t.Error("a key for a map without marks")
	}
	h := fitStates(t)["decision pending"]
	p, e := NewPlayScreen(h.ctx), NewEnemyScreen(h.ctx)
	if !p.Key.Visible() || !strings.Contains(p.Key.Text, "⚑SC 3-4 on B-6") || !strings.Contains(e.legend.Text, "⚑SC 3-4 on B-6") {
		t.Errorf("the practice map's marks are not explained: Play %q, Enemy %q", p.Key.Text, e.legend.Text)
	}
}

// TestWhyHasRoomToBeRead: the Enemy tab's Why (14 steps and more) is laid
// out whole in a panel of its own that is at least a third of the screen
// high, in both orientations at Normal and Largest text (it sat in a
// window of about 200 dp, issue 22 item 6): scrolling the panel reads
// every line, none is squeezed into a box of its own.
func TestWhyHasRoomToBeRead(t *testing.T) {
	h := fitStates(t)["decision pending"]
	defer fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	for _, scale := range []float32{1, 1.85} {
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
		for _, size := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
			sc, _ := inFrame(h, size, 2)
			e := sc.enems[h.ctx]
			name := fmt.Sprintf("%v at text %.2f", size, scale)
			if !e.Details.Visible() || e.Details.Size().Height < size.Height/3 {
				t.Errorf("%s: the Why's panel is %.0f dp high (shown %v), under a third of the screen", name, e.Details.Size().Height, e.Details.Visible())
			}
			whole, total := e.Trace.VisibleLines()
			if total < 14 || whole != total {
				t.Errorf("%s: the Why shows %d of its %d lines laid out (the rest in a box of its own)", name, whole, total)
			}
		}
	}
}
