package reich

import (
	"fmt"
	"strconv"
	"strings"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
)

// The entry screens let players type a card's rows and a map's parts as
// short lines, one thing a line, in the words printed on the components
// ("GR 2, DG 1"; "A3 B1 D1"). These functions read those lines into the
// content models and write them back for editing; every mistake names the
// line and says what was expected. The content models' own validation
// (automa/reich/content) then checks the whole card or map.

// lines splits text into its non-empty trimmed lines, with their numbers.
func lines(text string) (out []string, nums []int) {
	for i, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
			nums = append(nums, i+1)
		}
	}
	return out, nums
}

// parseSpawnRow reads one level's row of a spawn card: entries separated by
// commas, each a unit code and a count in either order ("GR 2", "2 GR");
// a code alone counts 1. An empty row is a blank row.
func parseSpawnRow(s string) ([]content.SpawnItem, error) {
	out := []content.SpawnItem{}
	for i, part := range strings.Split(s, ",") {
		f := strings.Fields(part)
		if len(f) == 0 {
			if strings.TrimSpace(s) == "" {
				break
			}
			return nil, fmt.Errorf("entry %d is empty (entries are separated by commas)", i+1)
		}
		it := content.SpawnItem{Count: 1}
		switch len(f) {
		case 1:
			it.UnitCode = f[0]
		case 2:
			if n, err := strconv.Atoi(f[1]); err == nil {
				it.UnitCode, it.Count = f[0], n
			} else if n, err := strconv.Atoi(f[0]); err == nil {
				it.UnitCode, it.Count = f[1], n
			} else {
				return nil, fmt.Errorf("entry %d (%q): write a unit code and a count, as in \"GR 2\"", i+1, strings.TrimSpace(part))
			}
		default:
			return nil, fmt.Errorf("entry %d (%q): write a unit code and a count, as in \"GR 2\"", i+1, strings.TrimSpace(part))
		}
		out = append(out, it)
	}
	return out, nil
}

// formatSpawnRow writes a row back as parseSpawnRow reads it.
func formatSpawnRow(items []content.SpawnItem) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = fmt.Sprintf("%s %d", it.UnitCode, it.Count)
	}
	return strings.Join(parts, ", ")
}

// effectHelp lists the effect line forms, for the noise card screen.
const effectHelp = `One effect a line:
spawnPatrol AWARENESS ICONS…   (atEase, suspicious or alert; icons green/orange/red)
spawnBarracks LETTER ICONS…     (letter A, B or C)
spawnFromDarkness ICONS…
raiseAwareness TARGET LEVELS    (nearestAtEaseRoom, nearestRoom or heroRoom; 1 or 2)
advanceTracker N
triggerAlarm
freeText WORDS…                 (shown to the players)`

// parseEffects reads a noise card half, one effect a line.
func parseEffects(text string) ([]content.Effect, error) {
	ls, nums := lines(text)
	out := []content.Effect{}
	for i, l := range ls {
		e, err := parseEffect(l)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", nums[i], err)
		}
		out = append(out, e)
	}
	return out, nil
}

func parseEffect(l string) (content.Effect, error) {
	f := strings.Fields(l)
	kinds := []string{content.EffSpawnPatrol, content.EffSpawnBarracks, content.EffSpawnFromDarkness, content.EffRaiseAwareness,
		content.EffAdvanceTracker, content.EffTriggerAlarm, content.EffFreeText}
	e := content.Effect{}
	for _, k := range kinds {
		if strings.EqualFold(k, f[0]) {
			e.Kind = k
		}
	}
	args := f[1:]
	icons := func(ws []string) error {
		lv, err := parseLevels(strings.Join(ws, " "))
		if err != nil {
			return err
		}
		e.Icons = lv
		return nil
	}
	need := func(n int, form string) error {
		if len(args) < n {
			return fmt.Errorf("%s needs %s", e.Kind, form)
		}
		return nil
	}
	switch e.Kind {
	case content.EffSpawnPatrol:
		if err := need(2, "the patrol's awareness and its icons, as in \"spawnPatrol suspicious green\""); err != nil {
			return e, err
		}
		a, err := parseAwareness(args[0])
		if err != nil {
			return e, err
		}
		e.Awareness = &a
		if err := icons(args[1:]); err != nil {
			return e, err
		}
	case content.EffSpawnBarracks:
		if err := need(2, "a barracks letter and its icons, as in \"spawnBarracks A green\""); err != nil {
			return e, err
		}
		e.Letter = strings.ToUpper(args[0])
		if err := icons(args[1:]); err != nil {
			return e, err
		}
	case content.EffSpawnFromDarkness:
		if err := need(1, "its icons, as in \"spawnFromDarkness green orange\""); err != nil {
			return e, err
		}
		if err := icons(args); err != nil {
			return e, err
		}
	case content.EffRaiseAwareness:
		if err := need(2, "a target and how many levels, as in \"raiseAwareness nearestRoom 1\""); err != nil {
			return e, err
		}
		e.Target = args[0]
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return e, fmt.Errorf("raiseAwareness: %q is not a number of levels", args[1])
		}
		e.Levels = n
	case content.EffAdvanceTracker:
		if err := need(1, "how many spaces, as in \"advanceTracker 1\""); err != nil {
			return e, err
		}
		n, err := strconv.Atoi(args[0])
		if err != nil {
			return e, fmt.Errorf("advanceTracker: %q is not a number of spaces", args[0])
		}
		e.N = n
	case content.EffTriggerAlarm:
		if len(args) > 0 {
			return e, fmt.Errorf("triggerAlarm takes nothing after it")
		}
	case content.EffFreeText:
		e.Text = strings.TrimSpace(strings.TrimPrefix(l, f[0]))
	default:
		return e, fmt.Errorf("%q is not an effect (%s)", f[0], strings.Join(kinds, ", "))
	}
	return e, e.Validate()
}

func parseAwareness(s string) (content.Awareness, error) {
	for _, a := range []content.Awareness{content.AtEase, content.Suspicious, content.Alert} {
		if strings.EqualFold(a.String(), s) {
			return a, nil
		}
	}
	return 0, fmt.Errorf("awareness %q is not atEase, suspicious or alert", s)
}

// formatEffects writes effects back as parseEffects reads them.
func formatEffects(es []content.Effect) string {
	var b strings.Builder
	for _, e := range es {
		b.WriteString(e.Kind)
		switch e.Kind {
		case content.EffSpawnPatrol:
			if e.Awareness != nil {
				b.WriteString(" " + e.Awareness.String())
			}
			b.WriteString(" " + levelsText(e.Icons))
		case content.EffSpawnBarracks:
			b.WriteString(" " + e.Letter + " " + levelsText(e.Icons))
		case content.EffSpawnFromDarkness:
			b.WriteString(" " + levelsText(e.Icons))
		case content.EffRaiseAwareness:
			fmt.Fprintf(&b, " %s %d", e.Target, e.Levels)
		case content.EffAdvanceTracker:
			fmt.Fprintf(&b, " %d", e.N)
		case content.EffFreeText:
			b.WriteString(" " + e.Text)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// MapText is a mission map as the map screen's boxes hold it.
type MapText struct {
	Mission, Areas, Edges, Doors, SightLines, Tokens, Guards, Barracks, Features, Entrances, Exits string
}

// The map boxes' line forms, shown as placeholders.
const (
	areasHelp    = "AREA ROOM [TILE] [corridor] — e.g. A1 R1 t1 corridor"
	edgesHelp    = "AREA AREA [DOOR] — e.g. A1 A2, or A3 B1 D1 through door D1"
	doorsHelp    = "DOOR STATE [NOISE DICE] [exit] — e.g. D1 closed 1, D2 locked, D3 closed 0 exit"
	sightHelp    = "areas along one straight line — e.g. X1 A1 A2 A3 (empty: the players answer sight)"
	tokensHelp   = "TOKEN AREA [ICONS] — e.g. T1 B2 green (no icons: face down)"
	barracksHelp = "LETTER AREA — e.g. A C1"
	featuresHelp = "FEATURE AREA [TYPE] — e.g. RF1 F1 lab"
)

// ParseMap reads the map boxes into a board model (not yet validated).
func (t MapText) ParseMap() (content.Map, error) {
	m := content.Map{MissionID: strings.TrimSpace(t.Mission), Areas: []content.Area{}, Edges: []content.Edge{}}
	ls, nums := lines(t.Areas)
	for i, l := range ls {
		f := strings.Fields(l)
		if len(f) < 2 {
			return m, fmt.Errorf("areas, line %d: write the area and its room, as in \"A1 R1\"", nums[i])
		}
		a := content.Area{ID: f[0], Room: f[1]}
		for _, w := range f[2:] {
			if strings.EqualFold(w, "corridor") {
				a.Corridor = true
			} else if a.Tile == "" {
				a.Tile = w
			} else {
				return m, fmt.Errorf("areas, line %d: %q is neither a tile nor \"corridor\"", nums[i], w)
			}
		}
		m.Areas = append(m.Areas, a)
	}
	ls, nums = lines(t.Edges)
	for i, l := range ls {
		f := strings.Fields(l)
		if len(f) < 2 || len(f) > 3 {
			return m, fmt.Errorf("edges, line %d: write two areas and, through a door, the door, as in \"A3 B1 D1\"", nums[i])
		}
		e := content.Edge{A: f[0], B: f[1]}
		if len(f) == 3 {
			e.Door = f[2]
		}
		m.Edges = append(m.Edges, e)
	}
	ls, nums = lines(t.Doors)
	for i, l := range ls {
		f := strings.Fields(l)
		if len(f) < 2 {
			return m, fmt.Errorf("doors, line %d: write the door and how it stands, as in \"D1 closed\"", nums[i])
		}
		d := content.Door{ID: f[0], State: content.DoorState(strings.ToLower(f[1]))}
		if !d.State.Valid() {
			return m, fmt.Errorf("doors, line %d: %q is not locked, closed or open", nums[i], f[1])
		}
		for _, w := range f[2:] {
			if strings.EqualFold(w, "exit") {
				d.Exit = true
				continue
			}
			n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(w), "noise="))
			if err != nil {
				return m, fmt.Errorf("doors, line %d: %q is neither a number of noise dice nor \"exit\"", nums[i], w)
			}
			d.NoiseDice = n
		}
		m.Doors = append(m.Doors, d)
	}
	ls, _ = lines(t.SightLines)
	for _, l := range ls {
		m.SightLines = append(m.SightLines, strings.Fields(l))
	}
	ls, nums = lines(t.Tokens)
	for i, l := range ls {
		f := strings.Fields(l)
		if len(f) < 2 {
			return m, fmt.Errorf("spawn tokens, line %d: write the token and its area, as in \"T1 B2 green\"", nums[i])
		}
		lv, err := parseLevels(strings.Join(f[2:], " "))
		if err != nil {
			return m, fmt.Errorf("spawn tokens, line %d: %w", nums[i], err)
		}
		m.SpawnTokens = append(m.SpawnTokens, content.SpawnToken{ID: f[0], Area: f[1], Icons: lv})
	}
	m.GuardPoints = splitList(t.Guards)
	ls, nums = lines(t.Barracks)
	for i, l := range ls {
		f := strings.Fields(l)
		if len(f) != 2 {
			return m, fmt.Errorf("barracks, line %d: write the letter and the area its arrow points at, as in \"A C1\"", nums[i])
		}
		m.Barracks = append(m.Barracks, content.Barracks{Letter: strings.ToUpper(f[0]), Target: f[1]})
	}
	ls, nums = lines(t.Features)
	for i, l := range ls {
		f := strings.Fields(l)
		if len(f) < 2 || len(f) > 3 {
			return m, fmt.Errorf("room features, line %d: write the slot, its area and maybe its type, as in \"RF1 F1 lab\"", nums[i])
		}
		ft := content.Feature{ID: f[0], Area: f[1]}
		if len(f) == 3 {
			ft.Type = f[2]
		}
		m.Features = append(m.Features, ft)
	}
	m.Entrances = splitList(t.Entrances)
	m.Exits = splitList(t.Exits)
	return m, nil
}

// MapToText writes a map into the boxes, for editing.
func MapToText(m content.Map) MapText {
	var t MapText
	t.Mission = m.MissionID
	var b strings.Builder
	for _, a := range m.Areas {
		b.WriteString(a.ID + " " + a.Room)
		if a.Tile != "" {
			b.WriteString(" " + a.Tile)
		}
		if a.Corridor {
			b.WriteString(" corridor")
		}
		b.WriteString("\n")
	}
	t.Areas, b = b.String(), strings.Builder{}
	for _, e := range m.Edges {
		b.WriteString(strings.TrimSpace(e.A + " " + e.B + " " + e.Door))
		b.WriteString("\n")
	}
	t.Edges, b = b.String(), strings.Builder{}
	for _, d := range m.Doors {
		fmt.Fprintf(&b, "%s %s %d", d.ID, d.State, d.NoiseDice)
		if d.Exit {
			b.WriteString(" exit")
		}
		b.WriteString("\n")
	}
	t.Doors, b = b.String(), strings.Builder{}
	for _, l := range m.SightLines {
		b.WriteString(strings.Join(l, " ") + "\n")
	}
	t.SightLines, b = b.String(), strings.Builder{}
	for _, k := range m.SpawnTokens {
		b.WriteString(strings.TrimSpace(k.ID+" "+k.Area+" "+levelsText(k.Icons)) + "\n")
	}
	t.Tokens, b = b.String(), strings.Builder{}
	t.Guards = strings.Join(m.GuardPoints, " ")
	for _, x := range m.Barracks {
		b.WriteString(x.Letter + " " + x.Target + "\n")
	}
	t.Barracks, b = b.String(), strings.Builder{}
	for _, f := range m.Features {
		b.WriteString(strings.TrimSpace(f.ID+" "+f.Area+" "+f.Type) + "\n")
	}
	t.Features = b.String()
	t.Entrances = strings.Join(m.Entrances, " ")
	t.Exits = strings.Join(m.Exits, " ")
	return t
}

// parseChart reads the Victory or Defeat? chart, one row a line, top to
// bottom: the row's words, then "| success" or "| failure".
func parseChart(text string) ([]rb.ChartRow, error) {
	ls, nums := lines(text)
	var out []rb.ChartRow
	for i, l := range ls {
		words, verdict, ok := strings.Cut(l, "|")
		if !ok {
			return nil, fmt.Errorf("chart, line %d: end the row with \"| success\" or \"| failure\"", nums[i])
		}
		r := rb.ChartRow{Text: strings.TrimSpace(words)}
		switch strings.ToLower(strings.TrimSpace(verdict)) {
		case "success", "yes", "win", "victory":
			r.Success = true
		case "failure", "no", "fail", "defeat":
		default:
			return nil, fmt.Errorf("chart, line %d: %q is not success or failure", nums[i], strings.TrimSpace(verdict))
		}
		out = append(out, r)
	}
	return out, nil
}

func formatChart(rows []rb.ChartRow) string {
	var b strings.Builder
	for _, r := range rows {
		v := "failure"
		if r.Success {
			v = "success"
		}
		b.WriteString(r.Text + " | " + v + "\n")
	}
	return b.String()
}

// parseKeywords reads a faction line's keywords, separated by commas:
// "fast, xWounds(3), handler(DG)".
func parseKeywords(s string) ([]content.Keyword, error) {
	var out []content.Keyword
	for _, part := range strings.Split(s, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		k, err := content.ParseKeyword(part)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, nil
}

func formatKeywords(ks []content.Keyword) string {
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = k.String()
	}
	return strings.Join(parts, ", ")
}

// Dashboard gear as the correction form writes it: words separated by
// spaces, an underscore for a space inside a name, and ":" before each
// extra (a weapon's range and "vril", an item's kind, a status, "used").

func under(s string) string   { return strings.ReplaceAll(s, " ", "_") }
func unUnder(s string) string { return strings.ReplaceAll(s, "_", " ") }

// parseWeapons reads exactly two weapons: "Rifle:3 Knife:0:vril:jammed".
func parseWeapons(s string) ([2]rb.Weapon, error) {
	var out [2]rb.Weapon
	ws := strings.Fields(s)
	if len(ws) != 2 {
		return out, fmt.Errorf("weapons: write exactly 2, as in \"Rifle:3 Knife:0\" (V-09)")
	}
	for i, w := range ws {
		parts := strings.Split(w, ":")
		out[i].Name = unUnder(parts[0])
		for j, p := range parts[1:] {
			switch {
			case p == "vril":
				out[i].Vril = true
			case p == rb.StatusJammed || p == rb.StatusDrained:
				if out[i].Status != "" {
					return out, fmt.Errorf("weapon %d: at most one status token (V-09)", i+1)
				}
				out[i].Status = p
			default:
				n, err := strconv.Atoi(p)
				if err != nil || j != 0 || n < 0 {
					return out, fmt.Errorf("weapon %d: %q is not a range, vril, jammed or drained", i+1, p)
				}
				out[i].Range = n
			}
		}
	}
	return out, nil
}

func formatWeapons(ws [2]rb.Weapon) string {
	parts := make([]string, 2)
	for i, w := range ws {
		parts[i] = fmt.Sprintf("%s:%d", under(w.Name), w.Range)
		if w.Vril {
			parts[i] += ":vril"
		}
		if w.Status != "" {
			parts[i] += ":" + w.Status
		}
	}
	return strings.Join(parts, " ")
}

var itemKindNames = []string{rb.ItemVrilOrb, rb.ItemKeys, rb.ItemObjective, rb.ItemAlienHeart, rb.ItemEscort}

// parseItems reads items: "Grenade Orb:vrilOrb:drained".
func parseItems(s string) ([]rb.Item, error) {
	var out []rb.Item
	for i, w := range strings.Fields(s) {
		parts := strings.Split(w, ":")
		it := rb.Item{Name: unUnder(parts[0])}
		for _, p := range parts[1:] {
			switch {
			case p == rb.StatusJammed || p == rb.StatusDrained:
				it.Status = p
			case slicesContains(itemKindNames, p):
				it.Kind = p
			default:
				return nil, fmt.Errorf("item %d: %q is not a kind (%s) or a status (jammed, drained)", i+1, p, strings.Join(itemKindNames, ", "))
			}
		}
		out = append(out, it)
	}
	return out, nil
}

func formatItems(its []rb.Item) string {
	parts := make([]string, len(its))
	for i, it := range its {
		parts[i] = under(it.Name)
		if it.Kind != "" {
			parts[i] += ":" + it.Kind
		}
		if it.Status != "" {
			parts[i] += ":" + it.Status
		}
	}
	return strings.Join(parts, " ")
}

// parseSkills reads skill tokens, keeping what the old ones knew (type,
// starting): "Sneaky Die_Hard:used".
func parseSkills(s string, old []rb.Skill) []rb.Skill {
	var out []rb.Skill
	for _, w := range strings.Fields(s) {
		name, used := strings.CutSuffix(w, ":used")
		sk := rb.Skill{ID: unUnder(name), Active: !used}
		for _, o := range old {
			if strings.EqualFold(o.ID, sk.ID) {
				sk.ID, sk.Type, sk.Starting = o.ID, o.Type, o.Starting
			}
		}
		if sk.Type == "" {
			if t, ok := rb.CampaignSkills[sk.ID]; ok {
				sk.Type = t
			} else {
				sk.Type = rb.SkillHero
			}
		}
		out = append(out, sk)
	}
	return out
}

func formatSkills(sks []rb.Skill) string {
	parts := make([]string, len(sks))
	for i, s := range sks {
		parts[i] = under(s.ID)
		if !s.Active {
			parts[i] += ":used"
		}
	}
	return strings.Join(parts, " ")
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
