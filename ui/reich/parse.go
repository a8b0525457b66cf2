package reich

import (
	"fmt"
	"strconv"
	"strings"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
)

// Typed lists some play forms still read; every mistake names the line
// and says what was expected.

// lines splits text into its non-empty trimmed lines, with their numbers.
func lines(text string) (out []string, nums []int) {
	for i, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
			nums = append(nums, i+1)
		}
	}
	return out, nums
}

func parseAwareness(s string) (content.Awareness, error) {
	for _, a := range []content.Awareness{content.AtEase, content.Suspicious, content.Alert} {
		if strings.EqualFold(a.String(), s) {
			return a, nil
		}
	}
	return 0, fmt.Errorf("awareness %q is not atEase, suspicious or alert", s)
}

// Dashboard gear as the correction form writes it: words separated by
// spaces, an underscore for a space inside a name, and ":" before each
// extra (a weapon's range and "vril", an item's kind, a status, "used").

func under(s string) string   { return strings.ReplaceAll(s, " ", "_") }
func unUnder(s string) string { return strings.ReplaceAll(s, "_", " ") }

// parseWeapons reads exactly two weapons: "Rifle:3 Knife:0:vril:jammed".
func parseWeapons(s string) ([2]rb.Weapon, error) {
	var out [2]rb.Weapon
	ws := strings.Fields(s)
	if len(ws) != 2 {
		return out, fmt.Errorf("weapons: write exactly 2, as in \"Rifle:3 Knife:0\" (V-09)")
	}
	for i, w := range ws {
		parts := strings.Split(w, ":")
		out[i].Name = unUnder(parts[0])
		for j, p := range parts[1:] {
			switch {
			case p == "vril":
				out[i].Vril = true
			case p == rb.StatusJammed || p == rb.StatusDrained:
				if out[i].Status != "" {
					return out, fmt.Errorf("weapon %d: at most one status token (V-09)", i+1)
				}
				out[i].Status = p
			default:
				n, err := strconv.Atoi(p)
				if err != nil || j != 0 || n < 0 {
					return out, fmt.Errorf("weapon %d: %q is not a range, vril, jammed or drained", i+1, p)
				}
				out[i].Range = n
			}
		}
	}
	return out, nil
}

func formatWeapons(ws [2]rb.Weapon) string {
	parts := make([]string, 2)
	for i, w := range ws {
		parts[i] = fmt.Sprintf("%s:%d", under(w.Name), w.Range)
		if w.Vril {
			parts[i] += ":vril"
		}
		if w.Status != "" {
			parts[i] += ":" + w.Status
		}
	}
	return strings.Join(parts, " ")
}

var itemKindNames = []string{rb.ItemVrilOrb, rb.ItemKeys, rb.ItemObjective, rb.ItemAlienHeart, rb.ItemEscort}

// parseItems reads items: "Grenade Orb:vrilOrb:drained".
func parseItems(s string) ([]rb.Item, error) {
	var out []rb.Item
	for i, w := range strings.Fields(s) {
		parts := strings.Split(w, ":")
		it := rb.Item{Name: unUnder(parts[0])}
		for _, p := range parts[1:] {
			switch {
			case p == rb.StatusJammed || p == rb.StatusDrained:
				it.Status = p
			case slicesContains(itemKindNames, p):
				it.Kind = p
			default:
				return nil, fmt.Errorf("item %d: %q is not a kind (%s) or a status (jammed, drained)", i+1, p, strings.Join(itemKindNames, ", "))
			}
		}
		out = append(out, it)
	}
	return out, nil
}

func formatItems(its []rb.Item) string {
	parts := make([]string, len(its))
	for i, it := range its {
		parts[i] = under(it.Name)
		if it.Kind != "" {
			parts[i] += ":" + it.Kind
		}
		if it.Status != "" {
			parts[i] += ":" + it.Status
		}
	}
	return strings.Join(parts, " ")
}

// parseSkills reads skill tokens, keeping what the old ones knew (type,
// starting): "Sneaky Die_Hard:used".
func parseSkills(s string, old []rb.Skill) []rb.Skill {
	var out []rb.Skill
	for _, w := range strings.Fields(s) {
		name, used := strings.CutSuffix(w, ":used")
		sk := rb.Skill{ID: unUnder(name), Active: !used}
		for _, o := range old {
			if strings.EqualFold(o.ID, sk.ID) {
				sk.ID, sk.Type, sk.Starting = o.ID, o.Type, o.Starting
			}
		}
		if sk.Type == "" {
			if t, ok := rb.CampaignSkills[sk.ID]; ok {
				sk.Type = t
			} else {
				sk.Type = rb.SkillHero
			}
		}
		out = append(out, sk)
	}
	return out
}

func formatSkills(sks []rb.Skill) string {
	parts := make([]string, len(sks))
	for i, s := range sks {
		parts[i] = under(s.ID)
		if !s.Active {
			parts[i] += ":used"
		}
	}
	return strings.Join(parts, " ")
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
