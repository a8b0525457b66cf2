package reich

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
)

// libraryCtx opens a fresh campaign with the device's content sets in dir.
func libraryCtx(t *testing.T, dir string) *shell.Context {
	t.Helper()
	db, err := storage.Open(filepath.Join(t.TempDir(), "tk.db"), tracker.Registry{rb.Game: rb.Rules})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c, _ := tracker.NewCampaign(rb.Game, "Library", 3, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err := db.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(db, rb.Rules, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(uitest.Landscape)
	return shell.NewContext(s, w, shell.Hooks{Library: shell.NewLibrary(dir)})
}

// A group keeps its content on the device as a named set: another
// campaign loads it (saying what it adds first), and a new campaign starts
// from it through the game's part of the new-campaign form, which says
// what the set holds before play.
func TestContentSetsOnTheDevice(t *testing.T) {
	test.NewTempApp(t)
	dir := t.TempDir()
	a := libraryCtx(t, dir)
	must(t, a, rb.ImportContent{Data: testContent(t)})
	Screens{}.Campaign(a)
	k := gameOf(a).campaign.k
	f := k.SaveToDevice()
	setEntry(t, f, "Name of the set", "bad/name")
	submitRefused(t, f, "")
	setEntry(t, f, "Name of the set", "Core box")
	submitOK(t, f)
	entries, err := a.Library().List(rb.Game)
	if err != nil || len(entries) != 1 || entries[0].Name != "Core box" {
		t.Fatalf("the device's sets: %+v %v", entries, err)
	}

	b := libraryCtx(t, dir)
	Screens{}.Campaign(b)
	kb := gameOf(b).campaign.k
	pick := kb.LoadFromDevice()
	submitOK(t, pick)
	load := kb.Last
	if got := uitest.Text(load.body); !strings.Contains(got, "Core box") || !strings.Contains(got, "New: faction card Made-up faction") {
		t.Fatalf("the load form:\n%s", got)
	}
	submitOK(t, load)
	if l := st(b).Library; len(l.Factions) != 1 || len(l.Maps) != 1 || len(l.Heroes) != 2 {
		t.Fatalf("loaded %d factions, %d maps, %d heroes", len(l.Factions), len(l.Maps), len(l.Heroes))
	}

	setup := Screens{}.Setup(shell.SetupEnv{Window: test.NewTempWindow(t, widget.NewLabel("")), Library: shell.NewLibrary(dir)})
	var source *choiceField
	for _, it := range setup.Items {
		if it.Text == "Content" {
			source = find(it.Widget, func(o fyne.CanvasObject) bool { _, ok := o.(*choiceField); return ok }).(*choiceField)
		}
		if it.Text == "Before the first mission" {
			if got := uitest.Text(it.Widget); !strings.Contains(got, "✓ A faction card (1)") {
				t.Fatalf("the new-campaign form does not say what the set holds:\n%s", got)
			}
		}
	}
	if source == nil || source.Value() != "Core box" {
		t.Fatalf("the new-campaign form does not offer the device's set first: %+v", source)
	}
	cmds, err := setup.Commands()
	if err != nil || len(cmds) == 0 {
		t.Fatalf("commands %v %v", cmds, err)
	}
	if imp, ok := cmds[0].(rb.ImportContent); !ok || !imp.Replace || len(imp.Data) == 0 {
		t.Fatalf("the new campaign does not start from the set: %+v", cmds[0])
	}
}
