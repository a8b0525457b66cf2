package alone

import (
	"testing"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
)

// What a player feels after every tap: the screens re-read the game.
func BenchmarkRefreshAfterAnEvent(b *testing.B) {
	for _, mode := range []string{"solo", "assist"} {
		b.Run(mode, func(b *testing.B) {
			ctx, _ := gameB(b, mode)
			p := NewPlayScreen(ctx)
			e := NewEnemyScreen(ctx)
			ctx.Do(ta.PlaceCreature{Type: alone.Worm, Sector: "2C2"})
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p.Refresh()
				e.Refresh()
			}
		})
	}
}
