package alone

import "testing"

// §3.5 and V27, with the Hero Compendium's Boss example: 1 XP each in
// Courage and Precision; the Boss gives 2, spent to unlock Precision and on
// Cold Blood.
func TestKillXP(t *testing.T) {
	links := map[CreatureType]Ability{Spore: Precision, Cultist: Courage, Hybrid: Dexterity, Worm: AcuteSight}
	xp := map[Ability]int{Courage: 1, Precision: 1}
	got, err := KillXP(xp, Boss, true, links, []Ability{Precision, ColdBlood})
	if err != nil || got[Precision] != 2 || got[ColdBlood] != 1 || got[Courage] != 1 {
		t.Errorf("boss example: %v %v", got, err)
	}
	if xp[Precision] != 1 {
		t.Error("the input must not change")
	}
	got, _ = KillXP(map[Ability]int{}, Parasite, true, nil, nil)
	if got[ColdBlood] != 1 {
		t.Error("Parasite → Cold Blood without config")
	}
	got, _ = KillXP(map[Ability]int{ColdBlood: 2}, Parasite, true, nil, nil)
	if got[ColdBlood] != 2 {
		t.Error("at most 2")
	}
	got, _ = KillXP(map[Ability]int{}, Worm, false, links, nil)
	if got[AcuteSight] != 0 {
		t.Error("no XP for an Unrevealed kill")
	}
	if _, err := KillXP(map[Ability]int{}, Worm, true, nil, nil); err == nil {
		t.Error("unknown link")
	}
	for _, picks := range [][]Ability{{Courage}, {Courage, Courage}, {Courage, "luck"}, {Precision, ColdBlood}} {
		if _, err := KillXP(map[Ability]int{Precision: 2}, Boss, true, links, picks); err == nil {
			t.Errorf("boss picks %v accepted", picks)
		}
	}
	// AMB-13: only one Ability below 2: one pick, the surplus lost.
	full := map[Ability]int{Courage: 2, ColdBlood: 2, AcuteSight: 2, Precision: 2, Dexterity: 1}
	got, err = KillXP(full, Boss, true, links, []Ability{Dexterity})
	if err != nil || got[Dexterity] != 2 {
		t.Errorf("surplus lost: %v %v", got, err)
	}
}

func TestRecoverTrackAndGameResult(t *testing.T) {
	cfg := DefaultConfig()
	cfg.HealingCap[8] = 20
	if v, _ := cfg.RecoverTrack(11, 5, 8); v != 12 {
		t.Errorf("kept within healthMax: %d", v)
	}
	if v, _ := cfg.RecoverTrack(0, 3, 0); v != 3 {
		t.Errorf("cap 4: %d", v)
	}
	if _, err := cfg.RecoverTrack(0, 3, 9); err == nil {
		t.Error("marker off the track")
	}
	if _, err := cfg.RecoverTrack(0, -1, 0); err == nil {
		t.Error("negative")
	}
	set := DefaultSettings()
	if w, l := GameResult(true, Tracks{0, 0}, set); !w || l {
		t.Error("win first")
	}
	set.WinCheckFirst = false
	if w, l := GameResult(true, Tracks{0, 0}, set); w || !l {
		t.Error("defeat first")
	}
	if w, l := GameResult(false, Tracks{0, 1}, set); w || l {
		t.Error("one track at 0 plays on")
	}
}
