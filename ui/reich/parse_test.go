package reich

import (
	"reflect"
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
)

func TestParseSpawnRow(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []content.SpawnItem
		err  string
	}{
		{"", []content.SpawnItem{}, ""},
		{"GR 2", []content.SpawnItem{{UnitCode: "GR", Count: 2}}, ""},
		{"2 GR, DG", []content.SpawnItem{{UnitCode: "GR", Count: 2}, {UnitCode: "DG", Count: 1}}, ""},
		{"GR 2,, DG 1", nil, "entry 2 is empty"},
		{"GR two", nil, "write a unit code and a count"},
		{"GR 2 3", nil, "write a unit code and a count"},
	} {
		got, err := parseSpawnRow(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %+v, %v", c.in, got, err)
		}
		if back, _ := parseSpawnRow(formatSpawnRow(got)); !reflect.DeepEqual(back, got) {
			t.Errorf("%q does not round-trip: %+v", c.in, back)
		}
	}
}

func TestParseEffectsRoundTrip(t *testing.T) {
	in := "spawnPatrol suspicious green orange\nspawnBarracks b red\nspawnFromDarkness green\nraiseAwareness nearestRoom 2\nadvanceTracker 1\ntriggerAlarm\nfreeText every hero draws a card\n"
	es, err := parseEffects(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 7 || es[1].Letter != "B" || *es[0].Awareness != content.Suspicious || es[6].Text != "every hero draws a card" {
		t.Fatalf("effects %+v", es)
	}
	back, err := parseEffects(formatEffects(es))
	if err != nil || !reflect.DeepEqual(back, es) {
		t.Fatalf("round trip: %+v, %v", back, err)
	}
	for in, want := range map[string]string{
		"spawnPatrol green":          "needs the patrol's awareness",
		"spawnPatrol calm green":     "not atEase",
		"raiseAwareness nearestRoom": "needs a target",
		"raiseAwareness far 1":       "is not nearestAtEaseRoom",
		"advanceTracker x":           "not a number",
		"triggerAlarm now":           "takes nothing",
		"spawnBarracks D green":      "letter A, B or C",
		"\n\nboom":                   "line 3",
	} {
		if _, err := parseEffects(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}

func TestMapTextRoundTrip(t *testing.T) {
	mt := MapText{Mission: "M1", Areas: "A1 R1 t1 corridor\nA2 R1\nB1 R2 t2", Edges: "A1 A2\nA2 B1 D1", Doors: "D1 closed 2 exit",
		SightLines: "A1 A2 B1", Tokens: "T1 B1 green\nT2 A2", Guards: "B1", Barracks: "a B1", Features: "RF1 B1 lab", Entrances: "A1", Exits: "A1"}
	m, err := mt.ParseMap()
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	if m.Barracks[0].Letter != "A" || !m.Doors[0].Exit || m.Doors[0].NoiseDice != 2 || m.Areas[2].Tile != "t2" || len(m.SpawnTokens[1].Icons) != 0 {
		t.Fatalf("map %+v", m)
	}
	back, err := MapToText(m).ParseMap()
	if err != nil || !reflect.DeepEqual(back, m) {
		t.Fatalf("round trip:\n%+v\n%+v\n%v", back, m, err)
	}
	for _, c := range []struct {
		t    MapText
		want string
	}{
		{MapText{Areas: "A1"}, "areas, line 1"},
		{MapText{Areas: "A1 R1 t1 t2"}, "neither a tile"},
		{MapText{Edges: "A1"}, "edges, line 1"},
		{MapText{Doors: "D1 ajar"}, "not locked, closed or open"},
		{MapText{Doors: "D1 open loud"}, "neither a number"},
		{MapText{Tokens: "T1 A1 blue"}, "not green"},
		{MapText{Barracks: "A"}, "barracks, line 1"},
		{MapText{Features: "RF1"}, "room features, line 1"},
	} {
		if _, err := c.t.ParseMap(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.t, err, c.want)
		}
	}
}

func TestParseSmallForms(t *testing.T) {
	rows, err := parseChart("Out | success\nElse | failure")
	if err != nil || len(rows) != 2 || !rows[0].Success || rows[1].Success {
		t.Fatalf("chart %+v %v", rows, err)
	}
	if back, _ := parseChart(formatChart(rows)); !reflect.DeepEqual(back, rows) {
		t.Fatal("chart does not round-trip")
	}
	if _, err := parseChart("Out | maybe"); err == nil {
		t.Fatal("a chart row without success or failure was accepted")
	}
	refs, err := parseHPRefs("H1:attack, hq:WILD")
	if err != nil || len(refs) != 2 || refs[1].From != "hq" || refs[1].Kind != "wild" {
		t.Fatalf("hp refs %+v %v", refs, err)
	}
	for _, bad := range []string{"attack", "H1:gold"} {
		if _, err := parseHPRefs(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	hs, err := parseHeroes("H1 Ana_Maria A1 3 Big_Rifle:3 Knife:0 Sneaky")
	if err != nil || hs[0].Name != "Ana Maria" || hs[0].Weapons[0].Name != "Big Rifle" || hs[0].Weapons[0].Range != 3 || hs[0].StartingSkill != "Sneaky" {
		t.Fatalf("heroes %+v %v", hs, err)
	}
	for _, bad := range []string{"", "H1 Ana A1", "H1 Ana A1 x R:1 K:0", "H1 Ana A1 3 R:far K:0"} {
		if _, err := parseHeroes(bad); err == nil {
			t.Errorf("heroes %q accepted", bad)
		}
	}
	lv, err := parseLevels("g Orange red")
	if err != nil || len(lv) != 3 || lv[1] != content.Orange {
		t.Fatalf("levels %v %v", lv, err)
	}
	ks, err := parseKeywords("fast, xWounds(3), handler(DG)")
	if err != nil || len(ks) != 3 || formatKeywords(ks) != "fast, xWounds(3), handler(DG)" {
		t.Fatalf("keywords %v %v", ks, err)
	}
}

func FuzzParseSpawnRow(f *testing.F) {
	for _, s := range []string{"", "GR 2", "2 GR, DG", "GR 2,, DG 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		items, err := parseSpawnRow(s)
		if err != nil {
			return
		}
		back, err := parseSpawnRow(formatSpawnRow(items))
		if err != nil || len(back) != len(items) {
			t.Fatalf("%q: round trip %v %v", s, back, err)
		}
	})
}

func FuzzParseEffects(f *testing.F) {
	f.Add("spawnPatrol suspicious green\nadvanceTracker 1")
	f.Add("spawnBarracks A red orange\ntriggerAlarm")
	f.Add("raiseAwareness heroRoom 2\nfreeText hello")
	f.Fuzz(func(t *testing.T, s string) {
		es, err := parseEffects(s)
		if err != nil {
			return
		}
		for _, e := range es {
			if err := e.Validate(); err != nil {
				t.Fatalf("%q: accepted an invalid effect %+v: %v", s, e, err)
			}
		}
	})
}

func FuzzParseMap(f *testing.F) {
	f.Add("A1 R1 t1 corridor\nA2 R1\nB1 R2", "A1 A2\nA2 B1 D1", "D1 closed 1 exit", "A1 A2 B1", "T1 B1 green", "a B1")
	f.Add("A1 R1", "", "", "", "", "")
	f.Fuzz(func(t *testing.T, areas, edges, doors, sight, tokens, barracks string) {
		mt := MapText{Mission: "M", Areas: areas, Edges: edges, Doors: doors, SightLines: sight, Tokens: tokens, Barracks: barracks}
		m, err := mt.ParseMap()
		if err != nil {
			return
		}
		_ = m.Validate()
		if _, err := MapToText(m).ParseMap(); err != nil {
			t.Fatalf("a parsed map does not parse back: %v", err)
		}
	})
}

func FuzzParseSmall(f *testing.F) {
	f.Add("Out | success", "H1:attack hq:wild", "H1 Ana A1 3 R:3 K:0 Sneaky", "green orange")
	f.Fuzz(func(t *testing.T, chart, hp, heroes, levels string) {
		_, _ = parseChart(chart)
		_, _ = parseHPRefs(hp)
		_, _ = parseHeroes(heroes)
		_, _ = parseLevels(levels)
		_, _ = parseKeywords(levels)
	})
}

func TestParseGear(t *testing.T) {
	ws, err := parseWeapons("Big_Rifle:3:vril:jammed Knife:0")
	if err != nil || ws[0].Name != "Big Rifle" || ws[0].Range != 3 || !ws[0].Vril || ws[0].Status != "jammed" || ws[1].Range != 0 {
		t.Fatalf("weapons %+v %v", ws, err)
	}
	if back, _ := parseWeapons(formatWeapons(ws)); back != ws {
		t.Fatalf("weapons round trip %+v", back)
	}
	for _, bad := range []string{"Rifle:3", "A:1 B:2 C:3", "A:x B:1", "A:1:jammed:drained B:0", "A:-1 B:0"} {
		if _, err := parseWeapons(bad); err == nil {
			t.Errorf("weapons %q accepted", bad)
		}
	}
	its, err := parseItems("Grenade Orb:vrilOrb:drained Keys:keys")
	if err != nil || len(its) != 3 || its[1].Kind != "vrilOrb" || its[1].Status != "drained" {
		t.Fatalf("items %+v %v", its, err)
	}
	if back, _ := parseItems(formatItems(its)); !reflect.DeepEqual(back, its) {
		t.Fatalf("items round trip %+v", back)
	}
	if _, err := parseItems("Orb:shiny"); err == nil {
		t.Error("an unknown item kind was accepted")
	}
	old := []rb.Skill{{ID: "Sneaky", Type: rb.SkillNoise, Active: true, Starting: true}}
	sk := parseSkills("sneaky Die_Hard:used Lucky", old)
	if len(sk) != 3 || sk[0].ID != "Sneaky" || !sk[0].Starting || sk[1].Active || sk[1].Type != rb.SkillAttack || sk[2].Type != rb.SkillHero {
		t.Fatalf("skills %+v", sk)
	}
	if formatSkills(sk) != "Sneaky Die_Hard:used Lucky" {
		t.Fatalf("skills written %q", formatSkills(sk))
	}
}

func FuzzParseGear(f *testing.F) {
	f.Add("Rifle:3:vril Knife:0", "Orb:vrilOrb:drained Grenade")
	f.Fuzz(func(t *testing.T, w, i string) {
		if ws, err := parseWeapons(w); err == nil {
			if back, err := parseWeapons(formatWeapons(ws)); err != nil || back != ws {
				t.Fatalf("%q: round trip %+v %v", w, back, err)
			}
		}
		if its, err := parseItems(i); err == nil {
			if _, err := parseItems(formatItems(its)); err != nil {
				t.Fatalf("%q: round trip %v", i, err)
			}
		}
		_ = parseSkills(i, nil)
	})
}
