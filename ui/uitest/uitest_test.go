package uitest

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/widgets"
)

func TestPlayersWords(t *testing.T) {
	bad := map[string]string{
		"Damage is at least 1 (§7.3)":                   "§",
		"The spec's reading":                            "spec",
		"AMB-5: atResolution":                           "AMB",
		`{"map": 1}`:                                    "brace",
		"5 campaign(s)":                                 "(s)",
		"House rule sightInEnemyTurn":                   "camelCase",
		"kind reich_spawn":                              "snake_case",
		"event core.note":                               "event kind",
		"campaign 3f2a9c1e-1b2c-4d5e-8f90-123456789abc": "internal ID",
		"value %!d(string=x)":                           "leftovers",
		"1 campaigns":                                   "count of 1",
		"Content help: paste the JSON here":             "JSON",
		"→ TOKEN_SPAWN T1 joins the queue":              "UPPER_SNAKE",
		"spawns with icons [green orange]":              "list as the program prints it",
		"icons []":                                      "list as the program prints it",
		"Last played yesterday · 27 events":             "count of events",
		"Imported “Alpha” (Alone, 1 event)":             "count of events",
		"Orlan 1 available true, completed \"\"":        "true or false",
		"2 areas need 1 modifiers":                      "count of 1",
	}
	for text, what := range bad {
		got := strings.Join(ScreenWords(text), "\n")
		if !strings.Contains(got, what) {
			t.Errorf("%q: %q, want a finding of %s", text, got, what)
		}
	}
	for _, good := range []string{
		"5 campaigns · 1 campaign · 1 session", "Ana attacks Vex Brute 1 (Rulebook p.27)", "Special rules", "Inspect the room",
		"Backup written to /home/ana/.config/tablekeeper/backups/tablekeeper-20261126-104923.127.db", "iPad and iOS", "e.g. Thursday group",
		"Vex Brute 1 (2) → Vex Brute 2 (2) → Ana (6)", "11 campaigns",
		"[Spawn]", "[open the door]", "NATO and UN", "T1 in S1, green icon",
		"Last played yesterday · Round 3 · 2 sessions", "The Eternaut's Event counters", "1 modifier", "2 modifiers",
		"Not imported: events[1] (seq 2): payload.targets[0]: must be a whole number of 0 or more, not -1",
		"Round 1 event: card 7", "Undid: Round 12 events of the campaign",
	} {
		if got := ScreenWords(good); len(got) > 0 {
			t.Errorf("%q: %v", good, got)
		}
	}
}

func TestTooBigAndSmallTargets(t *testing.T) {
	test.NewTempApp(t).Settings().SetTheme(Theme(1))
	tall := container.NewVBox()
	for i := 0; i < 40; i++ {
		tall.Add(widget.NewLabel("row"))
	}
	if got := TooBig(tall, Landscape); len(got) != 1 || !strings.Contains(got[0], "needs") {
		t.Fatalf("a tall box: %v", got)
	}
	if got := TooBig(container.NewVScroll(tall), Landscape); len(got) != 0 {
		t.Fatalf("a scrolled box: %v", got)
	}
	wide := widget.NewLabel(strings.Repeat("a wide one ", 120))
	if got := TooBig(container.NewVScroll(container.NewVBox(wide)), Landscape); len(got) != 1 || !strings.Contains(got[0], "a wide one a wide") {
		t.Fatalf("a wide label in a vertical scroll: %v", got)
	}
	small := widget.NewButton("x", nil)
	w := test.NewTempWindow(t, container.NewHBox(widget.NewButton("Fine", nil), container.NewGridWrap(fyne.NewSize(30, 30), small)))
	w.Resize(fyne.NewSize(400, 200))
	if got := SmallTargets(w.Content()); len(got) != 1 || !strings.Contains(got[0], `"x"`) {
		t.Fatalf("small targets: %v", got)
	}
	// A dialog's least size against its window.
	widgets.ShowMessage("Long", strings.Repeat("a long word ", 700), w)
	if got := DialogTooBig(w); len(got) != 0 {
		t.Fatalf("a scrolling dialog fits: %v", got)
	}
	d := widgets.NewDialog("Wide", widget.NewLabel(strings.Repeat("a wide line ", 40)), w)
	d.Show()
	if got := DialogTooBig(w); len(got) != 1 {
		t.Fatalf("a wide dialog: %v", got)
	}
}

func TestTabAreaLeavesRoomAtEveryTextSize(t *testing.T) {
	test.NewTempApp(t)
	for _, portrait := range []bool{false, true} {
		prev := fyne.NewSize(1e9, 1e9)
		for _, s := range TextScales {
			a := TabArea(portrait, s)
			if a.Height > prev.Height+0.5 || a.Height < 440 || a.Width < 790 {
				t.Errorf("portrait %v, text %.2f: %v", portrait, s, a)
			}
			prev = a
		}
	}
}

// Clipped finds buttons and one-line labels laid out narrower than their
// text (cut, or drawn over their neighbours), and nothing else.
func TestClipped(t *testing.T) {
	test.NewTempApp(t).Settings().SetTheme(Theme(1.85))
	cut := widget.NewButton("Knocked back…", nil)
	label := widget.NewLabel("Auf Deutsch")
	wrapped := widget.NewLabel("a long sentence that wraps where it must")
	wrapped.Wrapping = fyne.TextWrapWord
	short := widget.NewLabel("Heroism points and more")
	short.Truncation = fyne.TextTruncateEllipsis
	fine := widget.NewButton("Heal", nil)
	w := test.NewTempWindow(t, container.NewVBox(
		container.NewGridWrap(fyne.NewSize(120, 48), cut, label, wrapped, short),
		container.NewHBox(fine)))
	w.Resize(fyne.NewSize(800, 600))
	got := Clipped(w.Content())
	if len(got) != 2 || !strings.Contains(got[0], "Knocked back") || !strings.Contains(got[1], "Auf Deutsch") {
		t.Fatalf("clipped: %q", got)
	}
}
