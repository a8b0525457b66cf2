package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
)

// Character cards are content: entered once, checked field by field,
// changed, removed, undone, and they go with the content file.
func TestHeroCards(t *testing.T) {
	s, _ := newSession(t)
	h := HeroCard{ID: "h1", Name: "Ada", Defence: 3, Weapons: [2]Weapon{{Name: "Rifle", Range: 3}, {Name: "Knife"}}}
	do(t, s, PutHeroCard{Card: h})
	bad := h
	bad.Weapons[1].Name = ""
	bad.Defence = -1
	refused(t, s, PutHeroCard{Card: bad}, "character card Ada, weapon 2: give the weapon's name")
	refused(t, s, PutHeroCard{Card: bad}, "defence dice: must be 0 or more")
	h.Defence = 4
	do(t, s, PutHeroCard{Card: h})
	if l := st(s).Library; len(l.Heroes) != 1 || l.Heroes[0].Defence != 4 {
		t.Fatalf("character cards %+v", l.Heroes)
	}
	data, _ := ExportContent(st(s))
	in, err := ParseContentFile(data)
	if err != nil || len(in.Heroes) != 1 || in.Heroes[0].Weapons[0].Range != 3 {
		t.Fatalf("the character card did not go with the file: %+v %v", in, err)
	}
	do(t, s, RemoveHeroCard{ID: "h1"})
	refused(t, s, RemoveHeroCard{ID: "h1"}, "no character card")
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if len(st(s).Library.Heroes) != 1 {
		t.Fatal("undo did not bring the card back")
	}
	setup := h.Setup("A1", "Bo")
	if setup.Area != "A1" || setup.Player != "Bo" || setup.Weapons[0].Name != "Rifle" || setup.Defence != 4 {
		t.Fatalf("set-up from the card %+v", setup)
	}
}

// A file with several mistakes lists every one, each naming its card and
// field in the players' words, and changes nothing.
func TestContentFileListsEveryProblem(t *testing.T) {
	s, _ := newSession(t)
	lib := testLibrary()
	lib.Factions[0].Units[1].Max = -2
	lib.SpawnCards[0].Levels[content.Green] = []content.SpawnItem{{UnitCode: "ZZ", Count: 1}}
	lib.NoiseCards[0].Top = []content.Effect{{Kind: content.EffSpawnBarracks, Icons: []content.Level{content.Green}}}
	lib.Missions[0].VictoryChart = append(lib.Missions[0].VictoryChart, ChartRow{})
	lib.Heroes = []HeroCard{{ID: "h1", Name: "Ada"}}
	data, _ := ExportContent(&State{Library: lib})
	_, err := ParseContentFile(data)
	if err == nil {
		t.Fatal("a bad file was accepted")
	}
	for _, want := range []string{
		"faction card Test faction, line 2 (Dog), miniatures (#): must be 0 or more",
		"spawn card RB001, green row, entry 1: no faction card has a unit with the code ZZ",
		"noise card NP1, top effect 1 (Barracks spawn): pick the barracks A, B or C",
		"barracks spawn from noise cards after the alarm",
		"mission M1, Victory or Defeat? row 3: write what the row says",
		"character card Ada, weapon 1: give the weapon's name",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the file's problems do not say %q:\n%v", want, err)
		}
	}
	for _, code := range []string{"spawnBarracks", "preAlarm", "§"} {
		if strings.Contains(err.Error(), code) {
			t.Errorf("the problems show %q:\n%v", code, err)
		}
	}
	refused(t, s, ImportContent{Data: data}, "no faction card has a unit with the code ZZ")
	if len(st(s).Library.Factions) != 0 {
		t.Fatal("a refused file changed the content")
	}
}

// Updating a campaign from a newer file: DiffContent says what is added,
// changed and lacking (and what of it the campaign uses); a pruning
// import removes what the file lacks except what is in use, and keeps
// the campaign going.
func TestUpdateFromANewerFile(t *testing.T) {
	s := raid(t)
	newer := testLibrary()
	newer.Factions[0].Units[0].Defence = 4 // changed
	newer.SpawnCards = newer.SpawnCards[:len(newer.SpawnCards)-1]
	dropped := testLibrary().SpawnCards[len(testLibrary().SpawnCards)-1].ID
	newer.Maps = nil                                                                                 // the mission in play's map: lacking, in use
	newer.Heroes = []HeroCard{{ID: "h9", Name: "New", Weapons: [2]Weapon{{Name: "a"}, {Name: "b"}}}} // added
	d := DiffContent(st(s), &newer)
	join := func(l []string) string { return strings.Join(l, "; ") }
	if !strings.Contains(join(d.Added), "the character card of New") || !strings.Contains(join(d.Changed), "faction card Test faction") {
		t.Fatalf("added %v changed %v", d.Added, d.Changed)
	}
	if !strings.Contains(join(d.Lacking), "the map of mission M1") || !strings.Contains(join(d.InUse), "the map of mission M1") {
		t.Fatalf("lacking %v in use %v", d.Lacking, d.InUse)
	}
	if !strings.Contains(join(d.Lacking), "spawn card "+dropped) {
		t.Fatalf("lacking %v: want spawn card %s", d.Lacking, dropped)
	}
	data, _ := ExportContent(&State{Library: newer})
	// The last spawn card is in the mission's deck (a raid keeps them all):
	// in use, so it stays; another, not in use, goes.
	if !inDeck(st(s).Mission.SpawnDeck, dropped) || !strings.Contains(join(d.InUse), "spawn card "+dropped) {
		t.Fatalf("spawn card %s is not in use: %v", dropped, d.InUse)
	}
	do(t, s, PutNoiseCard{Card: content.NoiseCard{ID: "spare", Deck: content.DeckPreAlarm, Top: []content.Effect{{Kind: content.EffAdvanceTracker, N: 1}}}})
	do(t, s, ImportContent{Data: data, Prune: true})
	l := st(s).Library
	if l.noiseCard("spare") != nil {
		t.Fatal("the update kept a card the file lacks and nothing uses")
	}
	if l.mapOf("M1") == nil || l.spawnCard(dropped) == nil || l.heroCard("h9") == nil || l.Factions[0].Units[0].Defence != 4 {
		t.Fatalf("after the update: map kept %v, %s kept %v, new hero %v, change %d", l.mapOf("M1") != nil, dropped,
			l.spawnCard(dropped) != nil, l.heroCard("h9") != nil, l.Factions[0].Units[0].Defence)
	}
	if st(s).Mission == nil || st(s).Mission.Ended {
		t.Fatal("the update ended the campaign's mission")
	}
}
