package ui

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// A deleted campaign comes back from the Data screen with one tap, from
// the copy kept when it was deleted: on a phone that copy is in the app's
// own storage, which the system's file picker cannot open.
func TestDeletedCampaignComesBackFromTheDataScreen(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Gone-but-kept", 7)
	other, _ := u.DB.NewCampaign(testGame, "Stays", 8)
	u.showHome()
	u.deleteCampaign(c.ID)
	u.showData()
	mustSee(t, u, "Gone-but-kept · deleted")
	test.Tap(findButton(t, u, "Bring back"))
	uitest.Schedule.Settle()
	got, err := u.DB.Campaign(c.ID)
	if err != nil || got.Name != "Gone-but-kept" {
		t.Fatalf("not brought back: %v %+v\n%s", err, got, screenText(u))
	}
	mustSee(t, u, "Imported “Gone-but-kept”")
	if msg, isErr := widgets.ShowingFeedback(u.Window.Canvas()); isErr || !strings.Contains(msg, "Gone-but-kept") {
		t.Fatalf("the answer is not next to the button tapped: %q", msg)
	}
	if b := findButton(t, u, "Back on Home"); !b.Disabled() {
		t.Fatal("the copy of a campaign that is back can be brought back again")
	}
	if _, err := u.DB.Campaign(other.ID); err != nil {
		t.Fatal(err)
	}
}

// A deleted campaign's copy that was damaged since is refused whole, in
// words, next to its button, and nothing is written: the button stays, to
// be tried again once the file is put right.
func TestDamagedDeletedCopyIsRefusedNextToItsButton(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Broken-copy", 7)
	u.showHome()
	u.deleteCampaign(c.ID)
	files, err := deletedFiles(u.places().Deleted)
	if err != nil || len(files) != 1 {
		t.Fatalf("deleted files: %v %v", files, err)
	}
	data, _ := os.ReadFile(files[0].path)
	os.WriteFile(files[0].path, data[:len(data)/2], 0o600)
	u.showData()
	test.Tap(findButton(t, u, "Bring back"))
	uitest.Schedule.Settle()
	if camps, _ := u.DB.List(); len(camps) != 0 {
		t.Fatalf("a damaged copy wrote %d campaigns", len(camps))
	}
	if msg, isErr := widgets.ShowingFeedback(u.Window.Canvas()); !isErr || !strings.HasPrefix(msg, "Not imported") {
		t.Fatalf("refusal next to the button: %q %v", msg, isErr)
	}
	if b := findButton(t, u, "Bring back"); b.Disabled() {
		t.Fatal("the button cannot be tried again")
	}
}
