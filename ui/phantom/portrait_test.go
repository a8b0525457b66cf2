package phantom

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"tablekeeper/automa/hex"
	tp "tablekeeper/tracker/phantom"
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

// TestNextStepStaysPutBetweenTaps: the newcomer taps Next step three
// times to the first adversary decision; the words saying what it does
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
			for i := 0; i < 3; i++ {
				if !p.Next() {
					t.Fatalf("step %d: Next step did nothing", i+1)
				}
				p.Object().Refresh()
				lines[p.Step.Text] = true
				if got := absY(p.NextBt); got != y {
					t.Errorf("text %.2f, portrait %v, after tap %d (%q): Next step moved from y %.0f to %.0f", scale, portrait, i+1, p.Step.Text, y, got)
				}
			}
			if len(lines) < 3 {
				t.Fatalf("the step's words did not change: %v", lines)
			}
		}
	}
	fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
}

// TestPortraitGivesTheMapTheRoom: on a portrait tablet at the largest
// text the map (under it the die in one line) is drawn large enough to
// read its labels: it was squeezed into ~440 of 800 dp above a big die.
// In landscape the die stays big beside the map.
func TestPortraitGivesTheMapTheRoom(t *testing.T) {
	h := fitStates(t)["decision pending"]
	fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1.85))
	defer fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	room := uitest.TabArea(true, 1.85)
	p := NewPlayScreen(h.ctx)
	h.w.SetContent(p.Object())
	h.w.Resize(room)
	if !p.dieCompact.Visible() || p.dieBox.Visible() {
		t.Errorf("portrait: the die is not in one line (line shown %v)", p.dieCompact.Visible())
	}
	if !strings.HasPrefix(p.DieLine.Text, "Decision die: ") || !strings.HasSuffix(p.DieLine.Text, "rolled by the app") {
		t.Errorf("die line %q", p.DieLine.Text)
	}
	if p.Map.Scale < 46 {
		t.Errorf("portrait, largest text: the map is drawn at a hex radius of %.0f dp (it was 38, its labels too small to read)", p.Map.Scale)
	}
	if hgt := p.scroll.Size().Height; hgt < room.Height*0.4 {
		t.Errorf("portrait: the map has %.0f of %.0f dp of height", hgt, room.Height)
	}
	e := NewEnemyScreen(h.ctx)
	h.w.SetContent(e.Object())
	h.w.Resize(room)
	if e.Map.Scale < 44 {
		t.Errorf("portrait, Enemy tab: the map is drawn at a hex radius of %.0f dp", e.Map.Scale)
	}
	room = uitest.TabArea(false, 1.85)
	p = NewPlayScreen(h.ctx)
	h.w.SetContent(p.Object())
	h.w.Resize(room)
	if p.dieCompact.Visible() || !p.dieBox.Visible() {
		t.Error("landscape: the big die is not shown beside the map")
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
				case "Sludge Crawler 1":
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
	if got, size := fitName("A name far too long for any hex on the map", 60, 10); !strings.HasSuffix(got, "…") || size != minNameSize {
		t.Errorf("a long name: %q at %.1f", got, size)
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
