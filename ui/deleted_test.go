package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"
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
	got, err := u.DB.Campaign(c.ID)
	if err != nil || got.Name != "Gone-but-kept" {
		t.Fatalf("not brought back: %v %+v\n%s", err, got, screenText(u))
	}
	mustSee(t, u, "Imported “Gone-but-kept”")
	if b := findButton(t, u, "Back on Home"); !b.Disabled() {
		t.Fatal("the copy of a campaign that is back can be brought back again")
	}
	if _, err := u.DB.Campaign(other.ID); err != nil {
		t.Fatal(err)
	}
}
