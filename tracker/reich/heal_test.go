package reich

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// TestOldHealEventsStillReplay: heals stored before one use of Bandages
// could heal several heroes (each hero its own Heal, Bandages capped per
// command) replay as stored — the ops they carry, nothing re-decided — even
// where two of them healed 4 with Bandages in all, which one heal now
// limits to 2 (V-46).
func TestOldHealEventsStillReplay(t *testing.T) {
	s, mem := raidOf(t, testLibrary(), "H1", "H2")
	woundBy(t, s, "H1", 2)
	woundBy(t, s, "H2", 2)
	n := 0
	_ = s.Events(1, func(tracker.Event) error { n++; return nil })
	for i, id := range []string{"H1", "H2"} {
		h := cloneHero(*st(s).Mission.hero(id))
		h.Wounds = nil
		// The payload as the old code wrote it.
		raw, err := json.Marshal(Payload{Summary: "Hero " + id + " heals with Bandages: permanent wounds 2 → 0", Ops: []Op{{Op: opHero, Hero: &h}}})
		if err != nil {
			t.Fatal(err)
		}
		if err := mem.Append(s.Campaign().ID, tracker.Event{Seq: uint64(n + 1 + i), ID: "old-heal-" + id, Time: time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC),
			Kind: kindPrefix + "hero.heal", Payload: raw}); err != nil {
			t.Fatal(err)
		}
	}
	r, err := tracker.Open(mem, Rules, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"H1", "H2"} {
		if w := st(r).Mission.hero(id).Wounds; len(w) != 0 {
			t.Fatalf("%s has %d wound cards after the old heals replayed; want 0 as stored", id, len(w))
		}
	}
	var last string
	_ = r.Events(r.LastSeq(), func(e tracker.Event) error { last = r.Describe(e); return nil })
	if !strings.Contains(last, "Hero H2 heals with Bandages: permanent wounds 2 → 0") || strings.Contains(last, "limited") {
		t.Fatalf("old diary line %q", last)
	}

	// An old heal command reads the same, and a heal with no other heroes
	// writes no new fields.
	var old Heal
	if err := json.Unmarshal([]byte(`{"Hero":"H1","N":2,"Cards":null,"Reason":"","Item":"Bandages"}`), &old); err != nil {
		t.Fatal(err)
	}
	if old.By != "" || old.Also != nil {
		t.Fatalf("old heal decoded as %+v", old)
	}
	b, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); got != `{"Hero":"H1","N":2,"Cards":null,"Reason":"","Item":"Bandages"}` {
		t.Fatalf("a one-hero heal writes %s", got)
	}
}

// TestHealAndSearchBadInput: the new fields of Heal (By, Also) and Search
// (FaceDown) are refused with the rule named when they make no sense, and
// nothing changes.
func TestHealAndSearchBadInput(t *testing.T) {
	s, _ := raidOf(t, testLibrary(), "H1", "H2")
	woundBy(t, s, "H1", 2)
	woundBy(t, s, "H2", 2)
	for _, c := range []struct {
		cmd  tracker.Command
		want string
	}{
		{Heal{Hero: "H1", N: 1, Item: "Bandages", Also: []HealShare{{Hero: "H9", N: 1}}}, `no hero "H9"`},
		{Heal{Hero: "H1", N: 1, Item: "Bandages", By: "H9"}, `no hero "H9"`},
		{Heal{Hero: "H1", N: 1, Item: "Bandages", Also: []HealShare{{Hero: "H1", N: 1}}}, "named twice"},
		{Heal{Hero: "H1", N: 1, Item: "Bandages", Also: []HealShare{{Hero: "H2"}}}, "heal Hero H2 at least 1"},
		{Heal{Hero: "H1", N: 1, Also: []HealShare{{Hero: "H2", N: -1}}}, "§6.4"},
		{Heal{Hero: "H1", Also: []HealShare{{Hero: "H2", Cards: []int{5}}}}, "at least 1"},
		{Heal{Hero: "H1", N: 1, Also: []HealShare{{Hero: "H2", Cards: []int{5}}}}, "no wound card number 5"},
		{Search{Hero: "H1", Found: Item{Name: "Grenade"}, Drop: -1}, "V-13"},
		{Search{Hero: "H1", Found: Item{Name: "Grenade"}, FaceDown: -2, Drop: -1}, "V-13"},
	} {
		refused(t, s, c.cmd, c.want)
	}
}

// TestHealSkipsKeptNonPermanentCards: §6.4, V-17 — with
// discardNonPermanentWounds off a card below its threshold is kept but is
// no permanent wound; a heal of N permanent wounds discards the newest
// permanent cards, not that one.
func TestHealSkipsKeptNonPermanentCards(t *testing.T) {
	s, _ := raidOf(t, testLibrary(), "H1", "H2")
	do(t, s, SetSetting{Key: "discardNonPermanentWounds", Value: "false"})
	h := *st(s).Mission.hero("H1")
	h.Wounds = []Wound{{Card: "P1"}, {Card: "P2"}, {Card: "T1", Temporary: true}}
	setHero(t, s, h)
	e := do(t, s, Heal{Hero: "H1", N: 1, Item: "Bandages"})
	got := st(s).Mission.hero("H1").Wounds
	if len(got) != 2 || got[0].Card != "P1" || got[1].Card != "T1" {
		t.Fatalf("wounds %+v after healing 1 permanent wound; want P1 and the kept T1", got)
	}
	if d := s.Describe(e); !strings.Contains(d, "2 → 1") || strings.Contains(d, "limited") {
		t.Fatalf("diary %q", d)
	}
	// Asking for more than the permanent wounds is clamped at them (V-46).
	e = do(t, s, Heal{Hero: "H1", N: 2})
	if got := st(s).Mission.hero("H1").Wounds; len(got) != 1 || got[0].Card != "T1" {
		t.Fatalf("wounds %+v; want only the kept non-permanent T1", got)
	}
	if d := s.Describe(e); !strings.Contains(d, "limited to 1") {
		t.Fatalf("diary %q does not say the heal was limited", d)
	}
}
