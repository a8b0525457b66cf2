package ui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"tablekeeper/storage"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// Where an import's answer goes when the players moved on before it ended,
// and what quitting does to an import under way.

// heldImport starts importing data with its file held back until release
// is called (as a long check would); release waits for the import's end.
func (u *App) heldImport(data []byte) (release func()) {
	gate := make(chan struct{})
	u.runImport("campaign.json", func() (*importSource, error) {
		<-gate
		return &importSource{name: "campaign.json", r: bytes.NewReader(data), size: int64(len(data)), close: func() {}}, nil
	}, false)
	return func() { close(gate); uitest.Schedule.Settle() }
}

// exportAndDelete makes a campaign, keeps its export and deletes it.
func exportAndDelete(t *testing.T, u *App, name string) []byte {
	t.Helper()
	c, err := u.DB.NewCampaign(testGame, name, 7)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := u.exportTo(c.ID, &buf); err != nil {
		t.Fatal(err)
	}
	u.deleteCampaign(c.ID)
	return buf.Bytes()
}

func TestImportEndingOnHomeListsTheCampaign(t *testing.T) {
	u, _ := newUI(t)
	data := exportAndDelete(t, u, "Came-back")
	u.showData()
	release := u.heldImport(data)
	u.showHome()
	release()
	if !u.onHome() {
		t.Fatal("Home is no longer on show")
	}
	mustSee(t, u, "Came-back")
	if !strings.Contains(u.Notice(), "Imported “Came-back”") {
		t.Fatalf("notice %q", u.Notice())
	}
}

func TestBringBackEndingOnARebuiltDataScreen(t *testing.T) {
	u, _ := newUI(t)
	data := exportAndDelete(t, u, "Twice-shown")
	u.showData()
	u.imp.answerAt = findButton(t, u, "Bring back")
	release := u.heldImport(data)
	u.showHome()
	u.showData()
	if b := findButton(t, u, "Bring back"); !b.Disabled() {
		t.Fatal("a Bring back button can be tapped while an import runs")
	}
	release()
	b := findButton(t, u, "Back on Home")
	if !b.Disabled() {
		t.Fatal("the campaign that came back can be brought back again")
	}
	if camps, _ := u.DB.List(); len(camps) != 1 {
		t.Fatalf("%d campaigns", len(camps))
	}
}

func TestAlreadyHereAwayFromDataAsksNothing(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Stays-once", 7)
	var buf bytes.Buffer
	if err := u.exportTo(c.ID, &buf); err != nil {
		t.Fatal(err)
	}
	u.showData()
	release := u.heldImport(buf.Bytes())
	u.showHome()
	release()
	if o := u.Window.Canvas().Overlays().Top(); o != nil {
		t.Fatal("a question popped up over Home")
	}
	if !strings.Contains(u.Notice(), "already here") || !strings.Contains(u.Notice(), "from Data") {
		t.Fatalf("notice %q", u.Notice())
	}
	if camps, _ := u.DB.List(); len(camps) != 1 {
		t.Fatalf("%d campaigns", len(camps))
	}
}

func TestCancelOnAlreadyHereAnswersBesideImport(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Kept-once", 7)
	var buf bytes.Buffer
	if err := u.exportTo(c.ID, &buf); err != nil {
		t.Fatal(err)
	}
	u.showData()
	u.importData(buf.Bytes())
	test.Tap(findButton(t, u, "Cancel"))
	if msg, _ := widgets.ShowingFeedback(u.Window.Canvas()); !strings.HasPrefix(msg, "Not imported") {
		t.Fatalf("beside the Import button: %q", msg)
	}
}

// Quitting while an import runs: the app waits for it before it closes the
// file, so the file holds the whole campaign, listed, and no log that no
// campaign lists.
func TestShutdownWaitsForAnImport(t *testing.T) {
	u, _ := newUI(t)
	data := exportAndDelete(t, u, "Mid-import")
	u.showData()
	release := u.heldImport(data)
	path, reg := u.DB.Path(), u.DB.Registry()
	done := make(chan error, 1)
	go func() { done <- u.Shutdown() }()
	for !u.imp.quitting.Load() {
		time.Sleep(time.Millisecond)
	}
	release()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if camps, _ := db.List(); len(camps) != 1 || camps[0].Name != "Mid-import" {
		t.Fatalf("after quitting mid-import: %+v", camps)
	}
}
