package alone

import (
	"testing"

	"tablekeeper/automa/alone"
)

// §4.11 item 4 (EC End of the Round: "If you have 8 Danger tokens already
// on the Map, you may remove some to place new ones"): the tokens are placed
// one at a time, so a full Level may give up one token for each new token it
// takes, two or more in one End of the Round, not just one.
func TestAuditDangerMovedOnAFullLevel(t *testing.T) {
	b := &mb{m: testMap()}
	// Three more Sectors east of Level 2, so a full Level still has room.
	for y := 0; y < 3; y++ {
		b.sec(id(2, 3, y), 2, alone.ShapeCross)
		b.link(id(2, 2, y), alone.East, id(2, 3, y), false)
		if y > 0 {
			b.link(id(2, 3, y-1), alone.South, id(2, 3, y), false)
		}
	}
	m := b.m
	for _, s := range []string{"2-00", "2-10", "2-20", "2-01", "2-11", "2-21", "2-02", "2-12"} {
		m.Sector(s).Danger = true
	}
	s := mapped(t, Assist, m)
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	// 3 new tokens for a full Level 2 cost 3 old ones; only 2 are given up.
	refused(t, s, EndRound{Danger: []string{"2-30", "2-31", "2-32"}, DangerRemove: []string{"2-00", "2-10"}}, "V28")
	// More tokens taken away than the new ones need room for.
	refused(t, s, EndRound{Danger: []string{"2-30"}, DangerRemove: []string{"2-00", "2-10"}}, "§4.11")
	do(t, s, EndRound{Danger: []string{"2-30", "2-31"}, DangerRemove: []string{"2-00", "2-10"}})
	g := st(s)
	if g.Map.DangerOnLevel(2) != 8 || g.Map.Sector("2-00").Danger || g.Map.Sector("2-10").Danger || !g.Map.Sector("2-31").Danger {
		t.Fatalf("Level 2 holds %d Danger tokens", g.Map.DangerOnLevel(2))
	}
}

// §2.5 item 4 and T1 step 6a: Reactions played at the end of the Turn come
// after all of the Turn's Actions, so once one is played (or the app's Evil
// side has had its end-of-Turn chance) no further Action is declared; an
// Instant card in between leaves the second Bullet Time Action open.
func TestAuditEndOfTurnReactionsCloseTheActions(t *testing.T) {
	s := bookkeeping(t)
	do(t, s, StartTurn{BulletTime: true})
	do(t, s, Declare{Action: Move})
	do(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: "move", Instant: true, Card: "Quick"}})
	do(t, s, Resolve{})
	do(t, s, Declare{Action: Locate}) // the Instant card does not end the Actions
	do(t, s, Resolve{})
	do(t, s, EndTurn{})

	s = bookkeeping(t)
	do(t, s, StartTurn{BulletTime: true})
	do(t, s, Declare{Action: Move})
	do(t, s, Resolve{})
	do(t, s, PlayReaction{ReactionPlay{Player: 0}}) // a Standard Reaction: end of the Turn
	refused(t, s, Declare{Action: Locate}, "§2.5")
	do(t, s, EndTurn{})

	// Solo: the app's end-of-Turn Reactions close the Actions too.
	m := testMap()
	g := mapped(t, Solo, m)
	do(t, g, StartTurn{BulletTime: true})
	do(t, g, Declare{Action: Locate})
	do(t, g, Resolve{})
	do(t, g, EvilTurn{})
	refused(t, g, Declare{Action: Locate}, "§2.5")
}
