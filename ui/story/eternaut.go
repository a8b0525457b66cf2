package story

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
)

func init() {
	tellers[tracker.Eternaut] = func(o Options) teller { return &eternautTeller{o: o} }
}

// eternautTeller tells a campaign of The Eternaut: each scenario (who
// played it, the paragraphs read, the deaths, the aliens' activations, the
// Timer at its end, its result) followed by its page of the Chronicle
// Diary as the app exports it, and the diary's campaign page at the end.
// Without spoilers the paragraphs the app pointed to that nobody marked
// read are only counted, not named.
type eternautTeller struct {
	o      Options
	open   string // the scenario told
	ending bool   // its end is being worked through
	letter string
	turns  int
	acts   int
	dead   map[string]bool
	asked  []string // paragraphs the app asked to be read in this scenario
	read   map[string]bool
	timer  *Plot
	life   *Plot
	plots_ []*Plot
}

func (t *eternautTeller) begin(tracker.State) {}

func (t *eternautTeller) noun() string { return "scenario" }
func (t *eternautTeller) idle() string { return "Between scenarios" }
func (t *eternautTeller) spoilers() string {
	return "the paragraphs the app pointed to that nobody marked read"
}

func (t *eternautTeller) partOf(where string) string {
	head, _, _ := strings.Cut(where, " · ")
	switch {
	case strings.HasPrefix(head, "Scenario "):
		return strings.TrimPrefix(head, "Scenario ")
	case strings.HasPrefix(head, "End of scenario "):
		return strings.TrimPrefix(head, "End of scenario ")
	}
	return ""
}

func (t *eternautTeller) plots() []*Plot {
	if t.open != "" && t.timer != nil {
		return []*Plot{t.timer, t.life}
	}
	return t.plots_
}

// eternautTold are the kinds told in their diary line wherever they come.
var eternautTold = map[string]bool{
	"kill": true, "leave": true, "join": true, "reinforce": true, "loss": true, "restart": true, "reset": true,
	"finale": true, "quest.outcome": true, "quest.gain": true, "objective.set": true, "objective.reveal": true,
	"end.objectives": true, "end.record": true, "end.quests": true, "end.unlock": true, "shop.buy": true,
	"aliens.override": true, "tank.destroyed": true, "ability.gain": true, "plot": true,
}

func (t *eternautTeller) step(b *book, e tracker.Event, st tracker.State) {
	s, ok := st.(*et.State)
	if !ok {
		return
	}
	kind := strings.TrimPrefix(e.Kind, "eternaut.")
	line := et.Rules{}.Describe(e)
	if kind == "campaign" {
		var names []string
		for _, c := range s.Roster {
			if c.Status != et.NotUnlocked && c.Status != et.OutOfCampaign {
				names = append(names, c.Name)
			}
		}
		b.say(fmt.Sprintf("The campaign begins with %s; the group: %s.", plural(s.Players, "player", "players"), listWords(names)))
		return
	}
	sc := s.Scenario
	if kind == "setup" && sc != nil {
		t.start(b, s)
		return
	}
	if t.open == "" {
		if eternautTold[kind] {
			b.say(sentence(line))
		}
		return
	}
	round := ""
	if sc != nil && s.Phase == et.PhasePlaying {
		round = fmt.Sprintf("Round %d: ", sc.Round())
	}
	// What the app asked to be read, and what was read.
	for _, r := range s.Reminders {
		if k, ok := strings.CutPrefix(r, "Read paragraph "); ok {
			k = strings.TrimSpace(strings.TrimSuffix(k, "."))
			if !slices.Contains(t.asked, k) && len(t.asked) < 200 {
				t.asked = append(t.asked, k)
			}
		}
	}
	switch kind {
	case "paragraph":
		if n := len(s.Paragraphs); n > 0 {
			t.read[s.Paragraphs[n-1].Key] = true
		}
		b.say(round + sentence(line))
	case "turn.end":
		t.turns++
	case "end.start":
		t.ending = true
		if sc != nil {
			b.say(sentence(line) + fmt.Sprintf(" The Timer stands on space %d (it started on %d).", sc.Timer, sc.TimerStart))
			t.sample(s)
		}
	case "shop.close", "loss", "finale", "restart":
		b.say(sentence(line))
		t.end(b, s)
		return
	default:
		switch {
		case sc != nil && len(sc.Activations) > t.acts:
			for _, a := range sc.Activations[t.acts:] {
				b.say(fmt.Sprintf("Round %d: %s.", a.Round, upper(strings.TrimSuffix(a.What, "."))))
			}
		case eternautTold[kind]:
			b.say(round + sentence(line))
		}
	}
	if sc != nil {
		t.acts = len(sc.Activations)
	}
	for _, c := range s.Roster {
		if c.DiedHere && !t.dead[c.ID] {
			t.dead[c.ID] = true
			if kind != "kill" {
				b.say(round + c.Name + " dies.")
			}
		}
	}
	if s.Phase == et.PhasePlaying {
		t.sample(s)
	}
	if s.Phase != et.PhasePlaying && s.Phase != et.PhaseEnding && t.open != "" {
		t.end(b, s)
	}
}

// start opens a scenario: its heading, the Timer, who plays it.
func (t *eternautTeller) start(b *book, s *et.State) {
	sc := s.Scenario
	t.open, t.ending, t.letter, t.turns, t.acts = sc.Key, false, et.Letter(sc.Key), 0, 0
	t.dead, t.read, t.asked = map[string]bool{}, map[string]bool{}, nil
	b.idle = "Between scenarios"
	b.open(sc.Key, "Scenario "+sc.Key, fmt.Sprintf("The Timer starts on space %d", sc.TimerStart))
	var who []string
	for _, c := range s.InPlay() {
		who = append(who, fmt.Sprintf("%s (card %s, %d life)", c.Name, c.ID, c.LP))
	}
	b.list("In play:", who)
	t.timer = &Plot{Title: "The Timer by turn — Scenario " + sc.Key, X: "Turn", Y: "Timer space", Step: true,
		Notes: []string{"Each value is the Timer's space after that many players' turns; it moves back one space each round."}}
	t.life = &Plot{Title: "Life by round — Scenario " + sc.Key, X: "Round", Y: "Life"}
	t.sample(s)
}

// sample takes the Timer at this turn and each Character's life at this
// round.
func (t *eternautTeller) sample(s *et.State) {
	sc := s.Scenario
	if sc == nil || t.timer == nil {
		return
	}
	t.timer.set("Timer", t.turns, sc.Timer)
	for _, c := range s.InPlay() {
		t.life.set(c.Name, sc.Round(), c.LP)
	}
	for _, c := range s.Roster {
		if c.DiedHere {
			t.life.set(c.Name, sc.Round(), 0)
		}
	}
}

// end tells the scenario's end: its result, the paragraphs asked and not
// read, its page of the diary and the plots.
func (t *eternautTeller) end(b *book, s *et.State) {
	if t.open == "" {
		return
	}
	var unread []string
	for _, k := range t.asked {
		if !t.read[k] {
			unread = append(unread, k)
		}
	}
	switch {
	case len(unread) == 0:
	case t.o.Spoilers:
		b.say("Paragraphs the app pointed to that nobody marked read: " + listWords(unread) + ".")
	case len(unread) == 1:
		b.say("1 paragraph the app pointed to was not marked read; it is left out of this story (choose spoilers to see it).")
	default:
		b.say(fmt.Sprintf("%d paragraphs the app pointed to were not marked read; they are left out of this story (choose spoilers to see them).", len(unread)))
	}
	b.plot(t.timer)
	b.plot(t.life)
	if sec := s.Section(t.letter); sec != nil {
		eternautPage(b, "The Chronicle Diary, Scenario "+t.letter+":", et.DiaryPage(sec))
	}
	t.plots_ = []*Plot{t.timer, t.life}
	t.open = ""
	b.close()
}

// eternautPage writes diary blocks as the story's page has them.
func eternautPage(b *book, lead string, blocks []et.DiaryBlock) {
	if lead != "" {
		b.say(lead)
	}
	for _, blk := range blocks {
		switch {
		case len(blk.Head) > 0:
			b.table("", blk.Head, blk.Rows)
		case blk.Lead != "":
			b.list(blk.Lead, blk.Items)
		case blk.Words != "":
			b.say(blk.Words)
		default:
			b.say(blk.Text)
		}
	}
}

func (t *eternautTeller) finish(b *book, st tracker.State) {
	s, ok := st.(*et.State)
	if !ok || t.open == "" || s.Scenario == nil {
		return
	}
	sc := s.Scenario
	if s.Phase == et.PhasePlaying {
		b.say(fmt.Sprintf("The scenario goes on: round %d, the Timer on space %d.", sc.Round(), sc.Timer))
	} else {
		b.say("The scenario's end is being worked through.")
	}
	b.plot(t.timer)
	b.plot(t.life)
}

func (t *eternautTeller) closing(b *book, st tracker.State) {
	s, ok := st.(*et.State)
	if !ok || !s.Started {
		return
	}
	b.closingPart("The Chronicle Diary")
	b.say(et.DiaryHeading(s) + ".")
	eternautPage(b, "", et.DiaryCampaignPage(s))
}
