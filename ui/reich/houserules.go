package reich

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// The house rules in the players' words are tracker/reich's
// (SettingInfo.Words), which the diary writes a change in too.

// ruleTitle is a setting's title, or its key written as words for a
// setting without words yet.
func ruleTitle(info rb.SettingInfo) string {
	if info.Words.Title != "" {
		return info.Words.Title
	}
	var b strings.Builder
	for i, r := range strings.ReplaceAll(info.Key, ".", " ") {
		if i > 0 && unicode.IsUpper(r) {
			b.WriteByte(' ')
			r = unicode.ToLower(r)
		}
		if i == 0 {
			r = unicode.ToUpper(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// reading is the sentence for a setting's value, with "(the usual
// reading)" after the default's.
func reading(info rb.SettingInfo, value string) string {
	s := info.Words.Readings[value]
	if s == "" {
		s = "Set to " + value + "."
	}
	if value == info.Default {
		s += " (The usual reading.)"
	}
	return s
}

// ruleRow is one house rule: its title, each reading in a sentence, and
// the control that picks one (changed through the rules, and logged).
func (c *campaignScreen) ruleRow(info rb.SettingInfo) fyne.CanvasObject {
	w := info.Words
	box := container.NewVBox()
	switch info.Kind {
	case "bool":
		on := newChoiceField([]string{"true", "false"}, func(v string) string {
			if v == "true" {
				return "On"
			}
			return "Off"
		}, info.Value, nil)
		on.OnChanged = func(v string) {
			if v != info.Value && !c.SetRule(info.Key, v) {
				on.Pick(info.Value)
			}
		}
		box.Add(wrapped("On: " + reading(info, "true")))
		box.Add(wrapped("Off: " + reading(info, "false")))
		box.Add(on)
	case "choice":
		short := func(v string) string {
			if s := w.Short[v]; s != "" {
				return s
			}
			return v
		}
		for _, ch := range info.Choices {
			box.Add(wrapped(capital(short(ch)) + ": " + reading(info, ch)))
		}
		pick := newChoiceField(info.Choices, short, info.Value, nil)
		pick.OnChanged = func(v string) {
			if v != info.Value && !c.SetRule(info.Key, v) {
				pick.Pick(info.Value)
			}
		}
		box.Add(pick)
	default:
		if s := w.Readings[""]; s != "" {
			box.Add(wrapped(s))
		}
		n, err := strconv.Atoi(info.Value)
		if err != nil {
			box.Add(wrapped("Not entered yet."))
			n = 0
		}
		if info.Default != "" {
			box.Add(wrapped(fmt.Sprintf("The usual number: %s.", info.Default)))
		}
		step := newStepField(0, 10, n, nil)
		step.OnChanged = func(v int) {
			if !c.SetRule(info.Key, strconv.Itoa(v)) {
				step.Value = n
				step.sync()
			}
		}
		box.Add(step)
	}
	title := ruleTitle(info)
	if info.Value != info.Default {
		title += " — changed"
	}
	return widgets.NewCard("", "", container.NewVBox(heading(title), box))
}
