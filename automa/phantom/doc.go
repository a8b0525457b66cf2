// Package phantom plays the adversary side of Phantom Epoch (spec
// phantom-epoch §3, §7–§11): given a situation — the mission map (in the
// automa/hex format), the figures, the adversary cards drawn, the Decision
// die — it decides what an adversary does and explains why.
//
// The pieces, in the order a round uses them:
//
//   - dice.go, pick.go: the attack, Accuracy and Decision dice, each rolled
//     through automa.Rand or entered from a physical roll, and DecisionPick
//     (§3.3: colour, primary direction, secondary direction).
//   - decks.go, initiative.go: drawing adversary cards (§8.2), initiative
//     and its tie-breaks (§8.3, §9.2, §11.2).
//   - target.go: the primary target with every criterion and tie-breaker
//     (§8.6), including the object criterion and the Leap context.
//   - move.go, paths.go: Move and Leap with hazard avoidance and the end-space
//     keys (§8.7), Retreat and Teleport (§8.8), over figure-aware searches.
//   - turn.go: the turn (§8.4), playing cards and converting them (§8.9),
//     attacks with the line-of-sight choice and Accuracy rolls (§7, §8.5,
//     §8.10), actions for allies (§8.11), round effects (§8.12), the
//     primary-target override (§8.13), heal, defeat and drops (§8.14), and
//     bosses (§9).
//   - reaction.go, place.go: what an adversary does right after being
//     attacked (Vengeful, round effects), and placing new adversaries (§10).
//   - situation.go, api.go: the situation file, its checks, and the entry
//     points the GUI and `tablekeeper resolve phantom-epoch FILE` call
//     (RESOLVE.md).
//
// Every decision returns an automa.Trace: each rule applied, with the
// candidates it kept and dropped and their numbers, the tie-breaker that
// settled it, the die face used, the path and the line of sight.
// Card texts are never shipped: cards are data the players enter.
package phantom
