package alone

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// setupForm asks, once, what the physical Hero sheet says (spec §9, with
// the spec's defaults pre-filled from DefaultSheet), and how this game is
// set up (§2.1): Difficulty, mode, Hero, Evil players and Leader, the decks,
// the Missions, the starting Items and, in assist or solo mode, the Map.
type setupForm struct {
	healthMax, startLife, startSC, caps, marker *widget.Entry
	adrenaline, spaces, dangerSpaces, deckSize  *widget.Entry
	dice, tokens                                *widget.Entry
	abilityFor                                  map[alone.CreatureType]*widget.Select

	difficulty, deck1, deck2 *widget.Select
	mode                     *widget.RadioGroup
	character, players       *widget.Entry
	leader                   *widget.Entry
	start1, colour1          *widget.Entry
	start2, colour2, final   *widget.Entry
	items                    *widget.Entry
	mapSource                *widget.RadioGroup
	mapJSON, goals           *widget.Entry

	settings *settingsForm
}

const (
	mapPractice = "Practice Map"
	mapOwn      = "Our own Map"
)

var modeNames = []string{"bookkeeping", "assist", "solo"}
var difficulties = []string{"easy", "normal", "nightmare", "impossible"}
var decks = []string{"fury", "speed", "terror", "traps"}

func newSetupForm() *setupForm {
	sh := ta.DefaultSheet()
	f := &setupForm{}
	num := func(v int) *widget.Entry { e := widget.NewEntry(); e.SetText(strconv.Itoa(v)); return e }
	list := func(v []int) *widget.Entry { e := widget.NewEntry(); e.SetText(joinInts(v)); return e }
	f.healthMax, f.startLife, f.startSC = num(sh.HealthMax), num(sh.StartLife), num(sh.StartSC)
	f.caps, f.marker = list(sh.HealingCap), num(sh.StartMarker)
	f.adrenaline = list(sh.AdrenalineTrack)
	f.spaces = num(sh.ReactionSpaces)
	ds := make([]int, len(sh.DangerSpaces))
	for i, d := range sh.DangerSpaces {
		ds[i] = d + 1 // players count spaces from 1
	}
	f.dangerSpaces = list(ds)
	f.deckSize = num(sh.DeckSize)
	f.dice = widget.NewEntry()
	f.dice.SetText(fmt.Sprintf("%d:%d:%d", sh.Dice.Hit, sh.Dice.Special, sh.Dice.Blank))
	f.tokens = widget.NewEntry()
	var tk []string
	for _, t := range append(alone.CreatureTypes, alone.Boss) {
		tk = append(tk, fmt.Sprintf("%s %d", t, sh.Tokens[t]))
	}
	f.tokens.SetText(strings.Join(tk, ", "))
	f.abilityFor = map[alone.CreatureType]*widget.Select{}
	for _, t := range alone.CreatureTypes {
		if t == alone.Parasite {
			continue
		}
		s := widget.NewSelect(append([]string{"ask when needed"}, abilityNames()...), nil)
		s.SetSelected("ask when needed")
		f.abilityFor[t] = s
	}
	f.difficulty = widget.NewSelect(difficulties, nil)
	f.difficulty.SetSelected("normal")
	f.mode = widget.NewRadioGroup(modeNames, nil)
	f.mode.SetSelected("solo")
	f.character = entry("e.g. the Engineer")
	f.players = entry("names, comma-separated (solo: leave empty)")
	f.leader = widget.NewEntry()
	f.leader.SetText("1")
	f.deck1, f.deck2 = widget.NewSelect(decks, nil), widget.NewSelect(decks, nil)
	f.deck1.SetSelected("fury")
	f.deck2.SetSelected("terror")
	f.start1, f.colour1 = entry("first Mission's name"), entry("its colour")
	f.start2, f.colour2 = entry("second Mission's name"), entry("its colour")
	f.final = entry("the Final Mission's name")
	f.items = widget.NewMultiLineEntry()
	f.items.SetPlaceHolder("one Item a line: name, action, charges")
	f.items.SetMinRowsVisible(2)
	f.mapSource = widget.NewRadioGroup([]string{mapPractice, mapOwn}, nil)
	f.mapSource.SetSelected(mapPractice)
	f.mapJSON = widget.NewMultiLineEntry()
	f.mapJSON.SetPlaceHolder(`{"hero": "…", "sectors": […]}`)
	f.mapJSON.SetMinRowsVisible(3)
	f.goals = entry("Sectors of the Missions' goals, e.g. 1D1, 2C2")
	f.settings = newSettingsForm()
	return f
}

// items is the form's rows, for the shell's new-campaign form or the
// first screen of a campaign not yet set up.
func (f *setupForm) formItems() []*widget.FormItem {
	fi := func(label string, obj fyne.CanvasObject, hint string) *widget.FormItem {
		// The hint goes under the field in small words that wrap: a
		// FormItem's HintText stays on one line, too wide for a portrait
		// tablet at a large text size.
		if hint != "" {
			l := wrap(hint)
			l.Importance = widget.LowImportance
			l.SizeName = theme.SizeNameCaptionText
			obj = container.NewVBox(obj, l)
		}
		return widget.NewFormItem(label, obj)
	}
	out := []*widget.FormItem{
		fi("Difficulty", f.difficulty, "sets the starting Items and the mid-game rewards (§2.7)"),
		fi("Mode", f.mode, "solo: the app plays Evil · assist: it keeps the Map"),
		fi("Hero", f.character, ""),
		fi("Evil players", f.players, "1 to 3, from the Leader's left"),
		fi("Evil Leader", f.leader, "the number of the starting Leader in that list"),
		fi("Reaction decks", container.NewVBox(f.deck1, f.deck2), "the 2 decks in use"),
		fi("Starting Mission 1", container.NewGridWithColumns(2, f.start1, f.colour1), ""),
		fi("Starting Mission 2", container.NewGridWithColumns(2, f.start2, f.colour2), ""),
		fi("Final Mission", f.final, "locked until a Starting Mission is completed"),
		fi("Starting Items", f.items, "easy 2 (Bullets first) · normal, nightmare 1 · impossible 0"),
		fi("Map", f.mapSource, "assist and solo modes only; the practice Map is made up, 2 Levels of 4 × 3; our own goes in Map JSON"),
		fi("Map JSON", f.mapJSON, ""),
		fi("Mission goals", f.goals, "where the Evil side expects the Hero to go"),
		fi("— Hero sheet —", wrap("read these off the physical sheet once; the defaults are the spec's placeholders"), ""),
		fi("Health track top", f.healthMax, "the highest Life and Self Control"),
		fi("Starting Life", f.startLife, ""),
		fi("Starting Self Control", f.startSC, ""),
		fi("Healing Caps", f.caps, "one per Round space, from the final (Nightmare) space to the rightmost"),
		fi("Round marker", f.marker, "the space it starts on; 0 is the final space"),
		fi("Adrenaline track", f.adrenaline, "the pool for min(Life, SC) = 0, 1, 2, …"),
		fi("Reaction Track spaces", f.spaces, ""),
		fi("Danger spaces", f.dangerSpaces, "the spaces with a Danger symbol, counted from 1"),
		fi("Cards per Reaction deck", f.deckSize, ""),
		fi("Dice faces", f.dice, "HIT:SPECIAL:BLANK, for virtual dice"),
		fi("Creature tokens", f.tokens, ""),
	}
	for _, t := range alone.CreatureTypes {
		if s, ok := f.abilityFor[t]; ok {
			out = append(out, fi(title(string(t))+" kill trains", s, ""))
		}
	}
	out = append(out, fi("Parasite kill trains", wrap("Cold Blood (the manuals say so)"), ""))
	out = append(out, widget.NewFormItem("— Rule readings —", wrap("the spec's readings are chosen; change them any time in Campaign")))
	out = append(out, f.settings.formItems()...)
	return out
}

// sheet reads the Hero sheet's values.
func (f *setupForm) sheet() (ta.Sheet, error) {
	sh := ta.DefaultSheet()
	var err error
	read := func(e *widget.Entry, what string, p *int) {
		if err == nil {
			*p, err = number(e, what, *p)
		}
	}
	read(f.healthMax, "health track top", &sh.HealthMax)
	read(f.startLife, "starting Life", &sh.StartLife)
	read(f.startSC, "starting Self Control", &sh.StartSC)
	read(f.marker, "Round marker start", &sh.StartMarker)
	read(f.spaces, "Reaction Track spaces", &sh.ReactionSpaces)
	read(f.deckSize, "cards per deck", &sh.DeckSize)
	if err != nil {
		return sh, err
	}
	if sh.HealingCap, err = numbers(f.caps.Text, "Healing Cap"); err != nil {
		return sh, err
	}
	if sh.AdrenalineTrack, err = numbers(f.adrenaline.Text, "Adrenaline track"); err != nil {
		return sh, err
	}
	ds, err := numbers(f.dangerSpaces.Text, "Danger symbols")
	if err != nil {
		return sh, err
	}
	sh.DangerSpaces = nil
	for _, d := range ds {
		sh.DangerSpaces = append(sh.DangerSpaces, d-1)
	}
	w, err := numbers(strings.ReplaceAll(f.dice.Text, ":", ","), "dice faces")
	if err != nil {
		return sh, err
	}
	if len(w) != 3 {
		return sh, fmt.Errorf("dice faces: give 3 weights, HIT:SPECIAL:BLANK")
	}
	sh.Dice = alone.DiceWeights{Hit: w[0], Special: w[1], Blank: w[2]}
	for _, part := range strings.Split(f.tokens.Text, ",") {
		p := strings.Fields(part)
		if len(p) == 0 {
			continue
		}
		if len(p) != 2 {
			return sh, fmt.Errorf("creature tokens: write each as a type and a number, like \"worm 3\", not %q", strings.TrimSpace(part))
		}
		n, e := strconv.Atoi(p[1])
		if e != nil {
			return sh, fmt.Errorf("creature tokens: %q is not a whole number", p[1])
		}
		sh.Tokens[alone.CreatureType(strings.ToLower(p[0]))] = n
	}
	for t, s := range f.abilityFor {
		if s.Selected != "" && s.Selected != "ask when needed" {
			sh.AbilityFor[t] = abilityFromName(s.Selected)
		}
	}
	return sh, nil
}

// parseItems reads Item cards, one a line.
func parseItems(s string) ([]ta.Item, error) {
	var out []ta.Item
	for i, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		p := strings.Split(line, ",")
		for k := range p {
			p[k] = strings.TrimSpace(p[k])
		}
		if len(p) < 3 {
			return nil, fmt.Errorf("Item line %d: write name, action (or passive), charges", i+1)
		}
		it := ta.Item{Name: p[0]}
		if strings.EqualFold(p[1], "passive") {
			it.Passive = true
		} else {
			it.Action = ta.Action(strings.ToLower(p[1]))
		}
		n, err := strconv.Atoi(p[2])
		if err != nil {
			return nil, fmt.Errorf("Item line %d: charges %q is not a whole number", i+1, p[2])
		}
		it.Charges = n
		for _, x := range p[3:] {
			switch {
			case strings.HasPrefix(x, "matrix="):
				it.Matrix = strings.TrimPrefix(x, "matrix=")
			case strings.HasPrefix(x, "needs="):
				it.Needs = strings.TrimPrefix(x, "needs=")
			case strings.EqualFold(x, "bullets"):
				it.Bullets = true
			case x == "":
			default:
				return nil, fmt.Errorf("Item line %d: %q is not matrix=…, needs=… or bullets", i+1, x)
			}
		}
		out = append(out, it)
	}
	return out, nil
}

func splitNames(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// start reads the game's setup.
func (f *setupForm) start() (ta.StartGame, error) {
	g := ta.StartGame{Difficulty: ta.Difficulty(f.difficulty.Selected), Mode: ta.Mode(f.mode.Selected),
		Character: strings.TrimSpace(f.character.Text), EvilPlayers: splitNames(f.players.Text),
		Decks:    []string{f.deck1.Selected, f.deck2.Selected},
		Starting: [2]ta.Mission{{Name: strings.TrimSpace(f.start1.Text), Colour: strings.TrimSpace(f.colour1.Text)}, {Name: strings.TrimSpace(f.start2.Text), Colour: strings.TrimSpace(f.colour2.Text)}},
		Final:    ta.Mission{Name: strings.TrimSpace(f.final.Text)}, Goals: splitNames(f.goals.Text)}
	l, err := number(f.leader, "Evil Leader", 1)
	if err != nil {
		return g, err
	}
	g.Leader = l - 1
	if g.Items, err = parseItems(f.items.Text); err != nil {
		return g, err
	}
	if g.Mode == ta.Assist || g.Mode == ta.Solo {
		if f.mapSource.Selected == mapOwn {
			var m alone.Map
			if err := json.Unmarshal([]byte(f.mapJSON.Text), &m); err != nil {
				return g, fmt.Errorf("the Map JSON cannot be read: %v", err)
			}
			g.Map = &m
		} else {
			g.Map = PracticeMap()
		}
	}
	return g, nil
}

// commands turns the form into the game's first events, checked against
// the rules on a scratch game first, so a mistake makes nothing.
func (f *setupForm) commands() ([]tracker.Command, error) {
	sh, err := f.sheet()
	if err != nil {
		return nil, err
	}
	set, err := f.settings.read()
	if err != nil {
		return nil, err
	}
	g, err := f.start()
	if err != nil {
		return nil, err
	}
	cmds := []tracker.Command{ta.SetupSheet{Sheet: sh}, ta.ChangeSettings{Settings: set}, g}
	r := ta.Rules{}
	var s tracker.State = r.NewState(tracker.Campaign{})
	for _, c := range cmds {
		ch, err := r.Decide(s, c, nil)
		if err != nil {
			return nil, fmt.Errorf("%s", refusal(err))
		}
		b, _ := json.Marshal(ch.Payload)
		if s, err = r.Apply(s, tracker.Event{Kind: ch.Kind, Payload: b}); err != nil {
			return nil, err
		}
	}
	return cmds, nil
}

// settingsForm is every AMBIGUOUS reading the spec names as an option (§10)
// and the Evil opponent's aggression (§7.4).
type settingsForm struct {
	lossOnTrigger, spawnIgnores, combine, aooRerolls, winFirst *widget.Check
	dangerous                                                  *widget.RadioGroup
	aggression                                                 *widget.Select
	// rows are the checks with their words wrapping, made once (a check has
	// one place on screen).
	rows []*widgets.CheckRow
}

func newSettingsForm() *settingsForm {
	f := &settingsForm{
		lossOnTrigger: widget.NewCheck("Nightmare's SC loss in its first Round (AMB-1)", nil),
		spawnIgnores:  widget.NewCheck("Spawn distance through Blocked Doors (AMB-4)", nil),
		combine:       widget.NewCheck("End-of-Turn attacks: one damage event (AMB-6)", nil),
		aooRerolls:    widget.NewCheck("Hero rerolls on Attacks of Opportunity (AMB-7)", nil),
		winFirst:      widget.NewCheck("Win and defeat at once: the win counts (AMB-20)", nil),
		dangerous:     widget.NewRadioGroup([]string{string(alone.AtResolution), string(alone.AtActionStart)}, nil),
		aggression:    widget.NewSelect([]string{"low", "normal", "high"}, nil),
	}
	f.set(ta.DefaultSettings())
	for _, c := range []*widget.Check{f.lossOnTrigger, f.spawnIgnores, f.combine, f.aooRerolls, f.winFirst} {
		f.rows = append(f.rows, widgets.WrapCheck(c))
	}
	return f
}

func (f *settingsForm) set(s alone.Settings) {
	f.lossOnTrigger.SetChecked(s.NightmareLossOnTriggerRound)
	f.spawnIgnores.SetChecked(s.SpawnDistanceIgnoresBlockedDoors)
	f.combine.SetChecked(s.CombineCreatureAttacks)
	f.aooRerolls.SetChecked(s.AoOAllowsHeroRerolls)
	f.winFirst.SetChecked(s.WinCheckFirst)
	f.dangerous.SetSelected(string(s.DangerousCheck))
	f.aggression.SetSelected(string(s.Aggression))
}

func (f *settingsForm) read() (alone.Settings, error) {
	s := alone.Settings{NightmareLossOnTriggerRound: f.lossOnTrigger.Checked, SpawnDistanceIgnoresBlockedDoors: f.spawnIgnores.Checked,
		CombineCreatureAttacks: f.combine.Checked, AoOAllowsHeroRerolls: f.aooRerolls.Checked, WinCheckFirst: f.winFirst.Checked,
		DangerousCheck: alone.DangerousCheck(f.dangerous.Selected), Aggression: alone.Aggression(f.aggression.Selected)}
	return s, s.Validate()
}

func (f *settingsForm) formItems() []*widget.FormItem {
	var out []*widget.FormItem
	for _, r := range f.rows {
		out = append(out, widget.NewFormItem("", r))
	}
	return append(out,
		widget.NewFormItem("Dangerous (AMB-5)", f.dangerous),
		widget.NewFormItem("Evil aggression (solo)", f.aggression),
	)
}
