package phantom

import (
	"strings"
	"testing"

	"tablekeeper/automa/phantom"
)

// Issue 15 item 17: adversaries' HP-base colours chosen per figure at
// setup and corrected afterwards; a character's equipment corrected
// without a shop visit.

const b1, b2 = "Grallok Berserker 1", "Grallok Berserker 2"

func colourOf(s *State, name string) string { return s.Mission.fig(name).Colour }

func TestColoursChosenAtSetup(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	do(t, s, startCmd())
	if colourOf(st(s), b1) != "dark blue" || colourOf(st(s), b2) != "light blue" {
		t.Fatalf("proposed: %s, %s", colourOf(st(s), b1), colourOf(st(s), b2))
	}
	refusedWhy(t, s, SetColours{Colours: map[string]string{b1: "red", b2: "red"}}, "Rulebook p.10", "would share the red base")
	refusedWhy(t, s, SetColours{Colours: map[string]string{"Ana": "red"}}, "Rulebook p.10", "character")
	refusedWhy(t, s, SetColours{Colours: map[string]string{"Nobody": "red"}}, "Rulebook p.10", "no adversary")
	refusedWhy(t, s, SetColours{Colours: map[string]string{b1: "green"}}, "Rulebook p.10", "green")
	refusedWhy(t, s, SetColours{Colours: map[string]string{b1: "dark blue"}}, "Rulebook p.10", "already use")
	undoReplays(t, s, mem, SetColours{Colours: map[string]string{b1: "red"}}, func(st *State) string {
		if colourOf(st, b1) != "red" || colourOf(st, b2) != "light blue" {
			return "Berserker 1 stands in red now"
		}
		return ""
	})
	if line := s.Describe(mustLast(t, s)); line != "HP-base colours chosen: Grallok Berserker 1 dark blue → red" {
		t.Fatalf("diary: %q", line)
	}
	// Taking another's colour swaps them.
	line := said(t, s, SetColours{Colours: map[string]string{b2: "red"}})
	if colourOf(st(s), b1) != "light blue" || colourOf(st(s), b2) != "red" || !strings.Contains(line, "Grallok Berserker 1 swapped") {
		t.Fatalf("swap: %s %s %q", colourOf(st(s), b1), colourOf(st(s), b2), line)
	}
}

// RB p.10: more than four of a type are spread evenly (six: 2, 2, 1, 1).
func TestColoursSpreadEvenlyAtSetup(t *testing.T) {
	s := withContent(t)
	do(t, s, SaveContent{Kind: KindAdversary, Data: raw(phantom.AdversaryType{Name: "Grallok Berserker", Species: "Grallok", Class: "Berserker", Difficulty: 1, HP: 6, Attack: 1, Range: 1, Standees: 6})})
	do(t, s, startCmd())
	for _, sp := range []string{"A-1", "A-3", "A-6"} {
		do(t, s, PlaceAdversary{Type: "Grallok Berserker", Space: sp})
	}
	counts := map[string]int{}
	for _, f := range st(s).Mission.Figures {
		if f.Type == "Grallok Berserker" {
			counts[f.Colour]++
		}
	}
	if len(counts) != 4 || counts["dark blue"]+counts["light blue"]+counts["red"]+counts["yellow"] != 5 {
		t.Fatalf("five Berserkers over four colours: %v", counts)
	}
	var twice string
	for col, n := range counts {
		if n == 2 {
			twice = col
		}
	}
	var single string
	for _, f := range st(s).Mission.Figures {
		if f.Type == "Grallok Berserker" && f.Colour != twice {
			single = f.Name
			break
		}
	}
	refusedWhy(t, s, SetColours{Colours: map[string]string{single: twice}}, "Rulebook p.10", "as evenly as they go")
}

func TestColoursCorrectedInTheMission(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	refusedWhy(t, s, SetColours{Colours: map[string]string{b2: "yellow"}}, "Rulebook p.10", "say why")
	// The class rows' AP go up by colour (dark blue 1 … yellow 4): the new
	// colour's row gives the initiative of a figure yet to act.
	before := st(s).Mission.fig(b2).Initiative
	line := said(t, s, SetColours{Colours: map[string]string{b2: "yellow"}, Reason: "it stands in a yellow base"})
	if after := st(s).Mission.fig(b2).Initiative; after != before+2 {
		t.Fatalf("initiative %d → %d: the yellow row has 2 AP more than the light blue", before, after)
	}
	if line != "Corrected by hand: HP-base colours Grallok Berserker 2 light blue → yellow (it stands in a yellow base)" {
		t.Fatalf("diary: %q", line)
	}
}

func TestEquipmentCorrectedByHand(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	refusedWhy(t, s, CorrectEquipment{Character: "Ana", Add: []string{"Helmet"}}, "Rulebook p.15", "say why")
	refusedWhy(t, s, CorrectEquipment{Character: "Ana", Add: []string{"Crown"}, Reason: "x"}, "Rulebook p.15", "not entered")
	refusedWhy(t, s, CorrectEquipment{Character: "Ana", Remove: []string{"Helmet"}, Reason: "x"}, "Rulebook p.15", "does not own")
	refusedWhy(t, s, CorrectEquipment{Character: "Ana", Reason: "x"}, "Rulebook p.15", "name the equipment")
	undoReplays(t, s, mem, CorrectEquipment{Character: "Ana", Add: []string{"Helmet"}, Reason: "bought last session, never entered"}, func(st *State) string {
		if g := st.Characters["Ana"].Equipment; len(g) != 1 || g[0].ID != "Helmet" || g[0].Slot != "" || g[0].Charges != 0 {
			return "Ana owns the Helmet, unequipped and uncharged"
		}
		return ""
	})
	if line := s.Describe(mustLast(t, s)); line != "Corrected by hand: Ana's equipment +Helmet (bought last session, never entered)" {
		t.Fatalf("diary: %q", line)
	}
	// Worn and charged on a mission, taken away by correction: its Guard
	// goes and its charges with it.
	do(t, s, CorrectCharacter{Character: "Ana", Nova: intp(2)}, Equip{Character: "Ana", Equipment: "Helmet", Slot: "head"},
		Charge{Character: "Ana", Equipment: "Helmet", N: 2}, startCmd())
	if g := st(s).Mission.fig("Ana").Guard; g != 1 {
		t.Fatalf("the Helmet gives Guard 1: %d", g)
	}
	undoReplays(t, s, mem, CorrectEquipment{Character: "Ana", Remove: []string{"Helmet"}, Reason: "it was Bo's"}, func(st *State) string {
		if len(st.Characters["Ana"].Equipment) != 0 || st.Mission.fig("Ana").Guard != 0 {
			return "the Helmet and its Guard are gone"
		}
		return ""
	})
	if line := s.Describe(mustLast(t, s)); !strings.Contains(line, "−Helmet (its 2 charges with it)") {
		t.Fatalf("diary: %q", line)
	}
}
