// Package reich keeps a Reichbusters: Projekt Vril campaign at the table
// (reichbusters spec §4–§6, §8–§11, §13, §14): the content the players typed
// in, the house-rule settings, the campaign record between missions, and
// the mission in play — rounds, turns, the mission tracker and the alarm,
// awareness, the heroes' dashboards — with the enemy's decisions taken from
// automa/reich and recorded as events.
//
// Rules (a tracker.Rules for tracker.Reichbusters) is the plug. Every
// command is a plain struct; Decide works it out into small operations
// (Op) on a copy of the state, and the event carries them with the diary
// line, the reason of an override or correction, the enemy decision's trace
// and a summary of what the enemy did (EnemySummary). Applying an event is
// applying its operations, so replays never roll and never depend on the
// enemy AI's code.
//
// The commands, by screen:
//
//   - Settings: SetSetting (every §14 key; Settings.Describe lists them).
//   - Content: PutFaction, PutSpawnCard, PutNoiseCard, PutMap,
//     PutMissionInfo and their Remove… twins; ImportContent (a file made
//     by ExportContent, checked whole before anything changes).
//   - Campaign: SetDifficulty, SetHPSupply, SetHQ, CloseMission
//     (Algorithm C), BuySkill (Algorithm P), GrantSkill, HandOverSkill,
//     FinishDebrief.
//   - Mission set-up and the round: StartMission, SetTurnOrder (before the
//     alarm), DealTurnOrder, SwapTurnOrder (Opportunist), StartRound,
//     EndTurn, EnemyTurn, Defend, EndRound, FreeDoor, ObjectiveDone,
//     AdjustTracker, BangBoom; DrawBy (who draws each deck: the app, or
//     the players, who name what they drew) and DrawnHP.
//   - A hero's turn: Move, OpenDoor, NoiseTest, Attack, Search, DrawCards,
//     Cards, Recover, GrantAction, GiveItem, DropItem, UseItem,
//     SetGearStatus, ReadyEquipment, VrilEnhance, EscortUnit, WoundHero,
//     Heal, KnockDown, KnockBack, SetSkillActive, LowerAwareness,
//     DisguiseKit, Escape; Move{Reaction: …}, Defend{Decoy: …} and
//     Attack{Counter: true} (during a defence test) outside the hero's own
//     turn.
//   - The enemy by hand: TriggerToken, RevealFeature, RaiseAwareness,
//     SpawnEffect, AreaState; Override (any decision, with the reason);
//     CorrectHero (a dashboard, with the reason).
//   - Not of this Earth!: RevealEnvironment, UseTunnel, PlacePortal,
//     ReadyPortal, ObjectiveDone, Move{Free: true}.
//   - The end: Escape, EndMission, DeclareResult, then CloseMission.
//
// The enemy turn (and the alarm's free turn) stops after each attack for
// its defence tests (Mission.Paused); EnemyTurn again carries it on, so
// the units after see the heroes as the tests left them (§7.5.5).
//
// A command the enemy rules cannot finish without the players (a face-down
// token's icons, a line of sight in assisted mode, a tie left to them, the
// card drawn from a deck the players draw) fails with *NeedAnswer (with the
// answers that fit, when known); send it again with the answer in its
// Answers.
package reich
