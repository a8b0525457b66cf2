// Package alone holds the rules computations and the Evil opponent for the
// game Alone (spec alone.md): the hidden Map of two Levels, the algorithms of
// spec §6 (distance, line of sight, reveal, explore, lighting, noise, creature
// moves, wounds, damage, recovery, the Turn and End-of-Round procedures), the
// Evil side's rules (§4) and the Evil policy of §7.
//
// Everything here is a pure function of its inputs: a *Map is read, never
// changed, unless a method's name says it changes it (Apply..., Reveal...).
// The tracker owns the game state and turns the results into events. Every
// Evil decision returns an automa.Trace and draws its tie-breaks from an
// automa.Rand, so a game replays exactly.
package alone
