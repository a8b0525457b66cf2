package alone

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// situations are the games whose screens the fit and words tests look
// at: each mode set up; a solo game with the Evil side's decision on
// screen and a Creature beside the Hero; an assist game in the middle of
// a Turn with a Reaction played and a Creature on the Map; a solo game
// over (the reveal); and a campaign not set up yet (the setup form).
func situations(t *testing.T) map[string]func() (*shell.Context, fyne.Window) {
	return map[string]func() (*shell.Context, fyne.Window){
		"not set up":  func() (*shell.Context, fyne.Window) { return game(t, "", nil) },
		"bookkeeping": func() (*shell.Context, fyne.Window) { return game(t, "bookkeeping", nil) },
		"solo decision": func() (*shell.Context, fyne.Window) {
			ctx, w := game(t, "solo", nil)
			ctx.Do(ta.PlaceCreature{Type: alone.Spore, Sector: "1A1"})
			ctx.Do(ta.StartTurn{})
			ctx.Do(ta.ExploreDir{Dir: alone.East})
			ctx.Do(ta.EvilTurn{})
			for i := 0; i < 40; i++ {
				ctx.Do(ta.NoteNoise{Say: "x"}) // refused in solo; a long log of tries changes nothing
				ctx.Do(ta.DealDamage{Kind: alone.SCDamage, N: 1, Source: "a long log"})
				ctx.Do(ta.RecoverHealth{Kind: alone.SCDamage, N: 1})
			}
			return ctx, w
		},
		"assist turn": func() (*shell.Context, fyne.Window) {
			ctx, w := game(t, "assist", nil)
			ctx.Do(ta.PlaceCreature{Type: alone.Worm, Sector: "2C2"})
			ctx.Do(ta.StartTurn{})
			ctx.Do(ta.Declare{Action: ta.Explore})
			ctx.Do(ta.ExploreDir{Dir: alone.East})
			ctx.Do(ta.PlayReaction{ReactionPlay: ta.ReactionPlay{Player: 0, Move: &ta.MoveSpec{Creature: "worm-1"}}})
			return ctx, w
		},
		"solo over": func() (*shell.Context, fyne.Window) {
			ctx, w := game(t, "solo", nil)
			ctx.Do(ta.StartTurn{})
			ctx.Do(ta.MoveHero{Dir: alone.East})
			ctx.Do(ta.EvilTurn{})
			ctx.Do(ta.EndTurn{})
			ctx.Do(ta.Correct{Field: "life", Value: 0})
			ctx.Do(ta.Correct{Field: "sc", Value: 0})
			return ctx, w
		},
	}
}

// tabs builds a campaign's three tabs.
func tabs(ctx *shell.Context) map[string]fyne.CanvasObject {
	g := &Screens{}
	return map[string]fyne.CanvasObject{"Play": g.Play(ctx), "Campaign": g.Campaign(ctx), "Enemy": g.Enemy(ctx)}
}

// TestTabsFitTheFrame: every tab of every situation has a least size
// within the room the frame leaves it, in width and in height, in a
// landscape and a portrait tablet at Normal and Largest text: the window
// never grows past its screen.
func TestTabsFitTheFrame(t *testing.T) {
	test.NewTempApp(t)
	rooms := map[[2]float32]fyne.Size{}
	for _, scale := range []float32{1, 1.85} {
		for _, portrait := range []bool{false, true} {
			rooms[key(portrait, scale)] = uitest.TabArea(portrait, scale)
		}
	}
	for name, mk := range situations(t) {
		ctx, w := mk()
		for _, scale := range []float32{1, 1.85} {
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
			for tab, obj := range tabs(ctx) {
				show(w, obj)
				for _, portrait := range []bool{false, true} {
					room := rooms[key(portrait, scale)]
					w.Resize(room)
					for _, o := range uitest.TooBig(obj, room) {
						t.Errorf("%s, %s, portrait %v, text ×%v: %s", name, tab, portrait, scale, o)
					}
				}
			}
		}
	}
}

func key(portrait bool, scale float32) [2]float32 {
	if portrait {
		return [2]float32{1, scale}
	}
	return [2]float32{0, scale}
}

// dialogs opens each of Alone's dialogs in turn over w and calls check
// with it open.
func dialogs(t *testing.T, ctx *shell.Context, w fyne.Window, check func(name string)) {
	t.Helper()
	k := newKit(ctx)
	sink := campaignSink{k}
	set := state(ctx).Content
	open := func(name string, fn func()) {
		fn()
		check(name)
		for widgets.TopDialog(w.Canvas()) != nil {
			widgets.TopDialog(w.Canvas()).Hide()
		}
		for top := w.Canvas().Overlays().Top(); top != nil; top = w.Canvas().Overlays().Top() {
			w.Canvas().Overlays().Remove(top) // the device's file dialogs
		}
	}
	open("new Item card", func() { editItem(sink, nil, nil) })
	open("an Item card", func() { editItem(sink, &set.Items[0], nil) })
	open("new Mission card", func() { editMission(sink, nil, "", nil) })
	open("a Mission card with a Boss", func() { editMission(sink, &set.Missions[2], "", nil) })
	open("a Character", func() { editCharacter(sink, &set.Characters[1], nil) })
	open("a Reaction card", func() { editReaction(sink, &set.Reactions[0], "", nil) })
	open("the Hero sheet", func() { editSheet(sink, nil) })
	open("new Map", func() { editMap(sink, nil, nil) })
	open("the practice Map", func() { editMap(sink, &set.Maps[0], nil) })
	cv := newContentView(sink)
	open("the file's problems", func() {
		cv.importBytes([]byte(`{"format":"tablekeeper.alone.content","version":1,"items":[{"name":""},{"name":"x","charges":0}]}`))
	})
	open("import a set", func() { b, _ := set.Encode(); cv.importBytes(b) })
	open("rename the set", func() { cv.rename() })
	open("sets on the device", func() { cv.openFromDevice() })
	open("export as a file", func() { cv.exportFile() })
	open("import a file", func() { cv.importFile() })
	open("the content set at setup", func() { newSetupForm(w, nil).openContent() })
	// A form full of problems is the tallest it gets.
	open("an Item card with its problems", func() {
		editItem(sink, nil, nil)
		tapSave(t, w)
	})
	open("a Map with its problems", func() {
		editMap(sink, nil, nil)
		tapSave(t, w)
	})
}

// tapSave taps the open dialog's save button.
func tapSave(t *testing.T, w fyne.Window) {
	t.Helper()
	var found *widget.Button
	walk(w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok && found == nil && strings.HasPrefix(b.Text, "Save the") {
			found = b
		}
		return found == nil
	})
	if found == nil {
		t.Fatal("no save button in the dialog")
	}
	test.Tap(found)
}

// TestDialogsFitTheWindow: every dialog of Alone's, its problems shown,
// fits a landscape and a portrait tablet at every text size, buttons
// included.
func TestDialogsFitTheWindow(t *testing.T) {
	ctx, w := game(t, "assist", nil)
	for _, size := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
		for _, scale := range []float32{1, 1.85} {
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
			w.Resize(size)
			show(w, (&Screens{}).Play(ctx))
			dialogs(t, ctx, w, func(name string) {
				if w.Canvas().Overlays().Top() == nil {
					t.Errorf("%s did not open", name)
				}
				for _, o := range uitest.DialogTooBig(w) {
					t.Errorf("%s at %v, text ×%v: %s", name, size, scale, o)
				}
			})
		}
	}
}

// TestTapTargetsAreAFingerWide: everything tapped on the tabs and in the
// dialogs is at least 48 dp each way at Normal text.
func TestTapTargetsAreAFingerWide(t *testing.T) {
	for _, name := range []string{"solo decision", "assist turn", "not set up"} {
		ctx, w := situations(t)[name]()
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
		for tab, obj := range tabs(ctx) {
			show(w, obj)
			w.Resize(uitest.Landscape)
			for _, o := range uitest.SmallTargets(obj) {
				t.Errorf("%s, %s: %s", name, tab, o)
			}
		}
		if name == "assist turn" {
			show(w, (&Screens{}).Play(ctx))
			dialogs(t, ctx, w, func(d string) {
				if strings.HasSuffix(d, "a file") {
					return // Fyne's own file dialog, the device's way to choose a file
				}
				for _, o := range uitest.WindowSmallTargets(w) {
					t.Errorf("%s: %s", d, o)
				}
			})
		}
	}
}

// TestPlayersWordsEverywhere walks every label, hint, title, option and
// message of Alone's tabs and dialogs in every situation: none shows a
// spec section, "spec", a code, JSON, an internal identifier or "(s)".
func TestPlayersWordsEverywhere(t *testing.T) {
	for name, mk := range situations(t) {
		ctx, w := mk()
		for tab, obj := range tabs(ctx) {
			show(w, obj)
			for _, p := range aloneWords(uitest.AllText(obj)) {
				t.Errorf("%s, %s: %s", name, tab, p)
			}
		}
		if name == "assist turn" {
			dialogs(t, ctx, w, func(d string) {
				for _, p := range aloneWords(uitest.WindowText(w)) {
					t.Errorf("%s, %s: %s", name, d, p)
				}
			})
		}
	}
}

// TestClosedCampaignLetsGoOfItsScreens: the screens kept for the keys go
// when the frame closes the campaign.
func TestClosedCampaignLetsGoOfItsScreens(t *testing.T) {
	ctx, _ := game(t, "solo", nil)
	g := &Screens{}
	g.Play(ctx)
	g.Enemy(ctx)
	if g.plays[ctx] == nil || g.enems[ctx] == nil {
		t.Fatal("the open campaign's screens are not kept")
	}
	ctx.Close()
	if len(g.plays) != 0 || len(g.enems) != 0 {
		t.Fatal("a closed campaign's screens are still kept")
	}
}

// Issue 22 item 9 (the real-window check found it: "10", "11" and "12" on
// the Life and Self Control tracks at Largest text in landscape, shrunk to
// fit their spaces): on every tab of every situation, in both orientations
// at Normal and Largest text, no text is drawn smaller than the caption
// size and no words are cut short.
func TestTabsDrawNothingUnderTheCaptionSize(t *testing.T) {
	test.NewTempApp(t)
	for name, mk := range situations(t) {
		ctx, w := mk()
		for _, scale := range []float32{1, 1.85} {
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
			for tab, obj := range tabs(ctx) {
				show(w, obj)
				for _, portrait := range []bool{false, true} {
					w.Resize(uitest.TabArea(portrait, scale))
					for _, f := range uitest.ScreenFindings(w) {
						if strings.HasPrefix(f, widgets.FindingSmallText) || strings.HasPrefix(f, widgets.FindingCut) {
							t.Errorf("%s, %s, portrait %v, text ×%v: %s", name, tab, portrait, scale, f)
						}
					}
				}
			}
		}
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	}
}
