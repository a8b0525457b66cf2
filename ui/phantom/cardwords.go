package phantom

import (
	"fmt"
	"strings"

	ap "tablekeeper/automa/phantom"
	tp "tablekeeper/tracker/phantom"
)

// ActionText writes an action as a card prints it, in words: "Attack +1 ·
// Range 5 · Target 2 · inflicts Burning", "Heal 2 per character (itself)".
func ActionText(a ap.Action) string {
	var head string
	switch a.Kind {
	case ap.ActManual:
		if t := strings.TrimSpace(a.Text); t != "" {
			return t
		}
		return "(what the card says)"
	case ap.ActMove, ap.ActLeap, ap.ActRetreat, ap.ActHeal, ap.ActDamage:
		head = fmt.Sprintf("%s %d", tp.ActionWords(a.Kind), a.Value)
	case ap.ActTeleport:
		head = "Teleport"
	case ap.ActAttack:
		head = "Attack"
		if a.Value != 0 {
			head += " " + Signed(a.Value)
		}
	case ap.ActGrantCondition:
		head = "Grant " + orDefault(a.Condition, "a condition")
	case ap.ActRemoveCondition:
		switch strings.ToLower(a.Condition) {
		case "detrimental":
			head = "Remove every detrimental condition"
		case "":
			head = "Remove a condition"
		default:
			head = "Remove " + a.Condition
		}
	default:
		head = string(a.Kind)
	}
	if a.PerCharacter {
		head += " per character"
	}
	var mods []string
	if a.Range != nil {
		mods = append(mods, fmt.Sprintf("Range %d", *a.Range))
	}
	if a.RangeMod != 0 {
		mods = append(mods, "Range "+Signed(a.RangeMod))
	}
	if a.Targets > 1 {
		mods = append(mods, fmt.Sprintf("Target %d", a.Targets))
	}
	if a.Pierce != 0 {
		mods = append(mods, fmt.Sprintf("Pierce %d", a.Pierce))
	}
	if len(a.Inflict) > 0 {
		mods = append(mods, "inflicts "+strings.Join(a.Inflict, ", "))
	}
	if a.Die == "blitz" {
		mods = append(mods, "Blitz die")
	}
	if a.Multiplier > 1 {
		mods = append(mods, fmt.Sprintf("damage ×%d", a.Multiplier))
	}
	switch a.Area {
	case "adjacentFigures":
		mods = append(mods, "every adjacent figure")
	case "adjacentEnemies":
		mods = append(mods, "adjacent enemies")
	}
	out := head
	if len(mods) > 0 {
		out += " · " + strings.Join(mods, " · ")
	}
	if w := whoWords(a); w != "" {
		out += " (" + w + ")"
	}
	return out
}

// whoWords says whom a heal or a condition goes to.
func whoWords(a ap.Action) string {
	switch {
	case a.SelfOnly:
		return "itself"
	case a.TargetsAllies && a.CanTargetSelf:
		return "its allies or itself"
	case a.TargetsAllies:
		return "its allies"
	}
	return ""
}

// RoundEffectText writes a round effect as the card shows it.
func RoundEffectText(e ap.RoundEffect) string {
	var parts []string
	if t := strings.TrimSpace(e.Text); t != "" {
		parts = append(parts, t)
	}
	if e.Attack != 0 {
		parts = append(parts, "Attack "+Signed(e.Attack))
	}
	if e.Guard != 0 {
		parts = append(parts, "Guard "+Signed(e.Guard))
	}
	for _, a := range e.AfterAttacked {
		parts = append(parts, "after it is attacked: "+ActionText(a))
	}
	if len(parts) == 0 {
		return "(a round effect)"
	}
	return strings.Join(parts, " · ")
}
