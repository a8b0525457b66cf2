package phantom_test

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui"
	"tablekeeper/ui/phantom"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// A table is the whole app played by taps alone, as on a tablet: a tap
// on a button, on a picker and then on its choice, on a space of the map.
// Nothing is typed, nothing is tapped secondarily, no key is pressed; the
// taps are counted.
type table struct {
	t *testing.T
	u *ui.App
	w fyne.Window
	// Taps is every tap so far.
	Taps int
}

// roots are what can be tapped: the top dialog (with its buttons) while
// one shows, the window's content otherwise.
func (tb *table) roots() []fyne.CanvasObject {
	if top := tb.w.Canvas().Overlays().Top(); top != nil {
		return []fyne.CanvasObject{top}
	}
	return []fyne.CanvasObject{tb.w.Content()}
}

// visible lists the objects laid out and shown under the roots.
func (tb *table) visible() []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for _, r := range tb.roots() {
		for _, o := range test.LaidOutObjects(r) {
			if o.Visible() {
				out = append(out, o)
			}
		}
	}
	return out
}

// button is the enabled button on the screen whose words start with
// label, or nil.
func (tb *table) button(label string) *widget.Button {
	for _, o := range tb.visible() {
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, label) && !b.Disabled() {
			return b
		}
	}
	return nil
}

// Tap taps the button whose words start with label.
func (tb *table) Tap(label string) {
	tb.t.Helper()
	b := tb.button(label)
	if b == nil {
		tb.t.Fatalf("no button %q on the screen after %d taps:\n%s", label, tb.Taps, uitest.Text(tb.w.Content()))
	}
	tb.Taps++
	test.Tap(b)
}

// TapNth taps the k-th (from 0) of the buttons whose words start with
// label: one on each character's card.
func (tb *table) TapNth(label string, k int) {
	tb.t.Helper()
	for _, o := range tb.visible() {
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, label) && !b.Disabled() {
			if k == 0 {
				tb.Taps++
				test.Tap(b)
				return
			}
			k--
		}
	}
	tb.t.Fatalf("no such button %q on the screen:\n%s", label, uitest.Text(tb.w.Content()))
}

// Choose taps a picker, then the choice in the list it opens.
func (tb *table) Choose(sel *widget.Select, choice string) {
	tb.t.Helper()
	tb.Taps++
	test.Tap(sel)
	for _, o := range test.LaidOutObjects(tb.w.Canvas().Overlays().Top()) {
		v := reflect.ValueOf(o)
		if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
			continue
		}
		item := v.Elem().FieldByName("Item")
		if !item.IsValid() || item.Type() != reflect.TypeOf((*fyne.MenuItem)(nil)) {
			continue
		}
		if mi := item.Interface().(*fyne.MenuItem); mi != nil && mi.Label == choice {
			tb.Taps++
			test.Tap(o.(fyne.Tappable))
			if sel.Selected != choice {
				tb.t.Fatalf("tapping %q left the picker on %q", choice, sel.Selected)
			}
			return
		}
	}
	tb.t.Fatalf("%q is not in the picker's list %v", choice, sel.Options)
}

// TapSpace taps a space of the Play tab's map.
func (tb *table) TapSpace(label string) {
	tb.t.Helper()
	for _, o := range tb.visible() {
		if v, ok := o.(*phantom.MapView); ok {
			pos, ok := v.CentreOf(label)
			if !ok {
				tb.t.Fatalf("no space %s on the map", label)
			}
			tb.Taps++
			test.TapAt(v, pos)
			return
		}
	}
	tb.t.Fatal("no map on the screen")
}

// state is the campaign as recorded in the file.
func (tb *table) state() *tp.State {
	tb.t.Helper()
	list, err := tb.u.DB.List()
	if err != nil || len(list) != 1 {
		tb.t.Fatalf("campaigns: %v %v", list, err)
	}
	s, err := tracker.Open(tb.u.DB, tp.Rules{}, list[0].ID)
	if err != nil {
		tb.t.Fatal(err)
	}
	return s.State().(*tp.State)
}

// approach is the shortest path (at most three steps, over empty spaces)
// from a character to a space from which an adversary is within its
// base range and in sight, and that adversary; no path (nil) when it
// already is; ok false when none is that near.
func approach(s *tp.State, who string) (path []string, target string, ok bool) {
	m := s.Mission
	hm, err := hex.ParseMap(m.Map)
	if err != nil {
		return nil, "", false
	}
	var me *tp.Figure
	taken := map[int]bool{}
	for i := range m.Figures {
		f := m.Figures[i]
		if f.Name == who {
			me = f
		}
		if j, ok := hm.Index(f.Position); ok && !f.Defeated {
			taken[j] = true
		}
	}
	reach := s.Content.Classes[me.Type].BaseRange
	inReach := func(at int) string {
		for _, f := range m.Figures {
			if f.Side == "character" || f.Defeated {
				continue
			}
			j, ok := hm.Index(f.Position)
			if !ok {
				continue
			}
			if d := hm.Range(at, j); d >= 1 && d <= reach && (d == 1 || hm.HasLoS(at, j)) {
				return f.Name
			}
		}
		return ""
	}
	start, _ := hm.Index(me.Position)
	type step struct {
		at   int
		path []string
	}
	seen := map[int]bool{start: true}
	queue := []step{{at: start}}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if t := inReach(cur.at); t != "" {
			return cur.path, t, true
		}
		if len(cur.path) == 3 {
			continue
		}
		for _, n := range hm.Neighbors(cur.at) {
			j := int(n)
			sp := hm.SpaceAt(j)
			if seen[j] || taken[j] || sp.Terrain != "" && sp.Terrain != hex.Normal || sp.HasHazard() || sp.Object != "" && sp.Object != hex.NoObject {
				continue
			}
			seen[j] = true
			queue = append(queue, step{at: j, path: append(append([]string{}, cur.path...), hm.Label(j))})
		}
	}
	return nil, "", false
}

// TestFirstRoundByTapsAlone plays the practice game's first round from
// Home with taps alone — no typed key, no secondary tap, no shortcut:
// the adversary cards and the turn order by Next, each adversary's turn
// worked out and confirmed, each character playing a card, walking a path
// tapped on the map towards an adversary and attacking it through the
// attack form's pickers, then ending the turn; the round ends, and the
// second round's cards are chosen by tapping them.
func TestFirstRoundByTapsAlone(t *testing.T) {
	u := newApp(t)
	tb := &table{t: t, u: u, w: u.Window}
	tb.Tap("Try a practice game")
	tb.Tap(tracker.PhantomEpoch.Title())
	attacks, moves, decisions := 0, 0, 0
	for i := 0; i < 40; i++ {
		s := tb.state()
		m := s.Mission
		if m.Phase == "end" {
			break
		}
		if m.Pending != nil {
			tb.Tap("Confirm " + m.Pending.Adversary + "'s turn")
			decisions++
			continue
		}
		cur := figureNamed(m, m.Current)
		if cur == nil || cur.Side != "character" {
			tb.Tap("Next")
			continue
		}
		// A character's turn: the first selected card played, a path
		// walked, an attack, the turn ended.
		tb.Tap("Play")
		if path, target, ok := approach(s, cur.Name); ok {
			if len(path) > 0 {
				tb.Tap("Move: tap the path on the map")
				for _, l := range path {
					tb.TapSpace(l)
				}
				tb.Tap("Move along the path")
				if got := figureNamed(tb.state().Mission, cur.Name).Position; got != path[len(path)-1] {
					t.Fatalf("%s is on %s after the path %v", cur.Name, got, path)
				}
				moves++
			}
			tb.Tap("Attack…")
			tb.Choose(tb.picker("whom (or what) it attacks"), target)
			roll := tb.picker("the face rolled")
			tb.Choose(roll, roll.Options[0])
			tb.Tap("Attack")
			if d := widgets.TopDialog(tb.w.Canvas()); d != nil {
				t.Fatalf("the attack was not recorded:\n%s", uitest.Text(d.Content()))
			}
			attacks++
		}
		tb.Tap("End " + cur.Name + "'s turn")
	}
	m := tb.state().Mission
	if m.Phase != "end" || m.Round != 1 || decisions != 2 {
		t.Fatalf("after %d taps: round %d, phase %s, %d adversary decisions confirmed", tb.Taps, m.Round, m.Phase, decisions)
	}
	if attacks == 0 {
		t.Logf("no adversary came within a character's reach in this game's draws: no attack made")
	}
	// The second round: Next rolls the Decision die, each character picks
	// two cards by tapping them, Next draws the adversary cards.
	tb.Tap("Next")
	for k, who := range []string{"Ada", "Bram"} {
		tb.TapNth("Choose cards (secret)", k)
		tb.tickCheapest(2)
		tb.Tap("Select")
		if f := figureNamed(tb.state().Mission, who); len(f.Selected) != 2 {
			t.Fatalf("%s selected %v", who, f.Selected)
		}
	}
	tb.Tap("Next")
	if m := tb.state().Mission; m.Round != 2 || m.Phase != "draw" {
		t.Fatalf("after %d taps: round %d, phase %s", tb.Taps, m.Round, m.Phase)
	}
	t.Logf("the practice game's first round by taps alone: %d taps (%d decisions, %d paths walked, %d attacks)", tb.Taps, decisions, moves, attacks)
}

func figureNamed(m *tp.Mission, name string) *tp.Figure {
	for i := range m.Figures {
		if m.Figures[i].Name == name {
			return m.Figures[i]
		}
	}
	return nil
}

// tickCheapest taps the checks of the n cards of fewest AP in the card
// choice on the screen ("Name (3 AP)").
func (tb *table) tickCheapest(n int) {
	tb.t.Helper()
	var checks []*widget.Check
	ap := func(c *widget.Check) int {
		var v int
		if i := strings.LastIndex(c.Text, "("); i >= 0 {
			fmt.Sscanf(c.Text[i:], "(%d AP)", &v)
		}
		return v
	}
	for _, o := range tb.visible() {
		if c, ok := o.(*widget.Check); ok && strings.HasSuffix(c.Text, "AP)") && !c.Checked {
			checks = append(checks, c)
		}
	}
	sort.SliceStable(checks, func(i, j int) bool { return ap(checks[i]) < ap(checks[j]) })
	if len(checks) < n {
		tb.t.Fatalf("%d cards to choose from:\n%s", len(checks), uitest.Text(tb.w.Canvas().Overlays().Top()))
	}
	for _, c := range checks[:n] {
		tb.Taps++
		test.Tap(c)
	}
}

// picker is the picker on the screen showing hint while nothing is
// chosen.
func (tb *table) picker(hint string) *widget.Select {
	tb.t.Helper()
	for _, o := range tb.visible() {
		if s, ok := o.(*widget.Select); ok && s.PlaceHolder == hint && !s.Disabled() {
			return s
		}
	}
	tb.t.Fatalf("no picker %q on the screen:\n%s", hint, uitest.Text(tb.w.Content()))
	return nil
}

// TestNewCampaignToItsFirstForm: from an empty file, a new Phantom Epoch
// campaign with nothing entered takes 4 interactions (New campaign, the
// game, its name typed, Create and open); it opens on its Play tab, whose
// set-up card says what is missing, with "Draw the mission's map…":
// where TestFirstEnemyDecisionFromRealContent begins.
func TestNewCampaignToItsFirstForm(t *testing.T) {
	u := newApp(t)
	tb := &table{t: t, u: u, w: u.Window}
	tb.Tap("New campaign")
	var rg *widget.RadioGroup
	for _, o := range tb.visible() {
		if r, ok := o.(*widget.RadioGroup); ok {
			rg = r
		}
	}
	if rg == nil {
		t.Fatalf("no choice of game:\n%s", uitest.Text(u.Window.Content()))
	}
	tb.Taps++
	rg.SetSelected(tracker.PhantomEpoch.Title())
	typed := false
	for _, o := range tb.visible() {
		if e, ok := uitest.Entry(o); ok && e.Text == "" && strings.Contains(strings.ToLower(e.PlaceHolder), "group") {
			tb.Taps++
			test.Type(e, "Tuesday group")
			typed = true
			break
		}
	}
	if !typed {
		t.Fatalf("no name field:\n%s", uitest.Text(u.Window.Content()))
	}
	tb.Tap("Create and open")
	made := tb.Taps
	if list, err := u.DB.List(); err != nil || len(list) != 1 || list[0].Game != tracker.PhantomEpoch {
		t.Fatalf("no campaign made: %v %v\n%s", list, err, uitest.Text(u.Window.Content()))
	}
	var tabs *container.AppTabs
	for _, o := range tb.visible() {
		if a, ok := o.(*container.AppTabs); ok && tabs == nil {
			tabs = a
		}
	}
	if tabs == nil {
		t.Fatal("the campaign's tabs are not on the screen")
	}
	// The new campaign opens on its Play tab, which sets the first
	// mission up where it will be played: no tab to find first.
	if tabs.Selected().Text != "Play" {
		t.Fatalf("the new campaign opened on %q", tabs.Selected().Text)
	}
	if tb.button("Draw the mission's map") == nil {
		t.Fatalf("the Play tab does not offer to draw the first mission's map:\n%s", uitest.Text(u.Window.Content()))
	}
	t.Logf("a new campaign from Home to its first form: %d interactions", made)
	if made > 4 {
		t.Errorf("%d interactions to make a campaign: at most 4", made)
	}
}
