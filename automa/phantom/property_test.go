package phantom

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tablekeeper/automa"
	"tablekeeper/automa/hex"
)

// randomScene puts 3 characters and 3 adversaries on a generated map
// (walls, objects, hazards, gaps, doors scattered by seed).
func randomScene(t testing.TB, seed int64, size int) (*scene, *hex.Map) {
	m := hex.GenerateBenchMap(seed, size, size)
	raw, err := hex.EncodeMap(m)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 7))
	faces := []Face{face(Red, North, East), face(Yellow, South, West), face(DarkBlue, East, North), face(LightBlue, West, South)}
	sc := &scene{t: t, s: &Situation{Map: json.RawMessage(raw), DecisionDie: DieInput{Face: faces[rng.IntN(4)]}}}
	R := 1 + rng.IntN(6)
	sc.typ("Raider", R, moveCard(1+rng.IntN(6)), allRows(attackCard(2))...)
	used := map[int]bool{}
	free := func() string {
		for {
			i := rng.IntN(m.Len())
			if !used[i] && m.SpaceAt(i).Standable(true) {
				used[i] = true
				return m.Label(i)
			}
		}
	}
	for i, c := range Colours[:3] {
		sc.char(fmt.Sprintf("C%d", i), c, free())
	}
	for i, c := range Colours[:3] {
		sc.adv(fmt.Sprintf("A%d", i), "Raider", c, free())
	}
	return sc, m
}

// independentKey recomputes §8.7 step 3–6 for one movement with the hex
// package's own searches, to check the engine's choice against.
type propKey [5]int

func keyLess(a, b propKey) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func independentKeys(w *world, m *hex.Map, a *fig, P target, M int, leap bool) map[int]propKey {
	R := w.baseRange(a)
	n := m.Len()
	blocked := make([]bool, n)
	occupied := make([]bool, n)
	enemyOther := []int{}
	for _, f := range w.figs {
		if !f.onMap() || f == a {
			continue
		}
		occupied[f.Pos] = true
		if w.enemies(a, f) {
			blocked[f.Pos] = true
			if f != P.f {
				enemyOther = append(enemyOther, f.Pos)
			}
		}
	}
	stand := func(s int, haz bool) bool {
		return s == a.Pos || (m.SpaceAt(s).Standable(haz) && !occupied[s])
	}
	as := func(haz bool) []int {
		var out []int
		for s := range n {
			d := m.Range(s, P.pos())
			if d >= 1 && d <= R && stand(s, haz) && (d == 1 || m.HasLoS(s, P.pos())) {
				out = append(out, s)
			}
		}
		return out
	}
	asH, asNH := as(true), as(false)
	rulesH := hex.MoveRules{Blocked: blocked}
	rulesNH := hex.MoveRules{Blocked: blocked, AvoidHazards: true}
	var pH, pNH *hex.Paths
	if leap {
		pH = m.LeapReach(a.Pos, M, hex.MoveRules{})
		pNH = pH
	} else {
		pH, pNH = m.ShortestPaths(a.Pos, rulesH), m.ShortestPaths(a.Pos, rulesNH)
	}
	reach := func(p *hex.Paths, haz bool) []int {
		var out []int
		for s := range n {
			if s != a.Pos && p.Cost(s) <= M && stand(s, haz) {
				out = append(out, s)
			}
		}
		return out
	}
	rH, rNH := reach(pH, true), reach(pNH, false)
	exact := func(r, as []int) bool {
		in := map[int]bool{}
		for _, s := range as {
			in[s] = true
		}
		for _, s := range append(r, a.Pos) {
			if in[s] && m.Range(s, P.pos()) == R {
				return true
			}
		}
		return false
	}
	// cond1: no way at all without hazards (a Leap counts itself then Moves).
	gNH := m.CostsTo(asNH, rulesNH)
	cond1 := gNH[a.Pos] >= hex.Unreachable
	if leap {
		for _, e := range rNH {
			if gNH[e] < hex.Unreachable {
				cond1 = false
			}
		}
	}
	hazOK := cond1 || (!exact(rNH, asNH) && exact(rH, asH))
	C, AS, rules, paths := rNH, asNH, rulesNH, pNH
	if hazOK {
		C, AS, rules, paths = rH, asH, rulesH, pH
	}
	C = append(C, a.Pos)
	g := m.CostsTo(AS, rules)
	inAS := map[int]bool{}
	for _, s := range AS {
		inAS[s] = true
	}
	out := map[int]propKey{}
	for _, s := range C {
		var k propKey
		d := m.Range(s, P.pos())
		if inAS[s] {
			k[1] = R - d
		} else {
			k[0] = g[s]
		}
		if m.SpaceAt(s).HasHazard() {
			k[2] = 1
		}
		for _, e := range enemyOther {
			if de := m.Range(s, e); de <= R && (de == 1 || m.HasLoS(s, e)) {
				k[3]--
			}
		}
		k[4] = paths.Cost(s)
		if s == a.Pos {
			k[4] = 0
		}
		out[s] = k
	}
	return out
}

// TestPropertyMoveEndIsBest: on random maps, the space a Move or Leap ends
// on is never worse, by the keys of §8.7, than any other space it could
// have reached; and the path is a real path: adjacent steps, no wall, no
// closed door, no enemy, no object, gap or orb for a Move, within the MP.
func TestPropertyMoveEndIsBest(t *testing.T) {
	checked := 0
	for seed := int64(1); seed <= 120; seed++ {
		sc, m := randomScene(t, seed, 12)
		w := sc.world()
		a := w.fig("A0")
		leap := seed%3 == 0
		M := 1 + int(seed%6)
		var tr automa.Trace
		P := w.primaryTarget(a, 0, 0, nil, &tr)
		if P.none() {
			continue
		}
		if P.f == nil {
			inRange := false
			for _, s := range w.attackSpaces(a, P.obj, w.baseRange(a), true, false) {
				inRange = inRange || s == a.Pos
			}
			if inRange {
				continue // stays by rule (§8.7 step 2), tested elsewhere
			}
		}
		keys := independentKeys(w, m, a, P, M, leap)
		start := a.Pos
		kind := "move"
		if leap {
			kind = "leap"
		}
		mv := w.move(a, M, kind, P, &tr)
		end, ok := m.Index(mv.To)
		if !ok {
			if a.onMap() {
				t.Fatalf("seed %d: end %q is not a space", seed, mv.To)
			}
			continue // defeated by a hazard on the way
		}
		ke, ok := keys[end]
		if !ok {
			t.Fatalf("seed %d: ended on %s, which was not a candidate\n%s", seed, mv.To, tr)
		}
		for s, k := range keys {
			if keyLess(k, ke) {
				t.Fatalf("seed %d %s %d: %s %v beats the chosen %s %v\n%s", seed, kind, M, m.Label(s), k, mv.To, ke, tr)
			}
		}
		// The path.
		prev, cost := start, 0
		for i, l := range mv.Path {
			s, _ := m.Index(l)
			if !leap && !m.Adjacent(prev, s) {
				t.Fatalf("seed %d: %s → %s is not a step between adjacent spaces (wall or closed door?)", seed, m.Label(prev), l)
			}
			if leap && (!m.Adjacent(prev, s)) {
				t.Fatalf("seed %d: leap step %s → %s crosses a wall", seed, m.Label(prev), l)
			}
			sp := m.SpaceAt(s)
			if sp.IsClosedDoor() {
				t.Fatalf("seed %d: path enters the closed door %s", seed, l)
			}
			if !leap {
				if sp.IsGap() || sp.HasOrb() || sp.BlockingObject() {
					t.Fatalf("seed %d: a Move enters %s (gap, orb or object)", seed, l)
				}
				for _, f := range w.figs {
					if f.onMap() && f.Pos == s && w.enemies(a, f) {
						t.Fatalf("seed %d: a Move passes the enemy on %s", seed, l)
					}
				}
				cost += sp.MoveCost()
			} else {
				cost++
			}
			if i == len(mv.Path)-1 && s != end {
				t.Fatalf("seed %d: path ends on %s, not on %s", seed, l, mv.To)
			}
			prev = s
		}
		if cost > M || cost != mv.Spent {
			t.Fatalf("seed %d: path costs %d, spent %d, MP %d", seed, cost, mv.Spent, M)
		}
		checked++
	}
	if checked < 60 {
		t.Fatalf("only %d random situations were checked", checked)
	}
}

// TestPropertyRetreatIsFarthest: a Retreat ends as far from its target as
// it can get, never through a hazard.
func TestPropertyRetreatIsFarthest(t *testing.T) {
	for seed := int64(200); seed < 260; seed++ {
		sc, m := randomScene(t, seed, 10)
		w := sc.world()
		a := w.fig("A1")
		var tr automa.Trace
		P := w.primaryTarget(a, 0, 0, nil, &tr)
		if P.none() {
			continue
		}
		n := 1 + int(seed%5)
		d, _ := w.moveFrom(a, a.Pos, false)
		far := m.Range(a.Pos, P.pos())
		for s := range m.Len() {
			if d[s].mp <= n && w.standable(s, a, false) {
				far = max(far, m.Range(s, P.pos()))
			}
		}
		mv := w.retreat(a, n, P, &tr)
		end, _ := m.Index(mv.To)
		if m.Range(end, P.pos()) != far {
			t.Fatalf("seed %d: retreat ended at range %d, %d was reachable\n%s", seed, m.Range(end, P.pos()), far, tr)
		}
		for _, l := range mv.Path {
			if sp, _ := m.Space(l); sp.HasHazard() {
				t.Fatalf("seed %d: a Retreat entered the hazard %s", seed, l)
			}
		}
	}
}
