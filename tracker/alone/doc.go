// Package alone keeps a game of Alone at the table (spec alone.md): the
// Hero's sheet (Life and Self Control with overflow, the Round track and its
// Healing Cap, Nightmare Mode, the 8 Turns, Bullet Time, Adrenaline,
// experience, Items, the Companion, the Missions), the Evil side's
// bookkeeping (players, Leader, hands and decks, the Reaction Track, the
// hidden Map with its Creatures, Lights, Danger tokens and Doors), and the
// solo mode in which the app plays Evil through automa/alone.
//
// Every command is validated against the rules and becomes one event. The
// event's payload carries the command, every die face it used and every
// value it changed, and Apply folds it by running the same rules again on
// those recorded inputs, so Apply never rolls.
//
// The commands, in the order a game uses them:
//
//   - Setup: SetupSheet (the Hero sheet's values; DefaultSheet pre-fills),
//     ChangeSettings (the AMBIGUOUS readings; DefaultSettings), StartGame,
//     SetAbilityFor.
//   - A Turn (T1): StartTurn (flip the token, optional Recover and Bullet
//     Time), SpendAdrenaline, Declare, then one resolution — MoveHero,
//     ExploreDir, FightCreature, LocateTargets, ScavengeItems, InteractWith,
//     or Resolve when the table resolved it by hand — then the Evil side's
//     PlayReaction (assist, bookkeeping) or EvilTurn (solo), then EndTurn
//     (attacks, Lights out, reset: one event).
//   - The End of the Round (T2): EndRound, one event for all its steps.
//   - The Hero's sheet at any time: DealDamage, RecoverHealth, GainRounds,
//     GainXP, AddItems, UseItem, UpgradeItem, DiscardItem, CompanionCmd,
//     CompleteMission, TakeMidGameReward, LiftCreatureLimit, NoteNoise.
//   - Card and Mission effects on the Map: Teleport, RemoveCreature,
//     PlaceCreature, SetDoor, SetLight, SetDanger, SetToken, AttackBonus,
//     SetGoals.
//   - Corrections by hand: Correct, CorrectMap, SetLeader.
//
// HeroView is what the Hero may see; Suggest, LegalSpawns, LegalMoves and
// LegalDangerSectors serve the assist mode; DescribeHidden and EvilTrace
// tell what solo mode hides until the game is over.
package alone
