package reich

// The enemy attacks waiting for the heroes' defence tests (spec §6.4,
// §7.5.5), and the Counter a defender may make during one (§12.1).

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// refreshPending lists the enemy attacks waiting for defence tests.
func (p *playScreen) refreshPending(m *rb.Mission) {
	p.pending.Objects = nil
	if len(m.HPDraws) > 0 {
		// The players draw the heroism point supply: the oldest point
		// earned waits for them to say which they drew.
		dr := m.HPDraws[0]
		var bs []fyne.CanvasObject
		for _, k := range []string{rb.HPAttack, rb.HPDefence, rb.HPWild} {
			if slices.Contains(m.HPSupply, k) {
				bs = append(bs, widgets.Touch(p.k.tap(k, nil, func() { p.k.do(rb.DrawnHP{Kind: k}) })))
			}
		}
		l := wrapped(fmt.Sprintf("%s earns a heroism point for %s: draw one from the face-down supply. Which did you draw?", heroName(m, dr.Hero), dr.Why))
		l.Importance = widget.WarningImportance
		p.pending.Add(l)
		p.pending.Add(widgets.NewFlow(bs...))
	}
	if m.Paused != nil && !m.Ended {
		note := "The enemy turn is paused after this attack. Record the defence test, and any knock-back, reaction or Counter; then tap \"" +
			p.nextLabel(&rb.Mission{Paused: m.Paused}) + "\": the units still to attack pick their targets again, so a downed or moved hero is seen."
		if len(m.Pending) == 0 {
			note = "The defence tests are done and the enemy turn goes on: record any knock-back or reaction first, then tap \"" + p.nextLabel(m) + "\"."
		}
		l := wrapped(note)
		l.Importance = widget.WarningImportance
		p.pending.Add(l)
	}
	if len(m.Pending) == 0 {
		return
	}
	p.pending.Add(heading("Enemy attacks waiting for defence tests"))
	for i, a := range m.Pending {
		var who []string
		for _, d := range a.Defenders {
			who = append(who, heroName(m, d))
		}
		mode := "in melee"
		if a.Mode == "ranged" {
			mode = "at range"
		}
		line := fmt.Sprintf("The %s attacks %s, total %d, against %s", p.unitTypeName(a.Code), mode, a.Total, strings.Join(who, ", "))
		if len(a.Breakdown) > 0 {
			line += " — " + p.k.namer().Line(strings.Join(a.Breakdown, "; "))
		}
		line += noItemsNote(a)
		b := button("Defend…", theme.ConfirmIcon(), func() { p.DefendForm(i) })
		var right fyne.CanvasObject = widgets.Touch(b)
		if len(counterers(m, a)) > 0 {
			right = container.NewHBox(widgets.Touch(button("Counter…", nil, func() { p.CounterForm(i) })), right)
		}
		p.pending.Add(container.NewBorder(nil, nil, nil, right, wrapped(line)))
	}
}

// counterNote reminds the players, on a defence test where Counter may
// be used, that the counter attack is recorded before the test closes
// the attack (§12.1).
func counterNote(m *rb.Mission, a rb.PendingAttack) []*widget.FormItem {
	if len(counterers(m, a)) == 0 {
		return nil
	}
	return []*widget.FormItem{widget.NewFormItem("Counter", wrapped("record a counter attack first, with Counter… beside the attack: this test closes it"))}
}

// counterers are the defenders of a pending attack who may still use
// Counter on its defence test (§12.1).
func counterers(m *rb.Mission, a rb.PendingAttack) []string {
	var out []string
	for _, id := range a.Defenders {
		if h := m.HeroByID(id); h != nil && hasActiveSkill(h, "Counter") && !slices.Contains(a.Countered, id) {
			out = append(out, id)
		}
	}
	return out
}

// CounterForm records a Counter attack during the defence test against
// pending attack i (§12.1): outside the hero's own turn, against a unit
// that made the attack.
func (p *playScreen) CounterForm(i int) *formDialog {
	m := p.k.mission()
	a := m.Pending[i]
	who := counterers(m, a)
	def := ""
	if len(who) > 0 {
		def = who[0]
	}
	var units []string
	for _, id := range a.Units {
		if m.UnitByID(id) != nil {
			units = append(units, id)
		}
	}
	_, uwords := p.unitsNear("")
	var first []string
	if len(units) > 0 {
		first = units[:1]
	}
	h := m.HeroByID(def)
	ws, wwords := []string{"0", "1", "-1"}, func(s string) string { return s }
	if h != nil {
		ws, wwords = weaponsOf(h)
	}
	return p.k.cmdForm(fmt.Sprintf("Counter the %s's attack", p.unitTypeName(a.Code)), "Record the counter", []fld{
		choiceW("Hero", who, func(h string) string { return heroName(m, h) }, def),
		choiceW("Weapon", ws, wwords, "0"),
		picks("Target", "a unit that made this attack", units, uwords, first),
		num("Total", "the attack test's final total", 0),
		num("Defence bonus", "auras or cards the players apply", 0),
		tick("Loot", "a special spent for loot", false),
		tick("Accurate", "", false), tick("Armour piercing", "", false), tick("Versatile", "", false),
		hpPay("Heroism points before the roll", "", hpSources(m)),
		hpPay("Heroism points after the roll", "", hpSources(m)),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		c := attackFields(v)
		c.Hero, c.Counter, c.Against, c.Targets = v.S("Hero"), true, i, v.L("Target")
		return func(a ai.Answers) tracker.Command { c.Answers = a; return c }, nil
	})
}

// unitTypeName is a unit code's name on the mission's faction card.
func (p *playScreen) unitTypeName(code string) string {
	if m := p.k.mission(); m != nil {
		if f := p.k.state().Library.FactionByID(m.Faction); f != nil {
			return unitName(code, *f)
		}
	}
	return code
}

// noItemsNote tells the players that no items may be used on this defence
// test (V-11, Vril Acid): the total is typed as one number, so the app
// cannot refuse an item, only say so.
func noItemsNote(a rb.PendingAttack) string {
	if !a.NoItems {
		return ""
	}
	return " — no items on this defence test (Vril Acid)"
}

// DefendForm records a defence test against pending attack i: the total
// on a stepper, the wound card drawn if it failed, the heroism points
// spent, a Decoy who takes it instead.
func (p *playScreen) DefendForm(i int) *formDialog {
	m := p.k.mission()
	a := m.Pending[i]
	def := ""
	if len(a.Defenders) > 0 {
		def = a.Defenders[0]
	}
	name := func(h string) string { return heroName(m, h) }
	return p.k.cmdForm(fmt.Sprintf("Defence against the %s (total %d)%s", p.unitTypeName(a.Code), a.Total, noItemsNote(a)), "Record the test", []fld{
		choiceW("Hero", a.Defenders, name, def),
		num("Defence total", "the final total after re-rolls", 0),
		text("Wound card", "if the test failed: the wound card's number as printed (optional)", ""),
		numIn("Threshold", "the permanent threshold printed on the wound card", 0, 0, 12),
		hpPay("Heroism points before the roll", "", hpSources(m)),
		hpPay("Heroism points after the roll", "", hpSources(m)),
		choiceW("Decoy", append([]string{""}, heroIDs(m)...), func(h string) string {
			if h == "" {
				return "no decoy"
			}
			return name(h)
		}, ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		tot, _ := v.I("Defence total")
		thr, _ := v.I("Threshold")
		return plain(rb.Defend{Hero: v.S("Hero"), Attack: i, Total: tot, WoundCard: v.S("Wound card"), Threshold: thr,
			HPBefore: v.HP("Heroism points before the roll"), HPAfter: v.HP("Heroism points after the roll"), Decoy: v.S("Decoy")}), nil
	}, counterNote(m, a)...)
}
