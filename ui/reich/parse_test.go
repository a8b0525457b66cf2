package reich

import (
	"reflect"
	"testing"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
)

func TestParseSmallForms(t *testing.T) {
	refs, err := parseHPRefs("H1:attack, hq:WILD")
	if err != nil || len(refs) != 2 || refs[1].From != "hq" || refs[1].Kind != "wild" {
		t.Fatalf("hp refs %+v %v", refs, err)
	}
	for _, bad := range []string{"attack", "H1:gold"} {
		if _, err := parseHPRefs(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	lv, err := parseLevels("g Orange red")
	if err != nil || len(lv) != 3 || lv[1] != content.Orange {
		t.Fatalf("levels %v %v", lv, err)
	}
}

func FuzzParseSmall(f *testing.F) {
	f.Add("H1:attack hq:wild", "green orange")
	f.Fuzz(func(t *testing.T, hp, levels string) {
		_, _ = parseHPRefs(hp)
		_, _ = parseLevels(levels)
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
