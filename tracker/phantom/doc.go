// Package phantom is Phantom Epoch at the table (spec phantom-epoch.md
// §4–§6, §8–§14, §16): the content the group enters from its components,
// the campaign sheet and character sheets, and the mission being played —
// rounds, initiative, the Decision die, every figure's HP and conditions,
// objects and tokens — with the adversary's decisions made by
// automa/phantom on the tracked state.
//
// Rules{} implements tracker.Rules for tracker.PhantomEpoch. The state is
// *State. Every command below is a plain struct the UI fills and passes to
// tracker.Session.Do; a refusal is a *tracker.RuleError naming the spec
// section ("phantom-epoch V-04") and saying why in the players' words.
// Each command becomes one event, "phantom-epoch.<command-in-kebab-case>",
// whose payload keeps the command, the draws it made, any result the
// engine worked out, its diary line and the rules revision it was decided
// under — so Apply replays it exactly, a rule changed since keeping the
// behaviour the event was played with, and undo/redo never re-roll.
//
// # Content (§15) — entered once per campaign, never shipped
//
//   - SaveContent{Kind, ID, Data}: add or edit one piece; Kind is one of
//     KindAdversary (a phantom.AdversaryType, kept under AdversaryKey(name,
//     difficulty)), KindSpeciesCard (SpeciesCard, by ID), KindClassCard
//     (ClassCard, by ID), KindBoss (phantom.BossBoard), KindBossCard
//     (phantom.BossCard, by ID), KindSpecies, KindClass (ClassBoard),
//     KindActionCard, KindEquipment, KindAttachment, KindItem, KindMission
//     (MissionInfo: map, difficulty, rewards) and KindMap (a map file in
//     the automa/hex format, by ID; see automa/hex/FORMAT.md).
//   - RemoveContent{Kind, ID}: refused while a character or the mission
//     uses it.
//   - SetDice: the Decision die's faces and the attack/Accuracy dice faces.
//   - ExportContent(state) writes a content file; ImportContent{Data}
//     reads one, checked whole before anything changes.
//
// # Settings (§17)
//
// ChangeSettings{Settings} replaces State.Settings; SettingsInfo lists each
// setting with the ambiguity (A-xx) it reads and what it means.
//
// # Campaign (§14)
//
// CreateCharacter, BuyActionCard (SP), ReturnActionCard (after a training
// mission), AdjustCampaign (fame, vanished technology), BuyEquipment /
// SellEquipment (the last mission's planet, fame tiers via FameTier),
// DismantleAttachment, Trade, Equip, Charge, Expedition (planetary or
// story), DefineUpgrade / TickUpgrade (the upgrade board), MarkMission,
// UnlockClass, SetAttachmentDeck, StandaloneTraining /
// KeepTrainingAttachments, CorrectCharacter (by hand).
//
// # Mission (§10–§13)
//
// Setup: StartMission{Mission, Party []Embark, AdversaryDifficulty,
// Training, TrainingTier} places adversaries by the map's icons and builds
// the seeded decks; BuildEventDeck.
//
// Each round: BeginRound{Face} (nil Face: the app rolls the die) →
// DrawEvent → SelectCards / Rest for each character → DrawAdversaryCards
// (nil Drawn: from the seeded decks) → DetermineInitiative{CharacterOrder}
// → turns in Mission.Order (Mission.next figure) → EndRound. Then
// BeginRound again, or MissionResult{Success} and PickAttachment for each
// participant, and ShareRewards for the items and nova cells a first
// success gives (the next mission waits for both).
//
// A character's turn: StartTurn → PlayCard, MoveFigure, Attack,
// DiscardForStun, UseItem, ActivateOrb (and Damage, Heal, Inflict,
// RemoveCondition as cards say) → EndTurn. After an attack on a Vengeful
// adversary (or one with an after-attacked round effect): ResolveReaction.
// Damage, Heal and Inflict name the acting figure in By ("" the table);
// no other figure's action affects an Invisible one (§4). A rest turn's
// StartTurn drops detrimental conditions by the setting
// restRemovesAllDetrimental (all but Keep, or only Drop; §6.3 item 2),
// and an Attack on it names the item or equipment that grants it in
// Granted (§6.3 items 5–6).
//
// An adversary's turn: ResolveAdversaryTurn{Adversary, Attack, Accuracy}
// runs the engine and leaves the proposal in Mission.Pending (the
// phantom.Turn with path, line of sight, attacks and the figures after
// it, plus the trace as lines for the explanation panel); then
// ConfirmAdversaryTurn applies it, or OverrideAdversaryTurn{Reason,
// Figures, Objects} applies what the players decided instead. What is
// recorded while it waits (a condition, damage, a heal, a correction) is
// carried through the confirmation, never overwritten (carry.go;
// Mission.Proposed is the turn so carried, for the override form). A turn
// stopped for a roll (Pending.Turn.Stopped) is resolved again with the
// roll entered, starting from the rolls it already made.
//
// Any time: PlaceAdversary (mid-mission, §10.3), DamageObject,
// SetPrimaryTarget, CorrectFigure and CorrectSpace (by hand), SetColours
// (adversaries' HP-base colours: chosen per figure at setup, corrected
// later) and CorrectEquipment (a character's equipment, with a reason).
//
// # State the screens read
//
// State.Content, State.Settings, State.Sheet (fame, vanished technology,
// mission boxes, upgrades, orbs and treasure taken, attachment decks),
// State.Characters (sheets by name) and State.Mission: ID, Round, Phase
// ("setup", "select", "draw", "turns", "end", "over"), Face, Map (the live
// map in the hex format), Figures (Name, Side, Type, Colour, Position, HP,
// MaxHP, Conditions, piles of cards, Bandages, Nova, Initiative), Order,
// Acted, Current, Pending, Decks (phantom.Decks, InPlay this round),
// Event, Result, RewardChoices and Picks.
package phantom
