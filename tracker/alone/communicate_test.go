package alone

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// heardBy is what one event added to what the Hero heard.
func heardBy(t *testing.T, s *tracker.Session, cmd tracker.Command) ([]string, tracker.Event) {
	t.Helper()
	n := len(st(s).Heard)
	e := do(t, s, cmd)
	var out []string
	for _, h := range st(s).Heard[n:] {
		out = append(out, h.Say)
	}
	return out, e
}

// noiseWords are the true ways to Communicate a Noise (A6).
func noiseWords(n alone.Noise) []string {
	switch n.Kind {
	case alone.NoiseHere:
		return []string{"Noise in the Hero's Sector"}
	case alone.NoiseOtherLevel:
		return []string{"Noise from the other Level"}
	case alone.NoiseDirection:
		var w []string
		for _, d := range n.Directions {
			w = append(w, "Noise from the "+dirWord(d))
		}
		return w
	}
	return nil
}

// checkHeard wants heard to be exactly the required lines, in any order,
// plus one of the noise lines when the Noise is heard.
func checkHeard(t *testing.T, what string, heard, required, noise []string) {
	t.Helper()
	rest := slices.Clone(heard)
	for _, r := range required {
		i := slices.Index(rest, r)
		if i < 0 {
			t.Errorf("%s: %q was not Communicated; heard %q", what, r, heard)
			continue
		}
		rest = slices.Delete(rest, i, i+1)
	}
	switch {
	case len(noise) == 0 && len(rest) > 0:
		t.Errorf("%s: heard %q that the record does not hold", what, rest)
	case len(noise) > 0 && (len(rest) != 1 || !slices.Contains(noise, rest[0])):
		t.Errorf("%s: heard %q besides the record's lines; the Noise is one of %q", what, rest, noise)
	}
}

// Issue 15 item 6: every Communication of a Creature's move is derived from
// the move's record, never from its destination: the Sector it was Revealed
// in, the Sectors it left and their directions, the Doors it Unblocked, the
// Noise where it stopped. Every legal move of every Creature (up to 3
// steps, the unblock-only ones too) is played and checked, and undone.
func TestEveryMoveCommunicationMatchesTheRecord(t *testing.T) {
	m := withCreatures(
		alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-20"},
		alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-12", Wounded: true},
		alone.Creature{ID: "spore-1", Type: alone.Spore, Sector: "1-01"},
	)
	for _, id := range []string{"1-10", "1-01", "1-11"} {
		m.Sector(id).Revealed = true
	}
	for _, c := range []*alone.Creature{m.Creature("spore-1")} {
		c.Revealed = true
	}
	// A Blocked Door from the Room (Revealed) east to 1-21.
	setBlocked(m, "1-11", alone.East, true)
	s := mapped(t, Assist, m)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	checked, revealedOnTheWay := 0, 0
	for _, c := range slices.Clone(st(s).Map.Creatures) {
		moves, err := LegalMoves(st(s), c.ID, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range moves {
			what := fmt.Sprintf("%s via %v", c.ID, mv.Path)
			if mv.UnblockedOnly != "" {
				what += " unblocking toward " + mv.UnblockedOnly
			}
			heard, e := heardBy(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: "locate", Card: "Rush",
				Move: &MoveSpec{Creature: c.ID, Path: mv.Path, Range: 3, Unblock: mv.UnblockedOnly}}})
			o, err := decodeOp(e)
			if err != nil {
				t.Fatal(err)
			}
			r := o.(*reactionEv).Out.Move
			var req []string
			for _, x := range r.ExitDirections {
				req = append(req, fmt.Sprintf("A Creature leaves %s to the %s", heroSectorLabel(m.Sector(x.Sector)), dirWord(x.Direction)))
			}
			if r.RevealedIn != "" && r.Revealed {
				req = append(req, fmt.Sprintf("A %s is Revealed in %s, %s", KindWord(c.Type), heroSectorLabel(m.Sector(r.RevealedIn)), woundedWord(c.Wounded)))
				if r.RevealedIn != r.To {
					revealedOnTheWay++
				}
			}
			for _, door := range r.Unblocked {
				a, b, _ := strings.Cut(door, "|")
				if m.Sector(a).Revealed || m.Sector(b).Revealed {
					req = append(req, fmt.Sprintf("The Blocked token between %s and %s is removed: the Door is Unblocked", heroSectorLabel(m.Sector(a)), heroSectorLabel(m.Sector(b))))
				}
			}
			checkHeard(t, what, heard, req, noiseWords(r.Noise))
			if r.To != mv.To || r.UnblockedOnly != mv.UnblockedOnly {
				t.Errorf("%s: the record ends in %s (unblocking %q), the move was to %s", what, r.To, r.UnblockedOnly, mv.To)
			}
			if _, err := s.Undo(); err != nil {
				t.Fatal(err)
			}
			checked++
		}
	}
	if checked < 20 || revealedOnTheWay == 0 {
		t.Fatalf("only %d moves checked, %d Revealed on the way", checked, revealedOnTheWay)
	}
}

// The case of the issue: a Parasite Revealed in 1-10 on its way into the
// Hero's Sector is Communicated as Revealed in 1-10, and does not scare.
func TestRevealedOnTheWayIsSaidWhereItWasRevealed(t *testing.T) {
	m := withCreatures(alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-20"})
	m.Sector("1-10").Revealed = true
	s := mapped(t, Assist, m)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	heard, _ := heardBy(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: "locate", Card: "Rush",
		Move: &MoveSpec{Creature: "parasite-1", Path: []string{"1-10", "1-00"}, Range: 2}}})
	if !slices.Contains(heard, "A Parasite is Revealed in Level 1, 1-10, not Wounded") || slices.ContainsFunc(heard, func(h string) bool { return strings.Contains(h, "1-00") }) {
		t.Fatalf("heard %q", heard)
	}
	if st(s).SC != 12 {
		t.Fatal("Revealed on the way: no scare")
	}
}

// Every Spawn's Communication matches its record too.
func TestEverySpawnCommunicationMatchesTheRecord(t *testing.T) {
	m := testMap()
	for _, id := range []string{"1-10", "1-20", "2-22"} {
		m.Sector(id).Revealed = true
	}
	s := mapped(t, Assist, m)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	n := 0
	for _, o := range LegalSpawns(st(s), nil, -5) {
		heard, e := heardBy(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: "locate", Card: "Swarm",
			Spawn: &SpawnSpec{Type: o.Type, Sector: o.Sector, MSDMod: -5}}})
		op, _ := decodeOp(e)
		sc := op.(*reactionEv).Out.Spawn
		var req []string
		if sc.Revealed {
			req = append(req, fmt.Sprintf("A %s appears in %s, not Wounded", KindWord(o.Type), heroSectorLabel(m.Sector(sc.Sector))))
		}
		checkHeard(t, string(o.Type)+"@"+o.Sector, heard, req, noiseWords(sc.Noise))
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n < 20 {
		t.Fatalf("only %d spawns checked", n)
	}
}

// The Hero's own Actions: what an Explore and a Move Communicate is the
// Creatures in the Sectors their records Revealed or entered.
func TestHeroActionCommunicationsMatchTheRecord(t *testing.T) {
	m := withCreatures(
		alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-10", Wounded: true},
		alone.Creature{ID: "cultist-1", Type: alone.Cultist, Sector: "1-20"},
		alone.Creature{ID: "hybrid-1", Type: alone.Hybrid, Sector: "1-01"},
	)
	s := mapped(t, Assist, m)
	do(t, s, StartTurn{BulletTime: true})
	heard, e := heardBy(t, s, ExploreDir{Dir: alone.East})
	op, _ := decodeOp(e)
	var req []string
	for _, id := range op.(*exploreEv).Revealed {
		for _, c := range st(s).Map.CreaturesIn(id) {
			req = append(req, fmt.Sprintf("A %s is in %s, %s", KindWord(c.Type), heroSectorLabel(st(s).Map.Sector(id)), woundedWord(c.Wounded)))
		}
	}
	if len(req) != 2 {
		t.Fatalf("the Explore east Reveals 1-10 and 1-20 with a Creature each: %v", op.(*exploreEv).Revealed)
	}
	checkHeard(t, "Explore east", heard, req, nil)
	heard, e = heardBy(t, s, MoveHero{Roll: PhysicalDice, Dir: alone.South, CourageFaces: nil})
	op, _ = decodeOp(e)
	mv := op.(*moveEv)
	req = nil
	for _, c := range st(s).Map.CreaturesIn(mv.To) {
		req = append(req, fmt.Sprintf("A %s is in %s, %s", KindWord(c.Type), heroSectorLabel(st(s).Map.Sector(mv.To)), woundedWord(c.Wounded)))
	}
	if mv.To != "1-01" || len(req) != 1 {
		t.Fatalf("the Move south enters 1-01 and its Hybrid: %s %v", mv.To, req)
	}
	checkHeard(t, "Move south", heard, req, nil)
}
