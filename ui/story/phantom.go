package story

import (
	"fmt"
	"image"
	"regexp"
	"slices"
	"sort"
	"strings"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	uiphantom "tablekeeper/ui/phantom"
	"tablekeeper/ui/widgets"
)

func init() {
	tellers[tracker.PhantomEpoch] = func(o Options) teller { return &phantomTeller{o: o} }
}

// phantomTeller tells a Phantom Epoch campaign: each mission (its planet,
// party, the adversary turns that changed it with their Why and a picture
// of the map, its result, rewards and treasure, who fell), the
// expeditions, purchases and new characters between missions, and the
// campaign sheet at the end. It keeps the open mission's last HP of each
// figure, who fell, and its two plots.
type phantomTeller struct {
	o        Options
	missions int
	open     string // the mission told, "" between missions
	over     bool   // its result is told
	round    int
	fallen   map[string]bool
	zeroed   map[string]bool
	dead     []string // characters defeated in the mission, in order
	downs    int      // adversaries defeated
	hp, down *Plot
	lastPlot []*Plot
	// turn is an adversary's worked-out turn waiting for the players,
	// when it is one to tell: its Why and a picture of the map with it.
	turn *phantomTurn
}

type phantomTurn struct {
	adversary string
	boss      bool
	why       []string
	img       image.Image
}

func (t *phantomTeller) begin(tracker.State) {}

func (t *phantomTeller) noun() string     { return "mission" }
func (t *phantomTeller) idle() string     { return "Before the first mission" }
func (t *phantomTeller) spoilers() string { return "" }

func (t *phantomTeller) partOf(where string) string {
	head, _, _ := strings.Cut(where, " · ")
	if head == "" || strings.HasPrefix(head, "Between missions") {
		return ""
	}
	return strings.TrimPrefix(head, "Training ")
}

func (t *phantomTeller) plots() []*Plot {
	if t.hp != nil && t.open != "" {
		return []*Plot{t.hp, t.down}
	}
	return t.lastPlot
}

// phantomQuiet are the kinds of event a story does not tell: content,
// settings and the app's own bookkeeping, and the steps of a round that
// change nothing worth remembering (a card selected, a turn begun).
var phantomQuiet = map[string]bool{
	"import-content": true, "save-content": true, "remove-content": true, "set-dice": true, "set-colours": true,
	"change-settings": true, "mark-mission": true, "set-attachment-deck": true, "define-upgrade": true,
	"begin-round": true, "select-cards": true, "rest": true, "draw-adversary-cards": true, "determine-initiative": true,
	"start-turn": true, "play-card": true, "discard-for-stun": true, "end-turn": true, "end-round": true,
	"build-event-deck": true, "draw-event": true, "set-primary-target": true, "equip": true, "charge": true,
	"resolve-adversary-turn": true, "resolve-reaction": true,
}

// phantomBetween are told between missions, each in its diary line.
var phantomBetween = map[string]bool{
	"create-character": true, "unlock-class": true, "buy-action-card": true, "return-action-card": true,
	"expedition": true, "buy-equipment": true, "sell-equipment": true, "dismantle-attachment": true, "trade": true,
	"standalone-training": true, "keep-training-attachments": true, "tick-upgrade": true, "adjust-campaign": true,
	"correct-character": true, "correct-equipment": true, "pick-attachment": true, "share-rewards": true,
}

func (t *phantomTeller) step(b *book, e tracker.Event, st tracker.State) {
	s, ok := st.(*tp.State)
	if !ok {
		return
	}
	kind := strings.TrimPrefix(e.Kind, "phantom-epoch.")
	line := tp.Rules{}.Describe(e)
	m := s.Mission
	if kind == "start-mission" && m != nil {
		t.start(b, s)
		return
	}
	if m != nil && t.open == m.ID && !t.over {
		t.inMission(b, e, kind, line, s)
		return
	}
	if t.open != "" && !(t.over && (kind == "pick-attachment" || kind == "share-rewards")) && phantomBetween[kind] {
		// The mission's rewards are shared: what follows is between
		// missions.
		b.close()
		t.open = ""
	}
	if phantomBetween[kind] {
		b.say(line)
	}
}

// start opens a mission: its heading, the party and the adversaries
// placed, and a picture of the map as it begins.
func (t *phantomTeller) start(b *book, s *tp.State) {
	m := s.Mission
	t.missions++
	b.idle = "Between missions"
	t.open, t.over, t.round, t.downs, t.dead, t.turn = m.ID, false, 0, 0, nil, nil
	t.fallen, t.zeroed = map[string]bool{}, map[string]bool{}
	// The title, with the mission's name on the campaign sheet after it
	// where that says something more ("The Flooded Relay" is the sheet's
	// "Flooded Relay": no second name).
	name := m.ID
	if m.Title != "" {
		name = m.Title
		if !strings.EqualFold(strings.TrimPrefix(m.Title, "The "), m.ID) && m.Title != m.ID {
			name += " (" + m.ID + ")"
		}
	}
	kind := "Mission"
	if m.Training {
		kind = "Training mission"
	}
	var sub []string
	if m.Planet != "" {
		sub = append(sub, "on "+m.Planet)
	}
	sub = append(sub, fmt.Sprintf("difficulty %d", m.Difficulty))
	if m.Replay {
		sub = append(sub, "played again")
	}
	b.open(m.ID, fmt.Sprintf("%s %d: %s", kind, t.missions, name), upper(strings.Join(sub, " · ")))
	var party, foes []string
	for _, f := range m.Figures {
		switch f.Side {
		case "character":
			who := f.Name
			if ch := s.Characters[f.Name]; ch != nil {
				who += ", " + strings.TrimSpace(ch.Species+" "+ch.Class)
			}
			party = append(party, fmt.Sprintf("%s (%d HP)", who, f.MaxHP))
		default:
			foes = append(foes, f.Name)
		}
	}
	b.list("The party:", party)
	if len(foes) > 0 {
		b.say("On the map at the start: " + listWords(foes) + ".")
	}
	t.hp = &Plot{Title: "The party's HP by round — " + m.ID, X: "Round", Y: "HP"}
	t.down = &Plot{Title: "Adversaries defeated by round — " + m.ID, X: "Round", Y: "Defeated", Step: true}
	t.sample(m)
	if b.inScope() {
		st := s
		b.picture(func() image.Image { return phantomPicture(st) }, "The map as "+m.ID+" begins.")
	}
}

// inMission tells one step of the mission in play.
func (t *phantomTeller) inMission(b *book, e tracker.Event, kind, line string, s *tp.State) {
	m := s.Mission
	t.round = m.Round
	// What fell in this step.
	var chars, foes []string
	for _, f := range m.Figures {
		if f.Defeated && !t.fallen[f.Name] {
			t.fallen[f.Name] = true
			if f.Side == "character" {
				chars = append(chars, f.Name)
				t.dead = append(t.dead, f.Name)
			} else {
				foes = append(foes, f.Name)
				t.downs++
			}
		}
	}
	round := fmt.Sprintf("Round %d: ", m.Round)
	if m.Round == 0 {
		round = "Before round 1: "
	}
	switch kind {
	case "resolve-adversary-turn", "resolve-reaction":
		t.worked(b, s)
	case "confirm-adversary-turn", "override-adversary-turn":
		turn := t.turn
		t.turn = nil
		if len(chars) > 0 || (turn != nil && turn.boss) || kind == "override-adversary-turn" {
			b.say(round + told(strings.TrimPrefix(line, "Confirmed: "), chars, foes))
			if turn != nil && kind == "confirm-adversary-turn" {
				if turn.img != nil {
					img := turn.img
					b.picture(func() image.Image { return img }, fmt.Sprintf("Round %d: %s's turn, as the app worked it out.", m.Round, turn.adversary))
				}
				b.why(turn.adversary+"'s turn, as the app worked it out:", turn.why)
			}
		} else if len(foes) > 0 {
			b.say(round + told(strings.TrimPrefix(line, "Confirmed: "), nil, foes))
		}
	case "mission-result":
		t.result(b, line, m)
		return
	case "activate-orb", "use-item":
		b.say(round + line)
	default:
		if len(chars) > 0 || len(foes) > 0 {
			b.say(round + told(line, chars, foes))
		}
	}
	t.sample(m)
}

// worked notes an adversary's worked-out turn that is worth a picture: a
// boss's, or one that defeats a character. It is told when the players
// confirm it.
func (t *phantomTeller) worked(b *book, s *tp.State) {
	m := s.Mission
	p := m.Pending
	if p == nil {
		return
	}
	boss := false
	side := map[string]string{}
	hp := map[string]int{}
	for _, f := range m.Figures {
		side[f.Name], hp[f.Name] = f.Side, f.HP
		if f.Name == p.Adversary && f.Side == "boss" {
			boss = true
		}
	}
	fells := false
	for _, f := range p.Turn.Figures {
		if side[f.Name] == "character" && f.HP <= 0 && hp[f.Name] > 0 {
			fells = true
		}
	}
	if !boss && !fells {
		return
	}
	turn := &phantomTurn{adversary: p.Adversary, boss: boss, why: whyLines(uiphantom.TraceOf(p.Trace).Steps)}
	if b.inScope() && b.pg.wantsPictures() && b.pictures < maxPictures && b.drawn < maxStoryPictures {
		turn.img = t.o.draw(func() image.Image { return phantomPicture(s) })
	}
	t.turn = turn
}

// result tells the mission's end: the result and its rewards, treasure
// and orbs, who fell, and the plots.
func (t *phantomTeller) result(b *book, line string, m *tp.Mission) {
	t.over = true
	b.say(sentence(line))
	var treasure []string
	tokens := 0
	for _, n := range m.TreasureTaken {
		if n == 0 {
			tokens++
		} else {
			treasure = append(treasure, fmt.Sprintf("campaign treasure %d", n))
		}
	}
	if tokens > 0 {
		treasure = append([]string{plural(tokens, "mission treasure token", "mission treasure tokens")}, treasure...)
	}
	if len(treasure) > 0 {
		b.say("Treasure taken: " + listWords(treasure) + ".")
	}
	var orbs []string
	for _, n := range m.OrbsActivated {
		if n > 0 {
			orbs = append(orbs, fmt.Sprintf("campaign orb %d", n))
		}
	}
	if n := len(m.OrbsActivated) - len(orbs); n > 0 {
		orbs = append([]string{plural(n, "mission orb", "mission orbs")}, orbs...)
	}
	if len(orbs) > 0 {
		b.say("Orbs activated: " + listWords(orbs) + ".")
	}
	if len(t.dead) > 0 {
		b.say("Defeated in the mission: " + listWords(t.dead) + ".")
	} else {
		b.say("No character was defeated.")
	}
	b.say(fmt.Sprintf("%s, %s defeated.", plural(m.Round, "round", "rounds"), plural(t.downs, "adversary", "adversaries")))
	t.hp.Notes = []string{"Round 0 is the start of the mission; each value is the HP at the end of its round, 0 where a character was defeated and evacuated."}
	b.plot(t.hp)
	b.plot(t.down)
	t.lastPlot = []*Plot{t.hp, t.down}
}

// sample takes the party's HP and the adversaries defeated at this round.
func (t *phantomTeller) sample(m *tp.Mission) {
	if t.hp == nil {
		return
	}
	for _, f := range m.Figures {
		switch {
		case f.Side != "character":
		case !f.Defeated:
			t.hp.set(f.Name, m.Round, f.HP)
		case !t.zeroed[f.Name]:
			// Evacuated with full HP (Rulebook p.20): the track ends at 0
			// in the round it fell.
			t.zeroed[f.Name] = true
			t.hp.set(f.Name, m.Round, 0)
		}
	}
	t.down.set("Defeated", m.Round, t.downs)
}

func (t *phantomTeller) finish(b *book, st tracker.State) {
	s, ok := st.(*tp.State)
	if !ok || s.Mission == nil || t.open != s.Mission.ID || t.over {
		return
	}
	m := s.Mission
	if m.Round == 0 {
		b.say("The mission is set up; its first round is still to be played.")
		return
	}
	b.say(fmt.Sprintf("The mission goes on: round %d is being played.", m.Round))
	b.plot(t.hp)
	b.plot(t.down)
}

// closing is the campaign sheet as it stands and the characters' sheets.
func (t *phantomTeller) closing(b *book, st tracker.State) {
	s, ok := st.(*tp.State)
	if !ok {
		return
	}
	b.closingPart("The campaign sheet")
	var done []string
	for _, id := range sortedKeys(s.Sheet.Missions) {
		mk := s.Sheet.Missions[id]
		switch mk.Completed {
		case "✓":
			done = append(done, id+" (every campaign orb and treasure taken)")
		case "X":
			done = append(done, id+" (some campaign orbs or treasure left)")
		}
	}
	b.list("Missions completed:", done)
	if len(done) == 0 {
		b.say("No mission completed yet.")
	}
	var open []string
	for _, id := range sortedKeys(s.Sheet.Missions) {
		if mk := s.Sheet.Missions[id]; mk.Available && mk.Completed == "" {
			open = append(open, id)
		}
	}
	if len(open) > 0 {
		b.say("Available: " + listWords(open) + ".")
	}
	var fame []string
	for _, p := range tp.Planets {
		if n := s.Sheet.Fame[p]; n > 0 {
			fame = append(fame, fmt.Sprintf("%s %d", p, n))
		}
	}
	if len(fame) > 0 {
		b.say("Fame: " + listWords(fame) + ".")
	}
	if s.Sheet.VanishedTech > 0 {
		b.say(fmt.Sprintf("Vanished technology: %d.", s.Sheet.VanishedTech))
	}
	if len(s.Sheet.Expeditions) > 0 {
		b.say("Expeditions resolved: " + listWords(s.Sheet.Expeditions) + ".")
	}
	var ups []string
	for _, id := range sortedKeys(s.Sheet.Upgrades) {
		if s.Sheet.Upgrades[id].Performed {
			ups = append(ups, id)
		}
	}
	if len(ups) > 0 {
		b.say("Upgrades performed: " + listWords(ups) + ".")
	}
	if len(s.Characters) == 0 {
		return
	}
	b.closingPart("The characters")
	var rows [][]string
	for _, name := range sortedKeys(s.Characters) {
		ch := s.Characters[name]
		rows = append(rows, []string{name, strings.TrimSpace(ch.Species + " " + ch.Class), fmt.Sprint(ch.Nova), fmt.Sprint(ch.SP),
			orNone(ch.Completed, "none yet"), fmt.Sprint(len(ch.Equipment) + len(ch.Attachments))})
	}
	b.table("", []string{"Character", "Species and class", "Nova cells", "SP", "Missions completed", "Equipment and attachments"}, rows)
}

// told is a diary line with who fell in it, unless the line says so.
func told(line string, chars, foes []string) string {
	if strings.Contains(line, "defeated") {
		return sentence(line)
	}
	return sentence(line) + defeatWords(chars, foes)
}

// defeatWords says who fell in a step: " Ada is defeated." etc.
func defeatWords(chars, foes []string) string {
	var out []string
	if len(chars) > 0 {
		out = append(out, listWords(chars)+" "+isAre(len(chars))+" defeated")
	}
	if len(foes) > 0 {
		out = append(out, listWords(foes)+" "+isAre(len(foes))+" defeated")
	}
	if len(out) == 0 {
		return ""
	}
	return " " + upper(strings.Join(out, "; ")) + "."
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ruleCodes are the codes of the rules' unclear places a Why names; the
// story cites the rulebook's page, as the screens do.
var ruleCodes = regexp.MustCompile(`\s*\((?:[AV]-\d+(?:,\s*)?)+\)`)

// maxWhy bounds the steps of one Why the story prints.
const maxWhy = 24

// whyLines are an explanation's steps, one line each, in the words the
// app's Why panel uses: what the step found and what it decided, and the
// rulebook page it follows.
func whyLines(steps []automaStep) []string {
	var out []string
	for _, s := range steps {
		if s.Result == "does not separate them" {
			continue // a tie-breaker that changed nothing
		}
		text := ruleCodes.ReplaceAllString(s.Text, "")
		if s.TieBreak != "" {
			text += " (tie-breaker: " + ruleCodes.ReplaceAllString(s.TieBreak, "") + ")"
		}
		if s.Die != "" {
			text += " (die: " + s.Die + ")"
		}
		if s.Result != "" {
			text += " → " + ruleCodes.ReplaceAllString(s.Result, "")
		}
		if c := widgets.Citation(s.Rule); c != "" {
			text += " (" + c + ")"
		}
		out = append(out, upper(text))
		if len(out) == maxWhy && len(steps) > maxWhy {
			out = append(out, fmt.Sprintf("… and %d more steps.", len(steps)-maxWhy))
			break
		}
	}
	return slices.Clip(out)
}
