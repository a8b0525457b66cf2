// Package eternaut keeps the books of The Eternaut's six-scenario campaign
// (spec eternaut.md): the Chronicle Diary, every Character's life, ammo,
// penalties, items and abilities, the Timer track and its Event counters,
// the Consumed cubes, the end of each scenario with its purchases, the
// branching between Storybooks, and the campaign's finale.
//
// It plugs into the tracker core as Rules (game tracker.Eternaut):
//
//	reg := tracker.Registry{tracker.Eternaut: eternaut.Rules{}}
//
// The UI sends the command structs below to a tracker.Session with Do.
// Each command is checked against the rules (a refusal is a
// *tracker.RuleError naming the spec section, in words a player knows) and
// becomes exactly one event whose diary line (Describe) and reminders
// (Reminders, and State.Reminders after it) are written when it is decided.
// The state (*State, from Session.State) is read-only for the UI.
//
// # The flow
//
// NewCampaign → (StartScenario → live commands … → EndScenario or the clock
// → ConfirmObjectives → ReturnItems → RecordEpilogue → RecordSpecialQuests
// → Unlock → Buy… → CloseShop) × A..E → StartScenario F → … →
// ConfirmObjectives → RecordEpilogue → FinishCampaign. State.Phase says
// where the campaign is (between, playing, ending, finished, lost) and
// State.End.Step the wizard's step.
//
// # Commands
//
// Campaign: NewCampaign{Players, Roster []RosterEntry{ID, Name}},
// ChangeSettings{Settings}, RenameCharacter{ID, Name}, SetPlayers{Players},
// SetDeck{Basic map[name]count}.
//
// Setup (§4): StartScenario{Key, TimerStart, Side, Characters, Boards,
// FirstPlayer, Items map[char][]item, Ammo map[char]n, Bags map[char]BagSetup,
// Aliens []race}.
//
// Turns and rounds (§5): SetFirstPlayer{Player} (before the first turn),
// ExchangeCards{Fatigue char}, PlayCard{Char, Card},
// PickForMadness{Char, Hand}, EndTurn{} (end-of-round check, cube
// activation, the whole end of round), SetTimer{Value, TriggerEvents,
// ConfirmEnd}, PlaceEvent{ID, Space}, RemoveEvent{ID, Space}.
//
// Consumed cubes and enemies (§5.7, §5.8): MoveCube{From},
// MoveCubes{From, To, N}, DealCubes{Split}, SetCubes{Boards, OnTarget},
// RevealR02{}, SwitchMenaceDeck{}, SetAlert{State}, SetAliensOnMap{Module,
// OnMap}, MenaceActivation{Module}, OverrideActivation{Instead, Reason}.
//
// Characters (§7): Damage{Char, N, Source}, Heal{Char, N}, Kill{Char, Cause},
// LeaveGroup{Char, KeepItems}, GainAmmo{Char, N}, LoseAmmo{Char, N},
// RangedAttack{Char}, AddPenalty{Char, Kind, FromFog}, TakeABreak{Char},
// TakeCare{Char}, RemovePenalty{Char, Kind, N}, SetUnavailable{Char,
// Unavailable}, JoinCharacter{ID, Board}, Reinforce{Dead, New, Items, Ammo},
// ConfirmLoss{}, GainAbility{Char, ID, Permanent}, FlipAbility{Char | GA}.
//
// Items (§7.6, §7.7): GainItem{Char, Item, Drop, Where, Pile},
// DropItems{Char, Items, Where, Pile}, PickUp{Char, Pile, Items, Drop},
// DiscardItem{Char, Item}, Trade{From, To, Give, Take, Ammo, DropFrom,
// DropTo, Where}, SetBag{Char, Bag}, BagStore{Char, Items}, BagTake{Char,
// Items, Drop, Where}, Craft{Char, A, B}.
//
// Table: MarkPlot{Cross, N}, RevealObjective{ID}, SetObjective{ID, State},
// GainSpecialQuest{ID}, LoseSpecialQuest{ID}, RevealFigure{ID, Name, Kind,
// MaxLP}, DamageFigure{ID, N}, HealFigure{ID, N}, RemoveFigure{ID},
// TankSetup{Fuel, MaxFuel, Ammo, MaxAmmo}, TankOperate{Char}, TankLeave{},
// TankAct{Action}, TankDestroyed{}, DeviceSetup{MaxLP}, DeviceOperate{Char},
// DamageDevice{N}, PlaceSnowflakes{N}, SetSnowParagraph{Key},
// TouchSnow{Char}.
//
// Paragraphs (§6): ReadParagraph{Key, Kind, By, Note} records one read; the
// helpers BuildParagraph, Interaction, CandidateParagraphs, IDKind,
// TimerParagraph, HitParagraph, DeathParagraph and SearchParagraphs build
// and find them.
//
// End of scenario (§9, §10): EndScenario{}, ConfirmObjectives{},
// ReturnItems{Items}, RecordEpilogue{Code}, RecordSpecialQuests{IDs},
// Unlock{NPC905, NPC906}, Buy{Kind, ID, Name, Remove, Char, Skill,
// Permanent}, CloseShop{}, FinishCampaign{Owned, Quest3, Quest4},
// SetQuestOutcome{Quest, Outcome}, Restart{}, ResetCampaign{Confirm}.
//
// Corrections by hand ("the table is the source of truth"):
// CorrectDiary{Section, Field, Char, Value}, CorrectCharacter{Char, Field,
// Value}, CorrectScenario{Field, Value}; each is an event whose line starts
// "Corrected by hand".
//
// Pure helpers for screens: HandSize, DrawTo, EndOfRoundDue, TimerTrack,
// SkillValue, CombinedSkill, Attack, Score, PurchasePoints, NextScenario,
// EpilogueFits, QuestOutcomes, Band, DiaryMarkdown; Character.Capacity and
// BoardCount; Scenario.Round. For an event: Reminders(e) (what it asks the
// players to do next) and Trace(e) (the enemy decision's explanation).
package eternaut
