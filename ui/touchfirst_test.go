package ui

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// Touch first (issue 17): everything can be done with a finger. A tablet
// has no right button, no hover, no keyboard shortcut and often no
// keyboard; a long press there is a secondary tap. These tests walk every
// screen of the frame and of every game (each tab, and each dialog a
// button on it opens) and fail where:
//
//   - something of ours answers a secondary tap, a double tap, hover or a
//     mouse button but not a tap or a touch (an action a finger cannot
//     reach);
//   - a secondary tap (a long press on a phone) records anything: only
//     the hold-to-confirm button may act on a long press;
//   - a shortcut (Space or Right for the next step, R to resolve, Undo,
//     Redo) does something that no button on the same screen does.
//
// Fyne's own widgets are left out of the first two: their secondary
// actions (an entry's copy and paste menu) are extras beside the tap.

// fingerProblems lists the objects under o (where names the screen) that
// offer something only to a mouse, a keyboard or a secondary tap.
func fingerProblems(o fyne.CanvasObject, where string) []string {
	var out []string
	walk(o, func(x fyne.CanvasObject) {
		t := reflect.TypeOf(x)
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if strings.HasPrefix(t.PkgPath(), "fyne.io/") {
			return
		}
		_, tap := x.(fyne.Tappable)
		_, touch := x.(mobile.Touchable)
		_, drag := x.(fyne.Draggable)
		finger := tap || touch || drag
		var only []string
		if _, ok := x.(fyne.SecondaryTappable); ok && !tap {
			only = append(only, "a secondary tap")
		}
		if _, ok := x.(fyne.DoubleTappable); ok && !tap {
			only = append(only, "a double tap")
		}
		if _, ok := x.(desktop.Hoverable); ok && !finger {
			only = append(only, "hovering")
		}
		if _, ok := x.(desktop.Mouseable); ok && !finger {
			only = append(only, "a mouse button")
		}
		if _, ok := x.(fyne.Shortcutable); ok && !finger {
			only = append(only, "a keyboard shortcut")
		}
		if len(only) > 0 {
			out = append(out, where+": "+t.String()+" acts only on "+strings.Join(only, ", "))
		}
	})
	return out
}

// plainEntryProblems lists Fyne's own text entries under o. A focused
// widget.Entry (or SelectEntry) takes every key and drops the device's
// Back: on a phone the first Back only hides the keyboard and the entry
// keeps the focus, so Back would never close the dialog or leave the
// screen. Every entry of ours is a widgets.TextEntry, SuggestEntry or
// CheckedEntry, which let Escape and Back through (widgets.PassBack).
func plainEntryProblems(o fyne.CanvasObject, where string) []string {
	var out []string
	walk(o, func(x fyne.CanvasObject) {
		switch e := x.(type) {
		case *widget.Entry:
			if e.PlaceHolder == lang.L("Enter filename") {
				// Fyne's own file dialog (Save as…): on a phone or tablet
				// the system's file picker takes its place.
				return
			}
			out = append(out, where+": a plain widget.Entry (“"+e.PlaceHolder+"”) keeps the device's Back; use widgets.NewTextEntry")
		case *widget.SelectEntry:
			out = append(out, where+": a plain widget.SelectEntry (“"+e.PlaceHolder+"”) keeps the device's Back; use widgets.NewSuggestEntry")
		}
	})
	return out
}

// longPressProblems gives every secondary-tappable object of ours under o
// a secondary tap (what a long press is on a phone) and reports those that
// recorded something: an action must never hang on a long press, except
// the hold-to-confirm button's.
func longPressProblems(u *App, o fyne.CanvasObject, where string) []string {
	var out []string
	var targets []fyne.SecondaryTappable
	walk(o, func(x fyne.CanvasObject) {
		t := reflect.TypeOf(x)
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if strings.HasPrefix(t.PkgPath(), "fyne.io/") {
			return
		}
		if _, hold := x.(*widgets.HoldButton); hold {
			return
		}
		if st, ok := x.(fyne.SecondaryTappable); ok {
			targets = append(targets, st)
		}
	})
	for _, st := range targets {
		var before uint64
		if u.camp != nil {
			before = u.camp.s.LastSeq()
		}
		st.TappedSecondary(&fyne.PointEvent{})
		if u.camp != nil && u.camp.s.LastSeq() != before {
			out = append(out, where+": a long press on "+reflect.TypeOf(st).String()+" recorded "+strings.Join(newKinds(u.camp, before), ", "))
		}
		closeDialogs(u)
	}
	return out
}

// newKinds are the kinds of the events recorded after seq before.
func newKinds(cs *campaignScreen, before uint64) []string {
	var kinds []string
	cs.s.Events(before+1, func(e tracker.Event) error {
		kinds = append(kinds, e.Kind)
		return nil
	})
	return kinds
}

// effect says what a tap or a shortcut did: the events it recorded, else
// the dialog it opened, else what it said next to the control, else the
// tab it showed.
func effect(u *App, cs *campaignScreen, before uint64, tab shell.Tab) string {
	if kinds := newKinds(cs, before); len(kinds) > 0 {
		return "records " + strings.Join(kinds, " ")
	}
	if d := widgets.TopDialog(u.Window.Canvas()); d != nil {
		return "asks “" + d.Title + "”"
	}
	if top := u.Window.Canvas().Overlays().Top(); top != nil {
		return "opens a pop-up"
	}
	if text, _ := widgets.ShowingFeedback(u.Window.Canvas()); text != "" {
		return "says “" + text + "”"
	}
	if cs.currentTab() != tab {
		return "shows the " + cs.currentTab().String() + " tab"
	}
	return ""
}

// tabContent is what the game shows on a tab (the frame's header aside).
func tabContent(cs *campaignScreen, tab shell.Tab) fyne.CanvasObject {
	for i, t := range cs.tabIDs {
		if t == tab {
			return cs.chrome.Tabs.Items[i].Content
		}
	}
	return nil
}

// tapTargets are the buttons a finger can tap on o now: visible and
// enabled, the hold-to-confirm buttons aside (a tap only explains them).
func tapTargets(o fyne.CanvasObject) []*widget.Button {
	var out []*widget.Button
	walk(o, func(x fyne.CanvasObject) {
		if b, ok := x.(*widget.Button); ok && !b.Disabled() && b.OnTapped != nil {
			out = append(out, b)
		}
	})
	return out
}

// gameStates are the campaigns each game's screens are walked in: a new
// campaign, and the real-window check's fixture (a mission set up, an
// enemy decision pending, a long log) where there is one.
func gameStates(t *testing.T, u *App, g tracker.GameID) map[string]string {
	t.Helper()
	states := map[string]string{}
	c, err := u.DB.NewCampaign(g, "New "+g.Title(), 11)
	if err != nil {
		t.Fatal(err)
	}
	states["a new campaign"] = c.ID
	if data, err := os.ReadFile(filepath.Join("testdata", "fit", string(g)+".json")); err == nil {
		c, err := u.DB.Import(data, true)
		if err != nil {
			t.Fatalf("the fixture of %s: %v", g, err)
		}
		states["the fixture (mission set up, decision pending)"] = c.ID
	}
	return states
}

// TestEveryActionIsWithinAFingersReach walks every game's tabs, and every
// dialog a button there opens, in a new campaign and in its fixture; and
// checks that each shortcut the game answers does what a button on the
// same tab does.
func TestEveryActionIsWithinAFingersReach(t *testing.T) {
	if testing.Short() {
		t.Skip("taps every button of every game in a copy of its campaign")
	}
	u := New(test.NewTempApp(t), Options{DBPath: filepath.Join(t.TempDir(), "t.db"), Registry: games.Registry()})
	defer u.Shutdown()
	u.DB.BackupEvery = 0
	// leave closes the copy without ending a session (no backup: each
	// would replay every copy in the file).
	leave := func() {
		closeDialogs(u)
		if cs := u.camp; cs != nil {
			u.camp = nil
			close(cs.stop)
			cs.ctx.Close()
		}
	}
	// fresh opens a copy of the campaign id on tab, so every tap starts
	// from the same state.
	fresh := func(id string, tab shell.Tab) *campaignScreen {
		c, err := u.DB.Duplicate(id, "Copy")
		if err != nil {
			t.Fatal(err)
		}
		leave()
		u.openCampaign(c.ID)
		if u.camp == nil {
			t.Fatalf("not opened:\n%s", screenText(u))
		}
		u.camp.selectTab(strings.ToLower(tab.String()))
		return u.camp
	}
	for _, g := range tracker.KnownGames {
		t.Run(string(g), func(t *testing.T) {
			tapped := 0
			defer func() { t.Logf("%s: %d buttons tapped", g.Title(), tapped) }()
			for state, id := range gameStates(t, u, g) {
				cs := fresh(id, shell.TabPlay)
				// revert takes back what a tap recorded (one undo to the
				// depth before it), so the next tap starts from the same
				// campaign without opening a new copy.
				revert := func(depth int, tab shell.Tab) {
					closeDialogs(u)
					for _, l := range find[*widgets.FeedbackLayer](u) {
						l.Dismiss() // an answer left showing is not the next tap's
					}
					if u.camp != cs {
						cs = fresh(id, tab)
						return
					}
					if cs.s.Depth() != depth {
						if _, err := cs.s.UndoTo(depth); err != nil {
							t.Fatalf("cannot take a tap back: %v", err)
						}
						cs.ctx.Changed(tracker.Event{})
					}
					cs.selectTab(strings.ToLower(tab.String()))
				}
				// What each button does, on every tab, from the same state.
				does := map[string][]string{}
				for _, tab := range []shell.Tab{shell.TabPlay, shell.TabCampaign, shell.TabEnemy} {
					where := g.Title() + ", " + state + ", " + tab.String()
					cs.selectTab(strings.ToLower(tab.String()))
					content := tabContent(cs, tab)
					for _, p := range fingerProblems(content, where) {
						t.Error(p)
					}
					for _, p := range append(plainEntryProblems(content, where), keyHintProblems(content, where)...) {
						t.Error(p)
					}
					depth := cs.s.Depth()
					for _, p := range longPressProblems(u, content, where) {
						t.Error(p)
					}
					revert(depth, tab)
					for i := 0; ; i++ {
						bs := tapTargets(tabContent(cs, tab))
						if i >= len(bs) {
							break
						}
						b, label := bs[i], bs[i].Text
						tapped++
						depth, before := cs.s.Depth(), cs.s.LastSeq()
						test.Tap(b)
						if u.camp == cs {
							if e := effect(u, cs, before, tab); e != "" {
								does[e] = append(does[e], tab.String()+" “"+label+"”")
							}
							for _, o := range u.Window.Canvas().Overlays().List() {
								after := where + ", after “" + label + "”"
								for _, p := range fingerProblems(o, after) {
									t.Error(p)
								}
								for _, p := range append(plainEntryProblems(o, after), keyHintProblems(o, after)...) {
									t.Error(p)
								}
							}
						}
						revert(depth, tab)
					}
				}

				// Each shortcut the game answers does what a button does.
				for _, tab := range []shell.Tab{shell.TabPlay, shell.TabEnemy} {
					where := g.Title() + ", " + state + ", " + tab.String()
					for _, a := range []shell.Action{shell.Next, shell.Resolve} {
						cs.selectTab(strings.ToLower(tab.String()))
						depth, before := cs.s.Depth(), cs.s.LastSeq()
						handled := cs.game.Act(cs.ctx, tab, a)
						e := ""
						if u.camp == cs {
							e = effect(u, cs, before, tab)
						}
						revert(depth, tab)
						if !handled || e == "" {
							continue
						}
						if len(does[e]) > 0 {
							t.Logf("%s: the shortcut %s %s, as %s does", where, a, e, does[e][0])
						}
						if len(does[e]) == 0 {
							var seen []string
							for k, v := range does {
								seen = append(seen, strings.Join(v, ", ")+": "+k)
							}
							sort.Strings(seen)
							t.Errorf("%s: the shortcut %s %s, which no button does (the buttons: %s)", where, a, e, strings.Join(seen, "; "))
						}
					}
				}
				leave()
			}
		})
	}
}

// TestFrameIsWithinAFingersReach walks every screen and dialog of the frame
// itself, and checks the frame's own shortcuts have their buttons: Undo
// (Backspace, Ctrl+Z) and Redo (Ctrl+Y) in the campaign's header.
func TestFrameIsWithinAFingersReach(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	u.DB.Backup()
	id := func(*App) string { return c.ID }
	for _, s := range frameScreens(id) {
		closeDialogs(u)
		s.show(u)
		for _, r := range roots(u) {
			for _, p := range fingerProblems(r, s.name) {
				t.Error(p)
			}
			for _, p := range append(plainEntryProblems(r, s.name), keyHintProblems(r, s.name)...) {
				t.Error(p)
			}
			for _, p := range longPressProblems(u, r, s.name) {
				t.Error(p)
			}
		}
	}
	closeDialogs(u)
	u.openCampaign(c.ID)
	cs := u.camp
	cs.ctx.Do(setLife{To: 5})
	for _, k := range []fyne.KeyName{fyne.KeyBackspace} {
		before := cs.s.LastSeq()
		u.Window.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: k})
		if cs.s.LastSeq() == before {
			t.Fatalf("%s did nothing", k)
		}
	}
	for _, b := range []*widget.Button{cs.chrome.Undo, cs.chrome.Redo} {
		if !b.Visible() || b.OnTapped == nil {
			t.Errorf("the header has no %q button for its shortcut", b.Text)
		}
	}
	before := cs.s.LastSeq()
	test.Tap(cs.chrome.Redo)
	if kinds := newKinds(cs, before); len(kinds) != 1 {
		t.Fatalf("the Redo button recorded %v", kinds)
	}
}
