package reich

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// specCodes are this game's own spec codes (V-27, §-less rule codes) and
// the content file's identifiers a player must not read either.
var specCodes = regexp.MustCompile(`\bV-\d+\b|\bRB p\.|\breichbusters\b|\b(atEase|preAlarm|postAlarm|alienWorld|spawnPatrol|spawnBarracks|raiseAwareness|nearestAtEaseRoom|heroRoom|advanceTracker|triggerAlarm|freeText|playOngoing|endEffect|returnRemoved|vrilOrb|alienHeart)\b`)

// wordsOf checks a screen's words: the frame's list (§, spec, JSON, codes,
// identifiers, "(s)") and this game's own codes.
func wordsOf(t *testing.T, where, text string, seen map[string]bool) {
	t.Helper()
	probs := uitest.PlayersWords(text)
	for _, line := range strings.Split(text, "\n") {
		for _, m := range specCodes.FindAllString(line, -1) {
			probs = append(probs, "a code of the rules or the content file: "+m+" in "+line)
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
