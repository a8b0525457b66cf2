package phantom_test

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui"
	"tablekeeper/ui/phantom"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// newApp is the whole app on an empty campaign file, as on a fresh
// install.
func newApp(t *testing.T) *ui.App {
	t.Helper()
	a := test.NewTempApp(t)
	u := ui.New(a, ui.Options{DBPath: filepath.Join(t.TempDir(), "tablekeeper.db"), Registry: games.Registry()})
	if u.DB == nil {
		t.Fatal("the campaign file did not open")
	}
	t.Cleanup(func() { u.Shutdown() })
	u.Window.Resize(fyne.NewSize(1280, 800))
	return u
}

// tapButton taps the button showing label in the window (a dialog's
// first), counting the tap.
func tapButton(t *testing.T, w fyne.Window, n *int, label string) {
	t.Helper()
	var roots []fyne.CanvasObject
	if d := widgets.TopDialog(w.Canvas()); d != nil {
		roots = append(roots, d.Content())
	}
	roots = append(roots, w.Content())
	for _, r := range roots {
		for _, o := range test.LaidOutObjects(r) {
			if b, ok := o.(*widget.Button); ok && b.Visible() && strings.HasPrefix(b.Text, label) && !b.Disabled() {
				*n++
				test.Tap(b)
				return
			}
		}
	}
	t.Fatalf("no button %q on screen:\n%s", label, uitest.Text(w.Content()))
}

// TestPracticeGameToTheFirstEnemyDecision: from an empty file, Home →
// Try a practice game → Phantom Epoch opens the practice campaign on the
// Play tab, marked practice and labelled as made-up content; two taps of
// Next (the adversary cards with the turn order, the characters not
// tying; the first adversary's turn) put the adversary's decision on the
// screen: at most 8 interactions, counted (4 now).
func TestPracticeGameToTheFirstEnemyDecision(t *testing.T) {
	u := newApp(t)
	w := u.Window
	n := 0
	tapButton(t, w, &n, "Try a practice game")
	tapButton(t, w, &n, tracker.PhantomEpoch.Title())
	list, err := u.DB.List()
	if err != nil || len(list) != 1 || !list[0].Practice {
		t.Fatalf("no practice campaign made: %+v %v", list, err)
	}
	if txt := uitest.Text(w.Content()); !strings.Contains(txt, "not the printed cards") {
		t.Fatalf("the Play tab does not say the content is made up:\n%s", txt)
	}
	for i := 0; i < 3 && !strings.Contains(uitest.Text(w.Content()), "Primary target:"); i++ {
		tapButton(t, w, &n, "Next")
	}
	txt := uitest.Text(w.Content())
	if !strings.Contains(txt, "worked out") || !strings.Contains(txt, "Primary target:") {
		t.Fatalf("no enemy decision on the screen after %d interactions:\n%s", n, txt)
	}
	t.Logf("practice game to the first enemy decision: %d interactions", n)
	if n > 8 {
		t.Fatalf("%d interactions: at most 8", n)
	}
	_ = tp.PracticeMission
	_ = phantom.PracticeLabel
}
