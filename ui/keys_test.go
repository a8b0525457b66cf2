package ui

import (
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/uitest"
)

// The Settings screen lists the campaign's keys, every one of
// campaignKeys, in the players' words.
func TestSettingsListTheCampaignKeys(t *testing.T) {
	u, _ := newUI(t)
	u.showSettings()
	text := uitest.WindowText(u.Window)
	for _, k := range campaignKeys {
		if !strings.Contains(text, k.Keys) || !strings.Contains(text, k.Does) {
			t.Errorf("the Settings screen does not list %q: %q", k.Keys, k.Does)
		}
	}
	for _, p := range uitest.PlayersWords(text) {
		t.Error(p)
	}
}

// Every key the Settings screen lists does what it says on a campaign's
// screen (the buttons' labels no longer name them, so the list is what a
// keyboard user has).
func TestEveryListedKeyIsBound(t *testing.T) {
	u, cs, acts := openTest(t)
	c := u.Window.Canvas()
	rolls := func() int { return len(cs.s.State().(*lifeState).Rolls) }
	for _, k := range campaignKeys {
		if k.run == nil {
			continue // Escape: the dialogs' own (widgets tests)
		}
		if k.typed == nil && k.shortcut == nil {
			t.Errorf("%q is listed but bound to no key", k.Keys)
		}
		press := []func(){}
		for _, name := range k.typed {
			name := name
			press = append(press, func() { c.OnTypedKey()(&fyne.KeyEvent{Name: name}) })
		}
		if k.shortcut != nil {
			press = append(press, func() { c.(desktopShortcuts).TypedShortcut(k.shortcut) })
		}
		for _, p := range press {
			before, n := rolls(), len(*acts)
			if k.Does == "Redo" {
				cs.doUndo()
				before = rolls()
			}
			p()
			switch {
			case strings.HasPrefix(k.Does, "The next step"), strings.HasPrefix(k.Does, "The enemy's"):
				if len(*acts) != n+1 || rolls() != before+1 {
					t.Errorf("%q did not ask the game (acts %v)", k.Keys, *acts)
				}
			case k.Does == "Undo":
				if rolls() != before-1 {
					t.Errorf("%q did not undo: %d rolls, was %d", k.Keys, rolls(), before)
				}
			case k.Does == "Redo":
				if rolls() != before+1 {
					t.Errorf("%q did not redo: %d rolls, was %d", k.Keys, rolls(), before)
				}
			default:
				t.Errorf("%q: the test does not know what %q should do", k.Keys, k.Does)
			}
		}
	}
	if got := strings.Join(*acts, ", "); !strings.Contains(got, "Resolve on Play") || !strings.Contains(got, "Next on Play") {
		t.Fatalf("acts: %s", got)
	}
}

// keyHint is a label that names a key: "Next step (Space)", "Resolve (R)".
var keyHint = regexp.MustCompile(`\((Space|Enter|Return|Esc|Escape|Backspace|Tab|Ctrl\+\w+|Alt\+\w+|Shift\+\w+|[A-Z]|F\d+|[←→↑↓])\)\s*$`)

// keyHintProblems lists the buttons under o whose label names a key: the
// app is touch first, a label says what the button does, and the keys
// are listed once, on the Settings screen.
func keyHintProblems(o fyne.CanvasObject, where string) []string {
	var out []string
	walk(o, func(x fyne.CanvasObject) {
		if b, ok := x.(*widget.Button); ok && keyHint.MatchString(b.Text) {
			out = append(out, where+": the button “"+b.Text+"” names a key in its label")
		}
	})
	return out
}

func TestKeyHintIsFound(t *testing.T) {
	for _, s := range []string{"Next step (Space)", "Resolve (R)", "Resolve: the aliens activate (R)", "Undo (Ctrl+Z)"} {
		if !keyHint.MatchString(s) {
			t.Errorf("%q is not seen as naming a key", s)
		}
	}
	for _, s := range []string{"Next step", "Spawn (2)", "Ana (6)", "Override…"} {
		if keyHint.MatchString(s) {
			t.Errorf("%q is seen as naming a key", s)
		}
	}
}
