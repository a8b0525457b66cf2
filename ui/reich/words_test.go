package reich

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	practice "tablekeeper/assets/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/tracker/trackertest"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// specCodes are this game's own spec codes (V-27, §-less rule codes) and
// the content file's identifiers a player must not read either.
var specCodes = regexp.MustCompile(`\bV-\d+\b|\bRB p\.|\breichbusters\b|\b(atEase|preAlarm|postAlarm|alienWorld|spawnPatrol|spawnBarracks|raiseAwareness|nearestAtEaseRoom|heroRoom|advanceTracker|triggerAlarm|freeText|playOngoing|endEffect|returnRemoved|vrilOrb|alienHeart)\b`)

// goWords are Go's own words in a refusal ("json: cannot unmarshal …
// into Go struct field …", "uint64").
var goWords = regexp.MustCompile(`\bjson:|\bunmarshal\b|\bGo (struct|value)\b|\b(u?int(8|16|32|64)?|float64|\[\]string|map\[)\b|\bstruct\b|\bnil\b`)

// oneOfMany is a count of 1 with a plural of this game's nouns ("1
// modifiers", "1 faction cards").
var oneOfMany = regexp.MustCompile(`(^|[^\d.,:])1 (modifiers|areas|faction cards|spawn cards|noise cards|maps|character cards|units|doors|rooms|tokens|spawn tokens|items|permanent wounds|heroism points|icons|spawn icons|missions|lines)\b`)

// booleanOrEmpty is a program's true or false, or an empty quoted string.
var booleanOrEmpty = regexp.MustCompile(`\b(true|false)\b|""|“”`)

// wordsOf checks a screen's words: the frame's list (§, spec, JSON, codes,
// identifiers, "(s)"), this game's own codes, Go's words, a plural English
// does not spell so (issue 23 item 4), a count of 1 with a plural, a
// boolean and an empty quoted string.
func wordsOf(t *testing.T, where, text string, seen map[string]bool) {
	t.Helper()
	probs := uitest.PlayersWords(text)
	probs = append(probs, trackertest.OddPlurals(text)...)
	for _, line := range strings.Split(text, "\n") {
		for _, m := range specCodes.FindAllString(line, -1) {
			probs = append(probs, "a code of the rules or the content file: "+m+" in "+line)
		}
		for _, m := range goWords.FindAllString(line, -1) {
			probs = append(probs, "Go's words: "+m+" in "+line)
		}
		for _, m := range oneOfMany.FindAllString(line, -1) {
			probs = append(probs, "a count of 1 with a plural: "+strings.TrimSpace(m)+" in "+line)
		}
		for _, m := range booleanOrEmpty.FindAllString(line, -1) {
			probs = append(probs, "a boolean or an empty quoted string: "+m+" in "+line)
		}
	}
	sort.Strings(probs)
	for _, p := range probs {
		if !seen[p] {
			seen[p] = true
			t.Errorf("%s: %s", where, p)
		}
	}
}

// TestPlayersWords walks every label, hint, title and message of the
// game's tabs (between missions, and mid-mission with units on the map,
// an enemy decision and an attack waiting) and of every form and dialog,
// and finds no spec section, code, JSON or identifier.
func TestPlayersWords(t *testing.T) {
	seen := map[string]bool{}
	ctx, w := newCtx(t)
	for _, tab := range []func(*shell.Context) fyne.CanvasObject{Screens{}.Play, Screens{}.Campaign, Screens{}.Enemy} {
		w.SetContent(tab(ctx))
		wordsOf(t, "empty campaign", uitest.WindowText(w), seen)
	}
	ce := gameOf(ctx).campaign
	w.SetContent(ce.root)
	for i := range ce.tabs.Items {
		ce.tabs.SelectIndex(i)
		wordsOf(t, "an empty campaign's "+ce.tabs.Items[i].Text, uitest.WindowText(w), seen)
	}
	enemyAttacks(t, ctx)
	must(t, ctx, rb.Override{Reason: "test", AddTokens: []rb.Token{{Area: "B1", Icons: []content.Level{content.Green}}}})
	for _, tab := range []func(*shell.Context) fyne.CanvasObject{Screens{}.Play, Screens{}.Campaign, Screens{}.Enemy} {
		w.SetContent(tab(ctx))
		w.Resize(uitest.Landscape)
		wordsOf(t, "mid-mission", uitest.WindowText(w), seen)
	}
	// Each of the Campaign tab's own tabs.
	c := gameOf(ctx).campaign
	w.SetContent(c.root)
	for i := range c.tabs.Items {
		c.tabs.SelectIndex(i)
		wordsOf(t, "the Campaign tab's "+c.tabs.Items[i].Text, uitest.WindowText(w), seen)
	}
	// What a refusal says, and the diary lines the Log shows.
	p := gameOf(ctx).play
	p.Next()
	wordsOf(t, "a refusal", p.k.Message(), seen)
	_ = ctx.Session.Events(1, func(e tracker.Event) error {
		wordsOf(t, "the Log", ctx.Session.Describe(e), seen)
		return nil
	})
	openForms(t, ctx, w, func(name string) {
		wordsOf(t, name, uitest.WindowText(w), seen)
	})
	wordsOf(t, "the new-campaign form", uitest.AllText(widgets.NewFormBox(Screens{}.Setup(shell.SetupEnv{Window: w}).Items...).Object()), seen)
	// The mission over: its ending card and the result.
	for len(st(ctx).Mission.Pending) > 0 {
		must(t, ctx, rb.Defend{Hero: st(ctx).Mission.Pending[0].Defenders[0], Total: 9})
	}
	must(t, ctx, rb.EndMission{Reason: "test"})
	for _, tab := range []func(*shell.Context) fyne.CanvasObject{Screens{}.Play, Screens{}.Campaign} {
		w.SetContent(tab(ctx))
		wordsOf(t, "the mission over", uitest.WindowText(w), seen)
	}
}

// TestPracticeWordsAfterSpawnAndEnemyTurn plays the practice game as a
// newcomer does (the round started, Mara's turn ended: a spawn; the
// enemy's turn after her; Ned's turn ended; the enemy shoots) and walks
// every tab, the Why, the spawn dialog and the Log after each step: no
// code, id, request kind or Go list, and each Why step said once.
func TestPracticeWordsAfterSpawnAndEnemyTurn(t *testing.T) {
	seen := map[string]bool{}
	ctx, w := newCtx(t)
	w.Resize(uitest.Landscape)
	cmds, err := rb.PracticeCommands(practice.Practice)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		must(t, ctx, c)
	}
	shortened := regexp.MustCompile(`^▲ [A-Z]+ \d+( ✚\d+)?$`)
	codes := regexp.MustCompile(`\bDS\b|\bYH\b|\bCK\b|\b(DS|YH)-\d|\bmara\b|\bned\b|\bP[SNQ]\d\b`)
	walk := func(when string) {
		check := func(where, text string) {
			wordsOf(t, when+", "+where, text, seen)
			for _, line := range strings.Split(text, "\n") {
				if shortened.MatchString(line) {
					continue // a name's initials and number in a small square ("DS 1" of Drill Sentry 1)
				}
				if m := codes.FindString(line); m != "" && !seen[line] {
					seen[line] = true
					t.Errorf("%s, %s: a unit code, id or hero id %q in %q", when, where, m, line)
				}
			}
		}
		for name, tab := range map[string]func(*shell.Context) fyne.CanvasObject{"Play": Screens{}.Play, "Campaign": Screens{}.Campaign, "Enemy": Screens{}.Enemy} {
			w.SetContent(tab(ctx))
			check("the "+name+" tab", uitest.WindowText(w))
		}
		_ = ctx.Session.Events(1, func(e tracker.Event) error {
			check("the Log", ctx.Session.Describe(e))
			return nil
		})
		if _, pay := gameOf(ctx).decision(); len(pay.Trace) > 0 {
			w.SetContent(Screens{}.Play(ctx))
			gameOf(ctx).play.k.showWhy(pay)
			check("the Why", uitest.WindowText(w))
			steps := map[string]bool{}
			for _, s := range traceOf(pay, gameOf(ctx).play.k.namer()).Steps {
				if steps[s.Text] {
					t.Errorf("%s: the Why says %q twice", when, s.Text)
				}
				steps[s.Text] = true
			}
			for _, o := range w.Canvas().Overlays().List() {
				w.Canvas().Overlays().Remove(o)
			}
		}
	}
	must(t, ctx, rb.SetTurnOrder{Order: []string{"mara", "ned"}})
	walk("the round started")
	must(t, ctx, rb.EndTurn{})
	walk("Mara's turn ended (a spawn)")
	must(t, ctx, rb.EnemyTurn{})
	walk("the enemy's turn after Mara")
	must(t, ctx, rb.DrawCards{Hero: "ned"})
	must(t, ctx, rb.EndTurn{})
	must(t, ctx, rb.EnemyTurn{})
	walk("the enemy's turn after Ned (an attack)")
	w.SetContent(Screens{}.Enemy(ctx))
	gameOf(ctx).enemy.TokenForm()
	wordsOf(t, "the spawn dialog", uitest.WindowText(w), seen)
}

// The spawn dialog's icons agree with the token picked: a face-up token's
// icons are shown fixed, as they lie on it, with no "face down" words; a
// face-down token's are tapped in (newcomer report: "T1 in S1, green icon"
// with "Icons: none" and the face-down hint).
func TestSpawnDialogIconsFollowTheToken(t *testing.T) {
	ctx, w := newCtx(t)
	w.Resize(uitest.Landscape)
	cmds, err := rb.PracticeCommands(practice.Practice)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		must(t, ctx, c)
	}
	must(t, ctx, rb.SetTurnOrder{Order: []string{"mara", "ned"}})
	w.SetContent(Screens{}.Enemy(ctx))
	f := gameOf(ctx).enemy.TokenForm()
	ic := f.Field("Icons").(*iconsField)
	text := uitest.WindowText(w)
	if !ic.Fixed() || !slices.Equal(ic.Icons, []content.Level{content.Green}) || strings.Contains(text, "Face down") || !strings.Contains(text, "face up") {
		t.Fatalf("T1 (green, face up): icons %v fixed %v, the dialog reads:\n%s", ic.Icons, ic.Fixed(), text)
	}
	tok := f.Field("Token").(*choiceField)
	tok.Pick("T2")
	text = uitest.WindowText(w)
	if ic.Fixed() || len(ic.Icons) != 0 || !strings.Contains(text, "Face down: tap the icons") {
		t.Fatalf("T2 (face down): icons %v fixed %v, the dialog reads:\n%s", ic.Icons, ic.Fixed(), text)
	}
	ic.Add(content.Orange)
	tok.Pick("T1")
	if !slices.Equal(ic.Icons, []content.Level{content.Green}) {
		t.Fatalf("back on T1 the icons are %v", ic.Icons)
	}
	if err := f.Submit(); err != nil {
		t.Fatal(err)
	}
	m := st(ctx).Mission
	if slices.ContainsFunc(m.Tokens, func(tk rb.Token) bool { return tk.ID == "T1" }) || len(m.Units) == 0 {
		t.Fatalf("T1 did not spawn: %d units", len(m.Units))
	}
}

// Names in a map square: whole when they fit, else shortened sensibly (a
// hero's first name, then initials; a unit's initials and number; a
// token's id) rather than cut to "Ma…".
func TestMapNamesShortenSensibly(t *testing.T) {
	if got := initials("Drill Sentry 1"); got != "DS 1" {
		t.Errorf("initials(Drill Sentry 1) = %q", got)
	}
	if got := initials("Mara Voss"); got != "MV" {
		t.Errorf("initials(Mara Voss) = %q", got)
	}
	size := float32(12)
	hero := gridLine{text: "♦ Mara Voss", short: []string{"♦ Mara", "♦ MV"}}
	wide := fyne.MeasureText("♦ Mara Voss", size, fyne.TextStyle{}).Width
	if got := hero.fitting(wide+1, size); got != "♦ Mara Voss" {
		t.Errorf("room for the whole name: %q", got)
	}
	if got := hero.fitting(fyne.MeasureText("♦ Mara", size, fyne.TextStyle{}).Width+1, size); got != "♦ Mara" {
		t.Errorf("room for the first name: %q", got)
	}
	if got := hero.fitting(fyne.MeasureText("♦ MV", size, fyne.TextStyle{}).Width+1, size); got != "♦ MV" {
		t.Errorf("room for the initials: %q", got)
	}
	// The practice map: units on the squares by name, never by id.
	ctx, w := newCtx(t)
	w.Resize(uitest.Landscape)
	cmds, err := rb.PracticeCommands(practice.Practice)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		must(t, ctx, c)
	}
	must(t, ctx, rb.SetTurnOrder{Order: []string{"mara", "ned"}})
	must(t, ctx, rb.EndTurn{})
	w.SetContent(Screens{}.Enemy(ctx))
	v := gameOf(ctx).enemy.Map
	var got []string
	for _, l := range v.gridLines("C4") {
		got = append(got, l.text)
	}
	if !slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "▲ Drill Sentry ") }) {
		t.Errorf("C4 shows %q: want the units by name", got)
	}
}

// Issue 23 items 5 and 6: every refusal the tests produce reads in the
// players' words. Hostile content files are refused naming the field and
// what is wrong with it, never in Go's words ("json: unknown field",
// "cannot unmarshal … into Go struct field"); refused actions say their
// numbers with nouns that agree ("2 areas need 1 modifier").
func TestRefusalsInPlayersWords(t *testing.T) {
	seen := map[string]bool{}
	ctx, w := newCtx(t)
	w.Resize(uitest.Landscape)
	p := heroTurn(t, ctx)
	k := p.k
	head := `{"format":"tablekeeper-reichbusters-content","version":1,"content":`
	for _, c := range []struct{ file, says string }{
		{head + `{"meps":[]}}`, `"meps" is not a field`},
		{`{"format":"tablekeeper-reichbusters-content","version":-1}`, "version"},
		{`{"format":"tablekeeper-reichbusters-content","version":7}`, "newer Tablekeeper"},
		{`{"format":"something else","version":1}`, "not a Reichbusters content file"},
		{`[]`, "should be an object"},
		{`{"format":"tablekeeper-reichbusters-content","version":1} {}`, "more text after"},
		{"\xff\xfe", "line 1"},
		{head + `{"factions":[{"factionId":"F","name":"x","units":[{"code":"A","name":"a","max":1,"meleeAttack":"x"}]}]}}`, "melee attack should be a whole number, not text"},
		{head + `{"factions":{}}}`, "faction cards should be a list"},
		{head + `{"maps":[{"missionId":"m","areas":[{"id":"A","room":"r","cells":[[1]]}]}]}}`, "column and row"},
		{head + `{"maps":[{"missionId":"m","areas":[{"id":"A","room":"r","cells":"x"}]}]}}`, "cells should be a list"},
		{head + `{"noiseCards":[{"id":"N","deck":"x","threshold":1.5}]}}`, "not the number 1.5"},
		{head + `{"factions":[{"factionId":"F","name":"x","units":[{"code":"A","name":"a","max":1,"keywords":["flying"]}]}]}}`, "No Hands"},
		{head + `{"factions":[{"factionId":"F","name":"x","units":[{"code":"A","name":"a","max":1,"keywords":[3]}]}]}}`, "a keyword is written as text"},
		{head + `{"factions":[{"factionId":"F","name":"x","units":[{"code":"A","name":"a","max":1,"nameIsWhite":"yes"}]}]}}`, "name in white should be a yes or no"},
		{head + `{"heroes":[{"id":"h","name":"x","defence":1e3}]}}`, "defence should be a whole number"},
		{head + `{"missions":[{"id":"m","preAlarm":-1}]}}`, "spaces before the alarm"},
		{head + `{"factions":[null]}}`, "faction card"},
	} {
		k.Refused = ""
		if f := k.LoadContent("hostile.json", []byte(c.file)); f != nil {
			t.Errorf("%s was accepted", c.file)
			continue
		}
		if !strings.Contains(k.Refused, c.says) {
			t.Errorf("%s: refused with %q, which does not say %q", c.file, k.Refused, c.says)
		}
		wordsOf(t, "a content file's refusal", k.Refused, seen)
		closeDialogs(w)
	}
	// Refused actions through their forms.
	mv := p.MoveForm("H1")
	setEntry(t, mv, "Path", "A2 A3")
	if err := mv.Submit(); err == nil {
		t.Fatal("a move of 2 areas without a modifier went through")
	}
	wordsOf(t, "a refused move", mv.Message(), seen)
	if !strings.Contains(mv.Message(), "2 areas need 1 modifier") {
		t.Errorf("the move's refusal: %q", mv.Message())
	}
	mv.close()
	for _, cmd := range []tracker.Command{
		rb.WoundHero{Hero: "H1", Mode: "sometimes"},
		rb.Move{Hero: "H1", Path: []string{"Z9"}, Basic: true},
		rb.EnemyTurn{},
		rb.OpenDoor{Hero: "H1", Door: "D9"},
		rb.Attack{Hero: "H1", Weapon: 0, Targets: []string{"nobody"}, Total: 3},
	} {
		_, err := k.run(cmd)
		if err == nil {
			t.Errorf("%T was not refused", cmd)
			continue
		}
		wordsOf(t, "a refusal", refusal(err), seen)
	}
	// The diary's lines after a wound taken by hand and a content import.
	must(t, ctx, rb.WoundHero{Hero: "H1", Mode: "auto"})
	must(t, ctx, rb.ImportContent{Data: testContent(t), Replace: true})
	_ = ctx.Session.Events(1, func(e tracker.Event) error {
		wordsOf(t, "the Log", ctx.Session.Describe(e), seen)
		return nil
	})
}

func closeDialogs(w fyne.Window) {
	for _, o := range w.Canvas().Overlays().List() {
		w.Canvas().Overlays().Remove(o)
	}
}
