package reich

// Between missions: setting the next mission up (spec §4).

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// noMission is the mission set-up form shown between missions.
func (p *playScreen) noMission() fyne.CanvasObject {
	s := p.k.state()
	box := container.NewVBox(heading("No mission in play"), wrapped(p.k.ctx.Session.Where()))
	if s.Campaign.Debrief != nil {
		box.Add(wrapped("The after-mission step of " + s.Campaign.Debrief.Mission + " is open in the Campaign tab: buy skills there, then finish it."))
	}
	if len(s.Library.Maps) == 0 || len(s.Library.Factions) == 0 {
		box.Add(wrapped("First type in the content (Campaign → Content): a faction card, spawn cards, noise cards and the mission's map."))
	}
	box.Add(widgets.Touch(button("Set up a mission…", theme.ContentAddIcon(), func() { p.StartForm() })))
	return box
}

var heroHint = "one hero a line: ID NAME AREA DEFENCE WEAPON1:RANGE WEAPON2:RANGE [SKILL] — e.g. H1 Ana A1 3 Rifle:3 Knife:0 Sneaky (names without spaces; _ for a space)"

// StartForm sets a mission up (StartMission).
func (p *playScreen) StartForm() *formDialog {
	s := p.k.state()
	var maps, facs []string
	for _, m := range s.Library.Maps {
		maps = append(maps, m.MissionID)
	}
	for _, f := range s.Library.Factions {
		facs = append(facs, f.ID)
	}
	modes := []string{rb.ModeRaid, rb.ModeCampaign}
	if s.Settings.NotOfThisEarth {
		modes = []string{rb.ModeNoteRaid, rb.ModeNoteCampaign}
	}
	first := func(l []string) string {
		if len(l) > 0 {
			return l[0]
		}
		return ""
	}
	return p.k.cmdForm("Set up a mission (§4)", "Set up", []fld{
		choice("Mission", maps, first(maps)),
		choice("Mode", modes, modes[0]),
		choice("Faction card", facs, first(facs)),
		area("Heroes", heroHint, ""),
		tick("1–2 player variant", "1–2 players with 1 hero each", false),
		text("Team heroism points", "raid: e.g. wild attack", ""),
		text("HP supply", "blank: the campaign's supply", ""),
		text("Tracker P/Q/L", "blank: the mission details' lengths, or e.g. 8 6 0", ""),
		text("Spawn deck", "card ids; blank: every spawn card entered", ""),
		text("Noise deck", "card ids (pre-alarm or alien world); blank: all", ""),
		text("Post-alarm noise deck", "card ids; blank: all", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		heroes, err := parseHeroes(v.S("Heroes"))
		if err != nil {
			return nil, err
		}
		c := rb.StartMission{Mission: v.S("Mission"), Mode: v.S("Mode"), Faction: v.S("Faction card"), Heroes: heroes,
			Variant12: v.B("1–2 player variant"), HPShared: v.L("Team heroism points"), HPSupply: v.L("HP supply"),
			SpawnDeck: v.L("Spawn deck"), NoiseDeck: v.L("Noise deck"), PostNoiseDeck: v.L("Post-alarm noise deck")}
		if l := v.L("Tracker P/Q/L"); len(l) > 0 {
			ns := make([]int, 3)
			for i := 0; i < len(l) && i < 3; i++ {
				if ns[i], err = atoi("tracker length", l[i]); err != nil {
					return nil, err
				}
			}
			c.PreAlarm, c.PostAlarm, c.AlienWorld = ns[0], ns[1], ns[2]
		}
		return plain(c), nil
	})
}

// parseHeroes reads the heroes of a mission set-up, one a line.
func parseHeroes(text string) ([]rb.HeroSetup, error) {
	ls, nums := lines(text)
	if len(ls) == 0 {
		return nil, fmt.Errorf("heroes: write at least one hero, as in \"H1 Ana A1 3 Rifle:3 Knife:0\"")
	}
	var out []rb.HeroSetup
	for i, l := range ls {
		f := strings.Fields(l)
		if len(f) < 6 || len(f) > 7 {
			return nil, fmt.Errorf("heroes, line %d: write ID NAME AREA DEFENCE WEAPON1:RANGE WEAPON2:RANGE and maybe a starting skill", nums[i])
		}
		h := rb.HeroSetup{ID: f[0], Name: strings.ReplaceAll(f[1], "_", " "), Area: f[2]}
		var err error
		if h.Defence, err = atoi(fmt.Sprintf("heroes, line %d, defence", nums[i]), f[3]); err != nil {
			return nil, err
		}
		for w := 0; w < 2; w++ {
			name, r, _ := strings.Cut(f[4+w], ":")
			h.Weapons[w].Name = strings.ReplaceAll(name, "_", " ")
			if h.Weapons[w].Range, err = atoi(fmt.Sprintf("heroes, line %d, weapon %d range", nums[i], w+1), r); err != nil {
				return nil, err
			}
		}
		if len(f) == 7 {
			h.StartingSkill = strings.ReplaceAll(f[6], "_", " ")
		}
		out = append(out, h)
	}
	return out, nil
}

func (p *playScreen) heroArea(id string) string {
	if m := p.k.mission(); m != nil {
		if h := m.HeroByID(id); h != nil {
			return h.Area
		}
	}
	return ""
}
