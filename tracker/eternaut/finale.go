package eternaut

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"tablekeeper/tracker"
)

// The campaign's finale, loss and restart (spec §10.3, §10.4).

// FinishCampaign closes the campaign after F (§10.3): Owned is the full set
// of Special Quest cards held at the end (nil: those written in section E
// plus the ones on the table in F). Quest3 and Quest4 are the group's
// outcome letters ("#A"…"#F") for the cases the rules leave open.
type FinishCampaign struct {
	Owned          []string
	Quest3, Quest4 string
}

// Restart replays the scenario from the campaign as it stood after the last
// completed scenario (§10.4 a).
type Restart struct{}

// ResetCampaign starts over from the beginning, diary wiped (§10.4 b).
type ResetCampaign struct{ Confirm bool }

// SetQuestOutcome writes a Special Quest Epilogue outcome when a paragraph
// gives it during the campaign (§8.3): Quest 1..7, Outcome "#A".."#F".
type SetQuestOutcome struct {
	Quest   int
	Outcome string
}

func init() { register(FinishCampaign{}, Restart{}, ResetCampaign{}, SetQuestOutcome{}) }

// QuestFacts are the inputs of the Special Quest rules (§10.3.1).
type QuestFacts struct {
	Owned func(card string) bool
	Has   func(id string) bool // in the group and alive at the end of F
	Alive func(id string) bool
	Dead  func(id string) bool
	Found func(id string) bool // ever unlocked
}

// QuestOutcomes computes outcomes #1..#7 by the first matching line of each
// rule; "" where the rules give none (the group decides).
func QuestOutcomes(f QuestFacts) [7]string {
	var o [7]string
	if f.Owned("C-15") {
		o[0] = "#E"
	} else {
		o[0] = "#A"
	}
	switch b, h := f.Owned("B1-16"), f.Has("911"); {
	case b && h:
		o[1] = "#D"
	case !b && h:
		o[1] = "#C"
	case b && !h:
		o[1] = "#B"
	default:
		o[1] = "#A"
	}
	switch {
	case f.Dead("902") && f.Alive("905"):
		o[2] = "#E"
	case f.Alive("902") && f.Alive("905"):
		o[2] = "#F"
	}
	switch {
	case !f.Found("906"):
		o[3] = "#A"
	case f.Alive("901") && f.Alive("906"):
		o[3] = "#F"
	}
	if f.Owned("C-16") || f.Owned("D-17") {
		o[4] = "#D"
	} else {
		o[4] = "#B"
	}
	if f.Owned("C-17") {
		o[5] = "#B"
	} else {
		o[5] = "#A"
	}
	o[6] = "#A"
	return o
}

// Band is the Final Campaign Score's band (§10.3.2).
func Band(score int) string {
	switch {
	case score <= 19:
		return "You survived, at a heavy cost"
	case score <= 35:
		return "Through, with scars"
	case score <= 50:
		return "Well led"
	}
	return "Exceptional survivors"
}

func validOutcome(o string) bool {
	return len(o) == 2 && o[0] == '#' && o[1] >= 'A' && o[1] <= 'F'
}

func (FinishCampaign) kind() string { return "finale" }
func (c FinishCampaign) run(s *State, x *exec) error {
	w, err := s.step(StepFinale)
	if err != nil {
		return err
	}
	for _, a := range []string{c.Quest3, c.Quest4} {
		if a != "" && !validOutcome(a) {
			return tracker.Refuse("eternaut §10.3.1", "an outcome is written #A to #F, not %q", a)
		}
	}
	owned := c.Owned
	if owned == nil {
		owned = append(slices.Clone(s.Section("E").SpecialQuests), s.Scenario.SpecialQuests...)
	}
	// The E list is on the table again in F (setup F step 13): each card
	// is owned once.
	var once []string
	for _, q := range owned {
		if q = strings.TrimSpace(q); q != "" && !slices.Contains(once, q) {
			once = append(once, q)
		}
	}
	owned = once
	status := func(id string) string {
		if ch := s.Char(id); ch != nil {
			return ch.Status
		}
		return ""
	}
	facts := QuestFacts{
		Owned: func(card string) bool { return slices.Contains(owned, card) },
		Has:   func(id string) bool { return status(id) == Alive && !s.Char(id).AwaitsReveal },
		Alive: func(id string) bool { return status(id) == Alive },
		Dead:  func(id string) bool { return status(id) == Dead },
		Found: func(id string) bool { ch := s.Char(id); return ch != nil && ch.Found },
	}
	rules := QuestOutcomes(facts)
	rules[2] = firstNonEmpty(rules[2], c.Quest3)
	rules[3] = firstNonEmpty(rules[3], c.Quest4)
	var parts []string
	for i := range s.Quests {
		if s.Quests[i] == "" {
			s.Quests[i] = rules[i]
		}
		parts = append(parts, fmt.Sprintf("#%d %s", i+1, orDash(s.Quests[i])))
	}
	sec := s.Section("F")
	sec.SpecialQuests = slices.Clone(owned)
	total := 0
	for _, d := range s.Diary {
		total += d.Score
	}
	s.CampaignScore, s.Band = total, Band(total)
	s.Phase, s.End, s.Scenario = PhaseFinished, nil, nil
	_ = w
	takeSnapshot(s, "F")
	x.say("Special Quest outcomes: %s", strings.Join(parts, ", "))
	x.say("Final Campaign Score %d: %s", total, s.Band)
	x.ask("Read the Epilogue cards END#1 to END#7, each at its marked outcome")
	return nil
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func (SetQuestOutcome) kind() string { return "quest.outcome" }
func (c SetQuestOutcome) run(s *State, x *exec) error {
	if c.Quest < 1 || c.Quest > 7 {
		return tracker.Refuse("eternaut §8.3", "Special Quests are numbered 1 to 7, not %d", c.Quest)
	}
	if !validOutcome(c.Outcome) {
		return tracker.Refuse("eternaut §8.3", "an outcome is written #A to #F, not %q", c.Outcome)
	}
	if old := s.Quests[c.Quest-1]; old != "" {
		return tracker.Refuse("eternaut §8.3", "Special Quest #%d already has outcome %s (correct the diary by hand to change it)", c.Quest, old)
	}
	s.Quests[c.Quest-1] = c.Outcome
	x.say("Special Quest #%d: outcome %s", c.Quest, c.Outcome)
	return nil
}

// restore puts a snapshot's campaign back, keeping the history that must
// survive: the paragraphs read, the snapshots and the restart count.
func restore(s *State, snap Snapshot) error {
	var old State
	if err := json.Unmarshal(snap.State, &old); err != nil {
		return fmt.Errorf("the saved campaign cannot be read: %w", err)
	}
	old.Snapshots, old.Paragraphs, old.Restarts = s.Snapshots, s.Paragraphs, s.Restarts+1
	*s = old
	return nil
}

// RestartPoint says where a Restart after a loss takes the campaign (§10.4,
// rulebook p.37: "restart from the last scenario you played by reading the
// final situation of your last won scenario"): the scenario set up again
// (Replay) and the one after which the campaign is taken back (After,
// "start" for the campaign's beginning). ok is false when nothing was
// saved.
func (s *State) RestartPoint() (replay, after string, ok bool) {
	if len(s.Snapshots) == 0 {
		return "", "", false
	}
	snap := s.Snapshots[len(s.Snapshots)-1]
	var old struct {
		Next string `json:"next"`
	}
	if err := json.Unmarshal(snap.State, &old); err != nil {
		return "", "", false
	}
	replay = old.Next
	if replay == "" {
		replay = "A"
	}
	return replay, snap.After, true
}

// RestartWords names what a Restart does, for the players to choose before
// they tap it: "Replay scenario C as the campaign stood after scenario B1".
func (s *State) RestartWords() string {
	replay, after, ok := s.RestartPoint()
	switch {
	case !ok:
		return "No saved campaign to replay from"
	case after == "start":
		return fmt.Sprintf("Replay scenario %s from the beginning of the campaign", replay)
	}
	return fmt.Sprintf("Replay scenario %s as the campaign stood after scenario %s", replay, after)
}

func (Restart) kind() string { return "restart" }
func (Restart) run(s *State, x *exec) error {
	if s.Phase != PhaseLost {
		return tracker.Refuse("eternaut §10.4", "a restart is for a lost campaign")
	}
	if len(s.Snapshots) == 0 {
		return tracker.Refuse("eternaut §10.4", "there is no saved campaign to restart from")
	}
	snap := s.Snapshots[len(s.Snapshots)-1]
	if err := restore(s, snap); err != nil {
		return err
	}
	if snap.After == "start" {
		x.say("Campaign restarted from the beginning")
	} else {
		x.say("Campaign restarted as it stood after scenario %s", snap.After)
	}
	x.ask("Set up Storybook %s again", s.nextKey())
	return nil
}

func (ResetCampaign) kind() string { return "reset" }
func (c ResetCampaign) run(s *State, x *exec) error {
	if !c.Confirm {
		return tracker.Refuse("eternaut §10.4", "starting over wipes the diary: confirm it")
	}
	if len(s.Snapshots) == 0 || s.Snapshots[0].After != "start" {
		return tracker.Refuse("eternaut §10.4", "the campaign's start was not saved")
	}
	start := s.Snapshots[0]
	if err := restore(s, start); err != nil {
		return err
	}
	s.Snapshots = []Snapshot{start}
	x.say("Campaign started over: the diary is wiped")
	x.ask("Set up Scenario A")
	return nil
}
