package story

import (
	"fmt"
	"strings"

	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	uialone "tablekeeper/ui/alone"
)

func init() {
	tellers[tracker.Alone] = func(o Options) teller { return &aloneTeller{o: o} }
}

// aloneTeller tells a game of Alone, Round by Round: the Hero and the
// game's set-up, the Hero's Actions, the Evil side's notable plays as the
// Hero saw them (and, with spoilers, what the Evil side hid), the attacks
// and damage, the Missions, the ends of Rounds; the Evil side's Why once
// the game is over, as the app's reveal shows it; and the Hero's Life,
// Self Control and Round track over the Rounds.
type aloneTeller struct {
	o     Options
	over  bool // the game is over as the campaign stands: its Why is told
	round int
	plot  *Plot
}

func (t *aloneTeller) noun() string { return "Round" }
func (t *aloneTeller) idle() string { return "Setting up" }
func (t *aloneTeller) spoilers() string {
	return "the Evil side's hidden plays (what the Hero did not see at the table)"
}

func (t *aloneTeller) partOf(where string) string {
	head, _, _ := strings.Cut(where, " · ")
	if strings.HasPrefix(head, "Round ") {
		return head
	}
	return ""
}

func (t *aloneTeller) begin(final tracker.State) {
	if s, ok := final.(*ta.State); ok {
		t.over = s.Outcome != ""
	}
}

func (t *aloneTeller) plots() []*Plot {
	if t.plot == nil {
		return nil
	}
	return []*Plot{t.plot}
}

// aloneTold are the kinds of event told in their diary line.
var aloneTold = map[string]bool{
	"move": true, "explore": true, "fight": true, "locate": true, "scavenge": true, "interact": true,
	"evil": true, "reaction": true, "endTurn": true, "endRound": true, "damage": true, "recover": true,
	"rounds": true, "mission": true, "reward": true, "xp": true, "itemAdd": true, "itemUse": true,
	"upgrade": true, "companion": true, "correct": true, "teleport": true, "removeCreature": true,
}

func (t *aloneTeller) step(b *book, e tracker.Event, st tracker.State) {
	s, ok := st.(*ta.State)
	if !ok {
		return
	}
	kind := strings.TrimPrefix(e.Kind, "alone.")
	if kind == "start" {
		t.start(b, s)
		return
	}
	if !s.Started {
		return
	}
	if kind == "endRound" {
		// The end of a Round is told with it, before the next begins.
		b.say(t.line(e))
	}
	if s.Round != t.round {
		t.round = s.Round
		b.open(fmt.Sprintf("Round %d", s.Round), fmt.Sprintf("Round %d", s.Round), t.roundSub(s))
	}
	t.sample(s)
	if !aloneTold[kind] || kind == "endRound" {
		return
	}
	line := ta.Rules{}.Describe(e)
	if kind == "endTurn" && !strings.Contains(line, "attacks") && !strings.Contains(line, "damage") {
		return // a Turn that ended quietly
	}
	if strings.HasSuffix(line, "plays no Reaction") {
		return
	}
	b.say(t.line(e))
	hidden, _, _ := strings.Cut(ta.DescribeHidden(e), "\n")
	if tr, ok := ta.EvilTrace(e); ok && t.over && s.Map != nil && (t.o.Spoilers || hidden == line) {
		b.why("The Evil side's reasons, revealed at the end of the game:", whyLines(uialone.TraceWords(tr, s.Map).Steps))
	}
	if s.Outcome != "" && (kind == "damage" || kind == "endTurn" || kind == "mission" || kind == "endRound" || kind == "evil") {
		b.say(outcomeWords(s))
	}
}

// line is an event's diary line as the Hero saw it or, with spoilers,
// with what the Evil side hid.
func (t *aloneTeller) line(e tracker.Event) string {
	line := ta.Rules{}.Describe(e)
	hidden, _, _ := strings.Cut(ta.DescribeHidden(e), "\n")
	if hidden != line && t.o.Spoilers {
		return sentence(hidden) + " (With what was hidden from the Hero then.)"
	}
	return sentence(line)
}

// roundSub is what a Round starts with: the Hero's health and the Round
// track.
func (t *aloneTeller) roundSub(s *ta.State) string {
	sub := fmt.Sprintf("Life %d · Self Control %d · the Round marker on space %d", s.Life, s.SC, s.RoundMarker)
	if s.Nightmare {
		sub += " · Nightmare Mode"
	}
	return sub
}

// start tells the game's set-up: the Hero, the Difficulty, who plays the
// Evil side, the Missions and the Items.
func (t *aloneTeller) start(b *book, s *ta.State) {
	mode := map[ta.Mode]string{
		ta.Solo:        "the app plays the Evil side",
		ta.Assist:      "the Evil players play with the app's help",
		ta.Bookkeeping: "the Evil players play at the table",
	}[s.Mode]
	b.say(fmt.Sprintf("The Hero: %s, at %s difficulty; %s.", s.Character, upper(string(s.Difficulty)), mode))
	m := s.Missions
	b.list("The Missions:", []string{"Starting: " + m.Starting[0].Name, "Starting: " + m.Starting[1].Name, "Final: " + m.Final.Name})
	var items []string
	for _, it := range s.Items {
		items = append(items, it.Name)
	}
	if len(items) > 0 {
		b.say("Items to start with: " + listWords(items) + ".")
	}
	t.plot = &Plot{Title: "Life, Self Control and the Round track by Round", X: "Round", Y: "Value",
		Notes: []string{"Round 0 is the start of the game; each value is the one at the end of its Round."}}
	t.plot.set("Life", 0, s.Life)
	t.plot.set("Self Control", 0, s.SC)
	t.plot.set("Round marker", 0, s.RoundMarker)
}

// sample takes the Hero's health and the Round marker at this Round (the
// end of a Round counts for it, not for the next).
func (t *aloneTeller) sample(s *ta.State) {
	if t.plot == nil {
		return
	}
	r := s.Round
	if s.TurnsUsed == 0 && r > 1 {
		r-- // the Round just ended: its values are the end's
	}
	t.plot.set("Life", r, s.Life)
	t.plot.set("Self Control", r, s.SC)
	t.plot.set("Round marker", r, s.RoundMarker)
}

func outcomeWords(s *ta.State) string {
	switch s.Outcome {
	case ta.Won:
		return fmt.Sprintf("%s completes the Final Mission: the Hero wins, in Round %d.", s.Character, s.Round)
	case ta.Defeated:
		return fmt.Sprintf("%s is defeated in Round %d.", s.Character, s.Round)
	}
	return ""
}

func (t *aloneTeller) finish(b *book, st tracker.State) {
	s, ok := st.(*ta.State)
	if !ok || !s.Started || s.Outcome != "" {
		return
	}
	b.say(fmt.Sprintf("The game goes on: Round %d, Turn %d; Life %d, Self Control %d.", s.Round, s.Turn(), s.Life, s.SC))
}

func (t *aloneTeller) closing(b *book, st tracker.State) {
	s, ok := st.(*ta.State)
	if !ok || !s.Started {
		return
	}
	b.closingPart("The game")
	if s.Outcome != "" {
		b.say(outcomeWords(s))
	} else {
		b.say(fmt.Sprintf("The game goes on: %s has played %s.", s.Character, plural(s.Round, "Round", "Rounds")))
	}
	var rows [][]string
	for _, m := range []ta.Mission{s.Missions.Starting[0], s.Missions.Starting[1], s.Missions.Final} {
		rows = append(rows, []string{m.Name, map[string]string{ta.Locked: "locked", ta.Active: "open", ta.Completed: "completed"}[m.Status]})
	}
	b.table("The Missions", []string{"Mission", "As it stands"}, rows)
	b.plot(t.plot)
}
