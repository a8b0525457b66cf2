package phantom

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
)

// A player taps the screens and counts what it does: every tap, every
// choice in a list and every field typed is one interaction.
type player struct {
	t *testing.T
	n int
}

func (p *player) tap(b *widget.Button) {
	p.t.Helper()
	if b == nil {
		p.t.Fatal("tapping a button that is not there")
	}
	if b.Disabled() {
		p.t.Fatalf("%q is disabled", b.Text)
	}
	p.n++
	test.Tap(b)
}

func (p *player) tapMap(v *MapView, c hex.Coord) {
	p.n++
	test.TapAt(v, v.Centre(c))
}

func (p *player) typeIn(e interface{ SetText(string) }, s string) {
	p.n++
	e.SetText(s)
}

func (p *player) pick(s *widget.Select, v string) {
	p.t.Helper()
	if !containsStr(s.Options, v) {
		p.t.Fatalf("%q is not among %v", v, s.Options)
	}
	p.n++
	s.SetSelected(v)
}

func (p *player) tick(c *widget.Check) {
	p.n++
	test.Tap(c)
}

// TestFirstEnemyDecisionFromRealContent: from a campaign with nothing
// entered, a group enters the minimum real content for a one-adversary
// mission by tapping through the forms and the map editor (a 20-space
// map, one adversary type with one species card and one class card, two
// character classes and a species), sets the mission up, plays round 1's
// start and sees the adversary's first decision, counting interactions.
func TestFirstEnemyDecisionFromRealContent(t *testing.T) {
	h := newHarness(t, nil)
	p := &player{t: t}
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	p.n++ // the Campaign tab; its Missions tab opens first
	en := c.Entry
	setup := c.Setup

	// The mission, from the setup form's "nothing entered" line.
	p.tap(button(c.Object(), "Enter a mission…"))
	mf := en.Shown.(*MissionForm)
	p.typeIn(mf.Name, "Berkav-1")
	p.tap(button(h.w.Canvas().Overlays().Top(), "Draw a new map…"))
	ed := c.MapDialog
	if ed == nil || ed.ID.Text != "Berkav-1" {
		t.Fatal("the map editor did not open with the mission's name")
	}
	p.tap(ed.BlockButton) // 5 × 4 = 20 spaces
	p.pick(ed.ToolPicker, ToolEntry)
	p.tapMap(ed.View, hex.Coord{Q: -1, R: 3})
	p.tapMap(ed.View, hex.Coord{Q: 0, R: 3})
	p.pick(ed.ToolPicker, ToolAdversary)
	p.typeIn(ed.PlaceAdversary, "Vex Brute")
	p.tapMap(ed.View, hex.Coord{Q: 2, R: 0})
	p.pick(ed.ToolPicker, ToolWalls)
	a, b := ed.View.Centre(hex.Coord{Q: 1, R: 1}), ed.View.Centre(hex.Coord{Q: 2, R: 1})
	p.n++
	test.TapAt(ed.View, fyne.NewPos((a.X*3+b.X*2)/5, a.Y))
	p.tap(ed.SaveButton)
	if ed.Err != nil || c.MapDialog != nil {
		t.Fatalf("the map was not saved: %v %q", ed.Err, ed.Status.Text)
	}
	if mf.Map.Selected != "Berkav-1" {
		t.Fatalf("the mission form did not come back with the map: %q", mf.Map.Selected)
	}
	p.tap(en.SaveButton)
	if setup.Mission.Selected != "Berkav-1" {
		t.Fatalf("the setup did not choose the new mission: %q %v", setup.Mission.Selected, h.errs)
	}

	// What the mission needs: each from its line on the setup form.
	needs := func() []string {
		var out []string
		for _, o := range test.LaidOutObjects(setup.Needs) {
			if l, ok := o.(*widget.Label); ok && l.Text != "" {
				out = append(out, l.Text)
			}
		}
		return out
	}
	enterNeed := func(word string) {
		t.Helper()
		for _, row := range setup.Needs.Objects {
			if strings.Contains(uitest_text(row), word) {
				p.tap(button(row, "Enter it…"))
				return
			}
		}
		t.Fatalf("no need about %q: %v", word, needs())
	}
	enterNeed("description card")
	af := en.Shown.(*AdversaryForm)
	if af.Name.Text != "Vex Brute" {
		t.Fatalf("the description card is not prefilled: %q", af.Name.Text)
	}
	p.typeIn(af.Species, "Vex")
	p.typeIn(af.Class, "Brute")
	p.tap(en.SaveButton)
	enterNeed("species card")
	p.tap(en.SaveButton) // Move 2, as it starts
	enterNeed("class card")
	p.tap(en.SaveButton) // an Attack on each row, AP 1 to 4
	if n := needs(); len(n) != 0 {
		t.Fatalf("still needed: %v", n)
	}

	// Two characters, each with the class board it needs.
	for i, who := range []struct{ name, class string }{{"Ana", "Warrior"}, {"Bo", "Healer"}} {
		p.tap(button(setup.Party, "Create a character…"))
		cf := en.Character
		p.typeIn(cf.Name, who.name)
		p.pick(cf.Class, who.class)
		p.tap(cf.EnterClass)
		p.tap(en.SaveButton) // the board with its ten starting cards
		if i == 0 {
			p.tap(cf.EnterSpecies)
			p.typeIn(en.Shown.(*SpeciesForm).Name, "Human")
			p.tap(en.SaveButton)
		}
		if cf.Class.Selected != who.class || cf.Species.Selected != "Human" || cf.Colour.Selected == "" {
			t.Fatalf("the character form did not come back filled in: %q %q %q", cf.Class.Selected, cf.Species.Selected, cf.Colour.Selected)
		}
		p.tap(cf.Create)
	}
	if setup.StartBt.Disabled() {
		t.Fatalf("Start is disabled: %q", setup.Why.Text)
	}
	entered := p.n
	p.tap(setup.StartBt)
	if h.state().Mission == nil {
		t.Fatalf("the mission did not start: %v", h.errs)
	}

	// The Play tab: the face rolled at the table, the cards, Next.
	play := NewPlayScreen(h.ctx)
	h.w.SetContent(play.Object())
	p.n++ // the Play tab
	p.pick(play.faceCol, "dark blue")
	p.pick(play.facePri, "N")
	p.pick(play.faceSec, "E")
	p.tap(button(play.Object(), "Begin the round with this face"))
	for _, who := range []string{"Ana", "Bo"} {
		card := find(play.Figures, func(c *widget.Card) bool { return c.Title == who })
		p.tap(button(card, "Choose cards (secret)…"))
		dlg := h.w.Canvas().Overlays().Top()
		checks := 0
		for _, o := range test.LaidOutObjects(dlg) {
			if ch, ok := o.(*widget.Check); ok && checks < 2 {
				p.tick(ch)
				checks++
			}
		}
		p.tap(button(dlg, "Select"))
	}
	for i := 0; i < 3 && play.Decision == nil; i++ {
		p.tap(play.NextBt)
	}
	if play.Decision == nil || !strings.Contains(uitest_text(play.Decision), "Primary target") {
		t.Fatalf("no enemy decision on the Play tab: %q, %v", play.Step.Text, h.errs)
	}
	t.Logf("real content to the first enemy decision: %d interactions (%d to enter the content, from the Campaign tab; %d to set up and play to the decision)", p.n, entered, p.n-entered)
	if p.n >= 80 {
		t.Errorf("%d interactions: the goal is under 80", p.n)
	}
}

// uitest_text is the words under o, for finding rows.
func uitest_text(o fyne.CanvasObject) string {
	var b strings.Builder
	for _, x := range test.LaidOutObjects(o) {
		switch w := x.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
		case *widget.Check:
			b.WriteString(w.Text + "\n")
		}
	}
	return b.String()
}
