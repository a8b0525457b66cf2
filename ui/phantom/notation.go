package phantom

import (
	"fmt"
	"strconv"
	"strings"

	ap "tablekeeper/automa/phantom"
)

// Actions on cards are entered in a short notation close to how cards
// print them (spec §15.10: modifiers in parentheses belong to the action
// on the same line; separate lines are separate actions), one action a
// line (or separated by ";"):
//
//	Move 3
//	Leap 2
//	Attack +1 (Range 5, Pierce 1, Target 2, inflict Burning and Bleeding, blitz, damage x2)
//	Attack (Range +2)
//	Retreat 2
//	Teleport
//	Heal 2 (self, per character)
//	Heal 3 (allies, self)
//	Grant Barrier (self)
//	Remove detrimental
//	Damage 3 (adjacent figures, inflict Knocked Down)
//	Note: any text the players resolve themselves
//
// ParseActions reads it; FormatActions writes actions back in it.

// ParseActions reads actions in the notation; an error names the line
// and what is not understood.
func ParseActions(text string) ([]ap.Action, error) {
	var out []ap.Action
	lines := strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == ';' })
	for n, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		a, err := parseAction(line)
		if err != nil {
			return nil, fmt.Errorf("action %d %q: %v", n+1, line, err)
		}
		out = append(out, a)
	}
	return out, nil
}

func parseAction(line string) (ap.Action, error) {
	var a ap.Action
	if strings.HasPrefix(strings.ToLower(line), "note:") {
		a.Kind = ap.ActManual
		a.Text = strings.TrimSpace(line[len("note:"):])
		return a, nil
	}
	head, mods := line, ""
	if i := strings.Index(line, "("); i >= 0 {
		if !strings.HasSuffix(strings.TrimSpace(line), ")") {
			return a, fmt.Errorf("a \"(\" needs its \")\" at the end of the line")
		}
		head, mods = strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+1:len(strings.TrimSpace(line))-1])
	}
	words := strings.Fields(head)
	if len(words) == 0 {
		return a, fmt.Errorf("no action named")
	}
	verb := strings.ToLower(words[0])
	args := words[1:]
	num := func(optional bool) error {
		if len(args) == 0 {
			if optional {
				return nil
			}
			return fmt.Errorf("%s needs a number", words[0])
		}
		v, err := strconv.Atoi(strings.TrimPrefix(args[0], "+"))
		if err != nil {
			return fmt.Errorf("%q is not a number", args[0])
		}
		a.Value = v
		args = args[1:]
		return nil
	}
	var err error
	switch verb {
	case "move", "leap", "retreat":
		a.Kind = map[string]ap.ActionKind{"move": ap.ActMove, "leap": ap.ActLeap, "retreat": ap.ActRetreat}[verb]
		err = num(false)
	case "teleport":
		a.Kind = ap.ActTeleport
	case "attack":
		a.Kind = ap.ActAttack
		err = num(true)
	case "heal":
		a.Kind = ap.ActHeal
		err = num(false)
	case "damage":
		a.Kind = ap.ActDamage
		err = num(false)
	case "grant", "remove":
		a.Kind = ap.ActGrantCondition
		if verb == "remove" {
			a.Kind = ap.ActRemoveCondition
		}
		name := strings.Join(args, " ")
		args = nil
		if verb == "remove" && strings.EqualFold(name, "detrimental") {
			a.Condition = "detrimental"
			break
		}
		c, perr := ap.ParseCond(name)
		if perr != nil {
			return a, perr
		}
		a.Condition = string(c)
	default:
		return a, fmt.Errorf("%q is not an action (Move, Leap, Retreat, Teleport, Attack, Heal, Damage, Grant, Remove, Note:)", words[0])
	}
	if err != nil {
		return a, err
	}
	if len(args) > 0 {
		return a, fmt.Errorf("%q is not understood; put modifiers in parentheses", strings.Join(args, " "))
	}
	if mods == "" {
		return a, nil
	}
	for _, m := range strings.Split(mods, ",") {
		if err := applyModifier(&a, strings.TrimSpace(m)); err != nil {
			return a, err
		}
	}
	return a, nil
}

func atoiWord(s string) (int, error) {
	v, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "+")))
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", strings.TrimSpace(s))
	}
	return v, nil
}

// applyModifier applies one modifier from the parentheses.
func applyModifier(a *ap.Action, m string) error {
	l := strings.ToLower(m)
	switch {
	case l == "":
		return nil
	case strings.HasPrefix(l, "range "):
		v := strings.TrimSpace(l[len("range "):])
		if strings.HasPrefix(v, "+") || strings.HasPrefix(v, "-") {
			n, err := atoiWord(v)
			if err != nil {
				return err
			}
			a.RangeMod = n
			return nil
		}
		n, err := atoiWord(v)
		if err != nil {
			return err
		}
		a.Range = &n
	case strings.HasPrefix(l, "target "), strings.HasPrefix(l, "targets "):
		n, err := atoiWord(l[strings.Index(l, " ")+1:])
		if err != nil {
			return err
		}
		a.Targets = n
	case strings.HasPrefix(l, "pierce "):
		n, err := atoiWord(l[len("pierce "):])
		if err != nil {
			return err
		}
		a.Pierce = n
	case strings.HasPrefix(l, "inflict "):
		for _, c := range strings.Split(m[len("inflict "):], " and ") {
			cond, err := ap.ParseCond(strings.TrimSpace(c))
			if err != nil {
				return err
			}
			a.Inflict = append(a.Inflict, string(cond))
		}
	case l == "blitz":
		a.Die = "blitz"
	case strings.HasPrefix(l, "damage x"):
		n, err := atoiWord(l[len("damage x"):])
		if err != nil {
			return err
		}
		a.Multiplier = n
	case l == "per character":
		a.PerCharacter = true
	case l == "self":
		if a.TargetsAllies {
			a.CanTargetSelf = true
		} else {
			a.SelfOnly = true
		}
	case l == "allies":
		a.TargetsAllies = true
		if a.SelfOnly {
			a.SelfOnly, a.CanTargetSelf = false, true
		}
	case l == "adjacent figures":
		a.Area = "adjacentFigures"
	case l == "adjacent enemies":
		a.Area = "adjacentEnemies"
	default:
		return fmt.Errorf("%q is not a modifier (Range N, Range +N, Target N, Pierce N, inflict X and Y, blitz, damage xN, per character, self, allies, adjacent figures, adjacent enemies)", m)
	}
	return nil
}

// FormatActions writes actions in the notation, one a line.
func FormatActions(as []ap.Action) string {
	lines := make([]string, 0, len(as))
	for _, a := range as {
		lines = append(lines, formatAction(a))
	}
	return strings.Join(lines, "\n")
}

func formatAction(a ap.Action) string {
	var head string
	switch a.Kind {
	case ap.ActManual:
		return "Note: " + strings.ReplaceAll(strings.ReplaceAll(a.Text, "\n", " "), ";", ",")
	case ap.ActMove, ap.ActLeap, ap.ActRetreat, ap.ActHeal, ap.ActDamage:
		head = fmt.Sprintf("%s %d", title(string(a.Kind)), a.Value)
	case ap.ActTeleport:
		head = "Teleport"
	case ap.ActAttack:
		head = "Attack"
		if a.Value != 0 {
			head += fmt.Sprintf(" %+d", a.Value)
		}
	case ap.ActGrantCondition:
		head = "Grant " + a.Condition
	case ap.ActRemoveCondition:
		head = "Remove " + a.Condition
	default:
		head = string(a.Kind)
	}
	var mods []string
	if a.Range != nil {
		mods = append(mods, fmt.Sprintf("Range %d", *a.Range))
	}
	if a.RangeMod != 0 {
		mods = append(mods, fmt.Sprintf("Range %+d", a.RangeMod))
	}
	if a.Targets != 0 {
		mods = append(mods, fmt.Sprintf("Target %d", a.Targets))
	}
	if a.Pierce != 0 {
		mods = append(mods, fmt.Sprintf("Pierce %d", a.Pierce))
	}
	if len(a.Inflict) > 0 {
		mods = append(mods, "inflict "+strings.Join(a.Inflict, " and "))
	}
	if a.Die == "blitz" {
		mods = append(mods, "blitz")
	}
	if a.Multiplier != 0 {
		mods = append(mods, fmt.Sprintf("damage x%d", a.Multiplier))
	}
	if a.PerCharacter {
		mods = append(mods, "per character")
	}
	if a.SelfOnly {
		mods = append(mods, "self")
	}
	if a.TargetsAllies {
		mods = append(mods, "allies")
		if a.CanTargetSelf {
			mods = append(mods, "self")
		}
	}
	switch a.Area {
	case "adjacentFigures":
		mods = append(mods, "adjacent figures")
	case "adjacentEnemies":
		mods = append(mods, "adjacent enemies")
	}
	if len(mods) > 0 {
		head += " (" + strings.Join(mods, ", ") + ")"
	}
	return head
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
