package phantom

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// withLibrary gives h's campaign a device library.
func withLibrary(h *harness, lib *shell.Library) {
	h.ctx = shell.NewContext(h.s, h.w, shell.Hooks{Library: lib, Message: func(text string, isErr bool) {
		if isErr {
			h.errs = append(h.errs, text)
		} else {
			h.msgs = append(h.msgs, text)
		}
	}})
}

// TestContentSetSavedOnTheDeviceAndAddedElsewhere: a campaign's content
// is saved on the device as a named set; another campaign lists it with
// what it holds and lacks, and adds it in one change.
func TestContentSetSavedOnTheDeviceAndAddedElsewhere(t *testing.T) {
	lib := shell.NewLibrary(t.TempDir())
	h := newHarness(t, fixture(6, 4))
	withLibrary(h, lib)
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	c.saveToLibrary()
	top := h.w.Canvas().Overlays().Top()
	find(top, func(e *widgets.TextEntry) bool { return true }).SetText("Our box")
	test.Tap(button(top, "Save"))
	if l, err := lib.List(tracker.PhantomEpoch); err != nil || len(l) != 1 || l[0].Name != "Our box" {
		t.Fatalf("not saved on the device: %+v %v (%q)", l, err, c.LibraryDialog.Problem())
	}

	other := newHarness(t, nil)
	withLibrary(other, lib)
	oc := NewCampaignScreen(other.ctx)
	other.w.SetContent(oc.Object())
	oc.openLibrary()
	txt := uitest.Text(other.w.Canvas().Overlays().Top())
	if !strings.Contains(txt, "Our box") || !strings.Contains(txt, "ready to play: Orbos-1") {
		t.Fatalf("the set is not listed with what it holds:\n%s", txt)
	}
	test.Tap(button(other.w.Canvas().Overlays().Top(), "Add to this campaign…"))
	test.Tap(oc.ContentConfirm)
	if a, b := jsonOf(t, h.state().Content), jsonOf(t, other.state().Content); a != b || other.s.LastSeq() != 1 {
		t.Fatalf("the set was not added whole, in one change (%d events)", other.s.LastSeq())
	}
}

// TestNewCampaignStartsFromAContentSet: the game's part of the new-campaign
// form says what the game needs before play and what this device has
// (each set with what it lacks), and a set chosen there is copied into
// the new campaign's first event; the practice content can be chosen too.
func TestNewCampaignStartsFromAContentSet(t *testing.T) {
	h := newHarness(t, fixture(6, 4))
	lib := shell.NewLibrary(t.TempDir())
	data, err := tp.ExportContent(h.state())
	if err != nil {
		t.Fatal(err)
	}
	if err := lib.Save(tracker.PhantomEpoch, "Our box", data); err != nil {
		t.Fatal(err)
	}
	setup := (&Screens{}).Setup(shell.SetupEnv{Window: h.w, Library: lib})
	txt := uitest.AllText(setup.Items[0].Widget)
	for _, want := range []string{"Before the first mission", "Our box", "ready to play: Orbos-1"} {
		if !strings.Contains(txt, want) {
			t.Errorf("the form does not say %q:\n%s", want, txt)
		}
	}
	for _, w := range uitest.PlayersWords(txt) {
		t.Error(w)
	}
	start := setup.Items[1].Widget.(*widget.Select)
	if !containsStr(start.Options, "Our box") || !containsStr(start.Options, startPractice) {
		t.Fatalf("choices: %v", start.Options)
	}
	cmds, err := setup.Commands()
	if err != nil || len(cmds) != 0 {
		t.Fatalf("starting empty runs nothing: %v %v", cmds, err)
	}
	start.SetSelected("Our box")
	cmds, err = setup.Commands()
	if err != nil {
		t.Fatal(err)
	}
	fresh := newHarness(t, cmds)
	if a, b := jsonOf(t, h.state().Content), jsonOf(t, fresh.state().Content); a != b {
		t.Fatal("the new campaign does not start with the set's content")
	}
	start.SetSelected(startPractice)
	cmds, _ = setup.Commands()
	practice := newHarness(t, cmds)
	if s := practice.state(); !s.Content.Practice || !s.Sheet.Missions[tp.PracticeMission].Available {
		t.Fatal("the practice content is not ready to set up")
	}
}

// TestUpdateFromANewerFileOnTheContentTab: the Content tab shows what an
// update changes and keeps before doing it; the campaign keeps what it
// uses that the newer file lacks.
func TestUpdateFromANewerFileOnTheContentTab(t *testing.T) {
	h := newHarness(t, fixture(6, 4))
	var cmds []tracker.Command
	for _, c := range fixture(6, 4) {
		if _, char := c.(tp.CreateCharacter); !char {
			cmds = append(cmds, c)
		}
	}
	newer := newHarness(t, append(cmds, tp.RemoveContent{Kind: tp.KindSpecies, ID: "Folk"}))
	data, err := tp.ExportContent(newer.state())
	if err != nil {
		t.Fatal(err)
	}
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	c.OfferContent(data, true)
	txt := uitest.Text(h.w.Canvas().Overlays().Top())
	if !strings.Contains(txt, "Kept, as the campaign uses them") || !strings.Contains(txt, `Character species card "Folk"`) {
		t.Fatalf("the update does not say what it keeps:\n%s", txt)
	}
	test.Tap(c.ContentConfirm)
	if _, ok := h.state().Content.Species["Folk"]; !ok {
		t.Fatal("a species the characters use was dropped")
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	return string(raw(v))
}
