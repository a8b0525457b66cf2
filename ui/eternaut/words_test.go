package eternaut

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// specCodes are The Eternaut spec's own codes, which players never read:
// validation rules (V17), turn steps (T3), end-of-round steps are written
// E1–E6 but so are Storybooks, so only the others are looked for: cube
// rules (C3), setup selection and distribution rules (S3, D5), losses
// (L1), and the spec's short names (SAC, PP).
var specCodes = regexp.MustCompile(`\b(V\d{1,2}|T[1-6]|C[1-5]|S[1-7]|D[1-6]|L[12])\b`)

// specNames are the spec's short names for components (the printed cards
// carry IDs such as PA-912-A, which players read).
var specNames = regexp.MustCompile(`(^|[^\w-])(SAC|PP|PA|GA|SK)([^\w-]|$)`)

// charCodes is a Character written as its card's number before its name
// ("901 Marta"): players say the name; "Marta (card 901)" where the number
// helps to find the card.
var charCodes = regexp.MustCompile(`(^|[^\w-])9\d\d \p{Lu}`)

// notWords is what a player must not read in text: the frame's list and
// the spec's codes.
func notWords(text string) []string {
	out := uitest.PlayersWords(text)
	for _, line := range strings.Split(text, "\n") {
		for _, m := range charCodes.FindAllString(line, -1) {
			out = append(out, fmt.Sprintf("a Character as its card's number %q in %q", strings.TrimSpace(m), line))
		}
		for _, m := range specCodes.FindAllString(line, -1) {
			out = append(out, fmt.Sprintf("a spec code %q in %q", m, line))
		}
		for _, m := range specNames.FindAllStringSubmatch(line, -1) {
			out = append(out, fmt.Sprintf("a spec name %q in %q", m[2], line))
		}
	}
	return out
}

// TestPlayersWords walks every label, hint, title, option and message of
// every scene's tabs and pages, of every dialog, and of the new-campaign
// form, and fails on anything that is the spec's and not the players'
// ("§", "spec", codes, identifiers, JSON, "(s)").
func TestPlayersWords(t *testing.T) {
	for _, sc := range scenes {
		t.Run(sc.name, func(t *testing.T) {
			tb := newMemTable(t)
			sc.build(tb)
			p, e, d := NewPlayScreen(tb.ctx), NewEnemyScreen(tb.ctx), NewDiaryScreen(tb.ctx)
			for _, tab := range []struct {
				name  string
				obj   fyne.CanvasObject
				inner *container.AppTabs
			}{{"Play", p.Object(), p.tabs}, {"Campaign", d.Object(), d.tabs}, {"Enemy", e.Object(), nil}} {
				tb.show(tab.obj)
				tb.win.Resize(uitest.Landscape)
				pages(tb, tab.obj, tab.inner, func(page string) {
					for _, bad := range notWords(uitest.WindowText(tb.win)) {
						t.Errorf("%s %s: %s", tab.name, page, bad)
					}
					for _, bad := range carded(tb.win) {
						t.Errorf("%s %s: %s", tab.name, page, bad)
					}
				})
			}
			// What the last action asks for, and the explanations.
			for _, bad := range notWords(strings.Join(append(tb.st().Reminders, e.Trace.Shown()...), "\n")) {
				t.Errorf("reminders and Why: %s", bad)
			}
		})
	}
	t.Run("dialogs", func(t *testing.T) {
		tb := newMemTable(t)
		liveC(tb)
		p, e, d := NewPlayScreen(tb.ctx), NewEnemyScreen(tb.ctx), NewDiaryScreen(tb.ctx)
		tb.show(p.Object())
		tb.win.Resize(uitest.Landscape)
		for _, o := range dialogs(t, tb, p, e, d) {
			o.open()
			for _, bad := range notWords(uitest.WindowText(tb.win)) {
				t.Errorf("%s: %s", o.name, bad)
			}
			for _, bad := range carded(tb.win) {
				t.Errorf("%s: %s", o.name, bad)
			}
			tb.closeDialogs()
		}
		setup := Screens{}.Setup(shell.SetupEnv{Window: tb.win})
		f := widgets.NewForm("New campaign", "Create", "Cancel", setup.Items, nil, tb.win)
		f.Show()
		if _, err := setup.Commands(); err != nil {
			f.ShowError(err)
		}
		for _, bad := range notWords(uitest.WindowText(tb.win)) {
			t.Errorf("the new-campaign form: %s", bad)
		}
		f.Hide()
		for _, bad := range notWords(practiceName) {
			t.Errorf("the practice game's line on Home: %s", bad)
		}
	})
}

// TestRefusalsInPlayersWords: what a refused tap says next to the control
// is the rule's reason in words, never its spec section.
func TestRefusalsInPlayersWords(t *testing.T) {
	tb := newMemTable(t)
	liveC(tb)
	p := tb.play()
	// Next on the play step asks for a board, beside Next.
	p.step = 2
	p.Next()
	if !strings.Contains(tb.bubble(), "Play card here") {
		t.Fatalf("Next on step 3: %q", tb.bubble())
	}
	// A second Action card in one turn, from an empty slot of a board.
	tap(t, p.Cards["901"].PlayHere)
	if !p.Cards["902"].PlayHere.Disabled() {
		t.Fatal("Play card here can still be tapped once the card is played")
	}
	slots := p.Cards["902"].Slots
	test.Tap(slots[len(slots)-1])
	if p.Message() == "" || tb.bubble() != p.Message() {
		t.Fatalf("a second card is not refused beside the slot: %q / %q", p.Message(), tb.bubble())
	}
	for _, msg := range []string{p.Message(), strings.Join(tb.msgs, "\n")} {
		for _, bad := range notWords(msg) {
			t.Errorf("%s", bad)
		}
	}
	// A game-ending action only says to hold it when tapped.
	test.Tap(p.EndScenario)
	if !strings.Contains(tb.bubble(), "Hold") || tb.st().Phase != et.PhasePlaying {
		t.Fatalf("a tap on a hold button: %q", tb.bubble())
	}
}

// cardedOption is a choice naming a Character with its card's number.
var cardedOption = regexp.MustCompile(`^(.+) \(card 9\d\d\)$`)

// carded lists the pickers' choices (selects and check groups, in the
// window and its dialogs) that name a Character with its card's number
// ("Marta (card 901)") where the name alone tells them apart: players pick
// the people at the table by the names they know them by (issue 23 item 5).
func carded(w fyne.Window) []string {
	var out []string
	check := func(opts []string) {
		names := map[string]int{}
		for _, o := range opts {
			if m := cardedOption.FindStringSubmatch(o); m != nil {
				names[m[1]]++
			} else {
				names[o]++
			}
		}
		for _, o := range opts {
			if m := cardedOption.FindStringSubmatch(o); m != nil && names[m[1]] == 1 {
				out = append(out, fmt.Sprintf("a choice with the card's number: %q (the name alone is enough here)", o))
			}
		}
	}
	roots := append([]fyne.CanvasObject{w.Canvas().Content()}, w.Canvas().Overlays().List()...)
	for _, r := range roots {
		walk(r, func(o fyne.CanvasObject) {
			switch x := o.(type) {
			case *widget.Select:
				check(x.Options)
			case *widget.CheckGroup:
				check(x.Options)
			}
		})
	}
	return out
}
