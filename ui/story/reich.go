package story

import (
	"fmt"
	"image"
	"regexp"
	"slices"
	"strings"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
)

func init() {
	tellers[tracker.Reichbusters] = func(o Options) teller { return &reichTeller{o: o} }
}

// reichTeller tells a Reichbusters campaign: each mission (the heroes,
// the spawns and enemy turns that mattered with their Why and a picture of
// the map, the alarm, the rooms cleared, the wounds, the result), the
// after-mission steps and the campaign sheet between missions.
type reichTeller struct {
	o        Options
	missions int
	open     string
	ended    bool
	round    int
	section  string // the mission's phase: before the alarm, after it
	alarm    int    // the round the alarm sounded (0: not yet)
	cleared  []string
	wounds   map[string]int
	downed   map[string]bool
	track    *Plot
	aware    *Plot
	hurt     *Plot
	lastPlot []*Plot
	last     *reichTurn
}

func (t *reichTeller) begin(tracker.State) {}

func (t *reichTeller) noun() string     { return "mission" }
func (t *reichTeller) idle() string     { return "Before the first mission" }
func (t *reichTeller) spoilers() string { return "" }

func (t *reichTeller) partOf(where string) string {
	head, rest, _ := strings.Cut(where, " · ")
	switch {
	case head == "" || strings.HasPrefix(head, "Before the first mission") || strings.HasPrefix(head, "After mission") || strings.HasPrefix(head, "Between missions"):
		return ""
	case strings.HasPrefix(head, "Mission ") && strings.HasPrefix(rest, "ended"):
		return strings.TrimPrefix(head, "Mission ")
	}
	return head
}

func (t *reichTeller) plots() []*Plot {
	if t.open != "" && t.track != nil {
		return []*Plot{t.track, t.aware, t.hurt}
	}
	return t.lastPlot
}

// reichBetween are told between missions, each in its diary line.
var reichBetween = map[string]bool{
	"campaign.close": true, "campaign.buySkill": true, "campaign.grantSkill": true, "campaign.handOverSkill": true,
	"campaign.hq": true,
}

func (t *reichTeller) step(b *book, e tracker.Event, st tracker.State) {
	s, ok := st.(*rb.State)
	if !ok {
		return
	}
	kind := strings.TrimPrefix(e.Kind, "reichbusters.")
	var p rb.Payload
	_ = e.Decode(&p)
	line := rb.Rules.Describe(e)
	m := s.Mission
	if kind == "mission.start" && m != nil {
		t.start(b, s)
		return
	}
	if m != nil && m.ID == t.open {
		t.inMission(b, kind, line, &p, s)
		return
	}
	if t.open != "" {
		// The mission is closed: the after-mission steps follow.
		b.close()
		t.open = ""
		b.idle = "After the mission"
	}
	switch {
	case kind == "campaign.difficulty":
		if d := s.Campaign.Difficulty; d != nil {
			b.say(fmt.Sprintf("The campaign's difficulty: %s (%s kept on the HQ card, %s removed after each mission).", d.Name,
				plural(d.ItemsKept, "item", "items"), plural(d.WoundsRemoved, "permanent wound", "permanent wounds")))
		}
	case kind == "campaign.debriefDone":
		b.say(line)
		t.sheet(b, s, "The campaign sheet")
		b.idle = "Between missions"
	case reichBetween[kind]:
		b.say(line)
	}
}

// start opens a mission: its heading, mode and faction, the heroes.
func (t *reichTeller) start(b *book, s *rb.State) {
	m := s.Mission
	t.missions++
	t.open, t.ended, t.round, t.section, t.alarm, t.cleared = m.ID, false, m.Round, m.Phase, 0, nil
	t.wounds, t.downed, t.last = map[string]int{}, map[string]bool{}, nil
	mode := "a raid"
	if m.Mode == rb.ModeCampaign || m.Mode == rb.ModeNoteCampaign {
		mode = "a campaign mission"
	}
	faction := m.Faction
	for _, f := range s.Library.Factions {
		if f.ID == m.Faction && f.Name != "" {
			faction = f.Name
		}
	}
	b.open(m.ID, fmt.Sprintf("Mission %d: %s", t.missions, m.ID), upper(mode)+" against "+faction)
	var heroes []string
	for _, h := range m.Heroes {
		who := h.Name
		if h.Player != "" {
			who += " (played by " + h.Player + ")"
		}
		heroes = append(heroes, who)
		t.wounds[h.ID] = h.Permanent()
	}
	b.list("The heroes:", heroes)
	if tr := m.Tracker; tr.Pre > 0 {
		b.say(fmt.Sprintf("The mission tracker: %s before the alarm, %s after it.", plural(tr.Pre, "space", "spaces"), plural(tr.Post, "space", "spaces")))
	}
	t.track = &Plot{Title: "The mission tracker by round — " + m.ID, X: "Round", Y: "Space", Step: true}
	t.aware = &Plot{Title: "Awareness by round — " + m.ID, X: "Round", Y: "Rooms", Step: true}
	t.hurt = &Plot{Title: "Permanent wounds by round — " + m.ID, X: "Round", Y: "Wounds", Step: true}
	t.sample(m)
}

// inMission tells one step of the mission in play: the spawns, with
// their Why and a picture; an enemy turn only when what followed it downed
// or captured a hero (its attacks' defence tests come after it); the
// alarm, the rooms cleared, the escapes.
func (t *reichTeller) inMission(b *book, kind, line string, p *rb.Payload, s *rb.State) {
	m := s.Mission
	t.round = m.Round
	round := fmt.Sprintf("Round %d: ", m.Round)
	var news []string
	if t.section == rb.PhasePreAlarm && (m.Phase == rb.PhasePostAlarm || m.Phase == rb.PhaseAlienWorld) && t.alarm == 0 {
		t.alarm = max(1, m.Round)
		news = append(news, "The alarm sounds.")
	}
	if m.Phase != rb.PhaseEnded {
		t.section = m.Phase
	}
	for _, room := range sortedKeys(m.Cleared) {
		if m.Cleared[room] && !slices.Contains(t.cleared, room) {
			t.cleared = append(t.cleared, room)
			news = append(news, fmt.Sprintf("%s is cleared.", room))
		}
	}
	var fell []string
	for _, h := range m.Heroes {
		if (h.Downed() || h.Captured) && !t.downed[h.ID] {
			t.downed[h.ID] = true
			fell = append(fell, h.Name)
		}
	}
	switch {
	case kind == "mission.end", kind == "mission.result":
		t.end(b, kind, line, m)
		return
	case p.Enemy != nil && (len(p.Enemy.Placed) > 0 || len(p.Enemy.Tokens) > 0):
		b.say(round + sentence(line))
		if b.inScope() {
			pay, st := *p, s
			b.picture(func() image.Image { return reichPicture(st, pay) }, fmt.Sprintf("Round %d: the units it placed, lit on the map.", m.Round))
		}
		b.why("The enemy's decision:", reichWhy(s.Namer(), p.Trace))
		t.last = nil
	case p.Enemy != nil:
		t.last = &reichTurn{round: m.Round, line: line, pay: *p}
	case len(fell) > 0 && t.last != nil:
		turn := t.last
		t.last = nil
		b.say(fmt.Sprintf("Round %d: %s", turn.round, sentence(turn.line)))
		if b.inScope() {
			st := s
			b.picture(func() image.Image { return reichPicture(st, turn.pay) }, fmt.Sprintf("Round %d: the enemy's turn that downed %s, lit on the map.", turn.round, listWords(fell)))
		}
		b.why("The enemy's decision:", reichWhy(s.Namer(), turn.pay.Trace))
		b.say(round + sentence(line))
	case len(fell) > 0 || kind == "mission.escape" || kind == "enemy.override":
		b.say(round + sentence(line))
	}
	for _, n := range news {
		b.say(round + n)
	}
	t.sample(m)
}

// reichTurn is the last enemy turn, kept until what follows shows whether
// it mattered.
type reichTurn struct {
	round int
	line  string
	pay   rb.Payload
}

// end tells the mission's end and its result, with the plots.
func (t *reichTeller) end(b *book, kind, line string, m *rb.Mission) {
	b.say(sentence(line))
	if kind != "mission.result" {
		return
	}
	t.ended = true
	if t.alarm > 0 {
		b.say(fmt.Sprintf("The alarm sounded in round %d.", t.alarm))
	} else {
		b.say("The alarm never sounded.")
	}
	b.say("Rooms cleared: " + orNone(t.cleared, "none") + ".")
	var rows [][]string
	for _, h := range m.Heroes {
		state := "on their feet"
		switch {
		case h.Captured:
			state = "captured"
		case h.Escaped:
			state = "escaped"
		case h.Downed():
			state = "downed"
		}
		rows = append(rows, []string{h.Name, fmt.Sprint(h.Permanent()), state})
	}
	b.table("The heroes at the end", []string{"Hero", "Permanent wounds", "At the end"}, rows)
	b.say(plural(m.Round, "round", "rounds") + " played.")
	b.plot(t.track)
	b.plot(t.aware)
	b.plot(t.hurt)
	t.lastPlot = []*Plot{t.track, t.aware, t.hurt}
}

// sample takes the tracker's space, the rooms' awareness and each hero's
// wounds at this round.
func (t *reichTeller) sample(m *rb.Mission) {
	if t.track == nil {
		return
	}
	tr := m.Tracker
	space := tr.Pos
	switch tr.Section {
	case "post", "alarm":
		space += tr.Pre
	case "alien":
		space += tr.Pre + tr.Post
	}
	t.track.set("Tracker space", m.Round, space)
	if t.alarm > 0 && len(t.track.Notes) == 0 {
		t.track.Notes = []string{fmt.Sprintf("The alarm sounded in round %d; after it, the spaces go on from %d, the post-alarm track's first.", t.alarm, tr.Pre+1)}
	}
	sus, alert := 0, 0
	for _, a := range m.Awareness {
		switch a {
		case content.Suspicious:
			sus++
		case content.Alert:
			alert++
		}
	}
	t.aware.set("Suspicious", m.Round, sus)
	t.aware.set("Alert", m.Round, alert)
	for _, h := range m.Heroes {
		t.hurt.set(h.Name, m.Round, h.Permanent())
	}
}

func (t *reichTeller) finish(b *book, st tracker.State) {
	s, ok := st.(*rb.State)
	if !ok || s.Mission == nil || s.Mission.ID != t.open || t.ended {
		return
	}
	m := s.Mission
	b.say(fmt.Sprintf("The mission goes on: round %d, the tracker at %s.", m.Round, m.Tracker.String()))
	b.plot(t.track)
	b.plot(t.aware)
	b.plot(t.hurt)
}

// sheet is the campaign sheet: each hero's record, the HQ card.
func (t *reichTeller) sheet(b *book, s *rb.State, caption string) {
	c := s.Campaign
	if len(c.Heroes) == 0 {
		return
	}
	var rows [][]string
	for _, h := range c.Heroes {
		var skills, weapons []string
		for _, sk := range h.Skills {
			skills = append(skills, sk.ID)
		}
		for _, w := range h.Weapons {
			name := w.Name
			if w.Vril {
				name += " (vril side)"
			}
			weapons = append(weapons, name)
		}
		perm := 0
		for _, w := range h.Wounds {
			if !w.Temporary {
				perm++
			}
		}
		rows = append(rows, []string{h.Name, orNone(skills, "none"), orNone(weapons, "none"), fmt.Sprint(perm)})
	}
	b.table(caption, []string{"Hero", "Skills", "Weapons", "Permanent wounds"}, rows)
	var items []string
	for _, it := range c.HQItems {
		items = append(items, it.Name)
	}
	b.say("On the HQ card: " + orNone(items, "no items") + "; " + plural(len(c.HQHP), "heroism point", "heroism points") + ".")
}

func (t *reichTeller) closing(b *book, st tracker.State) {
	s, ok := st.(*rb.State)
	if !ok {
		return
	}
	c := s.Campaign
	b.closingPart("The missions played")
	var rows [][]string
	for _, o := range c.Outcomes {
		res := "failure"
		if o.Success {
			res = "success"
		}
		mode := "raid"
		if o.Mode == rb.ModeCampaign || o.Mode == rb.ModeNoteCampaign {
			mode = "campaign"
		}
		rows = append(rows, []string{o.Mission, mode, o.Result, res, fmt.Sprint(o.Rounds)})
	}
	b.table("", []string{"Mission", "Kind", "Result", "For the campaign", "Rounds"}, rows)
	if len(rows) == 0 {
		b.say("No mission has ended yet.")
	}
	if len(c.Heroes) > 0 {
		b.closingPart("The campaign sheet")
		t.sheet(b, s, "")
	}
}

// reichWhy is an enemy decision's explanation in the players' words.
func reichWhy(n rb.Namer, lines []rb.TraceLine) []string {
	steps := make([]automaStep, 0, len(lines))
	for _, l := range lines {
		steps = append(steps, automaStep{Rule: l.Rule, Text: choiceWords(n.Line(l.Text)), TieBreak: choiceWords(n.Line(l.TieBreak)), Result: choiceWords(n.Line(l.Result))})
	}
	return whyLines(steps)
}

// choice is the rules' mark of a choice they leave to the players, where
// it is not the whole of a line (the Namer words it when it is).
var choice = regexp.MustCompile(`\bCHOICE \(default: ([^()]*)\)`)

// choiceWords says such a choice in words.
func choiceWords(s string) string {
	return choice.ReplaceAllString(s, "the players may choose; this app takes $1")
}

// reichPicture is the mission's map as the app draws it, what the
// decision placed lit up.
func reichPicture(st *rb.State, p rb.Payload) image.Image {
	if reichBoard == nil || st == nil {
		return nil
	}
	return reichBoard(st, pictureSize, false, p)
}
