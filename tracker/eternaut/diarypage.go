package eternaut

import (
	"fmt"
	"strconv"
	"strings"
)

// The Chronicle Diary's pages as the app exports them (§8): each
// scenario's section, then the campaign's page. DiaryMarkdown writes them
// as a Markdown document laid out like the paper one; the campaign's
// story (ui/story) writes the same pages under each scenario it tells.

// A DiaryBlock is one piece of a diary page: a line, a list under its
// lead, or a table.
type DiaryBlock struct {
	// Text is a line as the paper has it ("Storybook: [x] B1 [ ] B2").
	Text string
	// Words is the same line in words where the paper's boxes do not
	// read as text ("Storybook: B1"); "" when Text reads well.
	Words string
	// Lead and Items are a list.
	Lead  string
	Items []string
	// Head and Rows are a table.
	Head []string
	Rows [][]string
}

// DiaryHeading is the diary's first line: the players, the campaign's
// state, the Storybooks played.
func DiaryHeading(s *State) string {
	status := "in progress"
	switch s.Phase {
	case PhaseFinished:
		status = "won"
	case PhaseLost:
		status = "lost"
	}
	line := fmt.Sprintf("Players: %d · Campaign %s", s.Players, status)
	if len(s.Played) > 0 {
		line += " · Storybooks played: " + strings.Join(s.Played, ", ")
	}
	if s.Restarts > 0 {
		line += fmt.Sprintf(" · Restarts: %d", s.Restarts)
	}
	return line
}

// DiaryPage is a scenario's section of the diary, as the paper lays it
// out.
func DiaryPage(sec *DiarySection) []DiaryBlock {
	var out []DiaryBlock
	text := func(format string, args ...any) { out = append(out, DiaryBlock{Text: fmt.Sprintf(format, args...)}) }
	if sec.Letter == "B" || sec.Letter == "E" || sec.Letter == "F" {
		box := func(v int) string {
			if sec.Variant == v {
				return "[x]"
			}
			return "[ ]"
		}
		words := "Storybook: not chosen yet"
		if sec.Variant > 0 {
			words = fmt.Sprintf("Storybook: %s%d", sec.Letter, sec.Variant)
		}
		out = append(out, DiaryBlock{Text: fmt.Sprintf("Storybook: %s %s1 %s %s2", box(1), sec.Letter, box(2), sec.Letter), Words: words})
	}
	text("Plot track: %s%s (%d ✓, %d ✗)", strings.Repeat("✓", sec.Checks), strings.Repeat("✗", sec.Crosses), sec.Checks, sec.Crosses)
	if sec.Scored {
		text("Final score: %d", sec.Score)
	}
	if sec.Epilogue != "" {
		text("Epilogue: %s", sec.Epilogue)
	}
	if len(sec.Rows) > 0 {
		t := DiaryBlock{Head: []string{"ID", "Name", "Played", "Life", "Items", "Penalties", "Skill counters", "Personal Ability"}}
		for _, r := range sec.Rows {
			life := ""
			switch {
			case r.Skull:
				life = "☠"
			case sec.Letter == "A":
				life = "—"
			case r.LP > 0:
				life = strconv.Itoa(r.LP)
			}
			played := ""
			if r.Played {
				played = "✔"
			}
			t.Rows = append(t.Rows, []string{r.ID, r.Name, played, life, strings.Join(r.Items, ", "), penaltiesText(r.Penalties), skillsText(r.Skills), r.PA})
		}
		out = append(out, t)
	}
	if sec.Letter != "A" && (sec.Scored || len(sec.ItemReserve) > 0 || sec.Ammo > 0) {
		text("Item reserve: %s", listOr(sec.ItemReserve, "—"))
		text("Ammo: %d / %d", sec.Ammo, AmmoReserveCap)
	}
	if len(sec.SpecialQuests) > 0 {
		text("Special Quest cards: %s", strings.Join(sec.SpecialQuests, ", "))
	}
	if len(sec.GroupAbilities) > 0 {
		text("Group Abilities: %s", strings.Join(sec.GroupAbilities, ", "))
	}
	if len(sec.Notes) > 0 || len(sec.TruckItems) > 0 || sec.TruckAmmo > 0 {
		out = append(out, DiaryBlock{Lead: "Notes:", Items: append([]string(nil), sec.Notes...)})
	}
	if sec.AvailablePP > 0 || len(sec.Purchases) > 0 || sec.BasePP > 0 {
		text("Purchase points: %d this scenario, %d available, %d remaining", sec.BasePP, sec.AvailablePP, sec.RemainingPP)
	}
	if len(sec.Purchases) > 0 {
		l := DiaryBlock{Lead: "Purchases:"}
		for _, p := range sec.Purchases {
			line := fmt.Sprintf("%s %s (%d PP)", p.Kind, p.ID, p.Cost)
			if p.Char != "" {
				line += " for " + p.Char
			}
			if p.Remove != "" {
				line += ", replacing a " + p.Remove
			}
			l.Items = append(l.Items, line)
		}
		out = append(out, l)
	}
	if len(sec.SpecialContent) > 0 {
		text("Special Content: %s", strings.Join(sec.SpecialContent, ", "))
	}
	return out
}

// DiaryCampaignPage is the diary's campaign page: the Special Quests'
// outcomes, and the final score or why the campaign was lost.
func DiaryCampaignPage(s *State) []DiaryBlock {
	t := DiaryBlock{Head: []string{"Special Quest", "Outcome"}}
	for i, q := range s.Quests {
		t.Rows = append(t.Rows, []string{fmt.Sprintf("#%d", i+1), orDash(q)})
	}
	out := []DiaryBlock{t}
	if s.Phase == PhaseFinished {
		out = append(out, DiaryBlock{Text: fmt.Sprintf("Final Campaign Score: %d — %s", s.CampaignScore, s.Band)})
	}
	if s.Phase == PhaseLost {
		out = append(out, DiaryBlock{Text: "The campaign was lost: " + s.LossReason})
	}
	return out
}

// md escapes what would break a Markdown table cell.
func md(s string) string {
	s = strings.ReplaceAll(s, "\\", "\\\\")
	s = strings.ReplaceAll(s, "|", "\\|")
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r", " "), "\n", " ")
}

// DiaryMarkdown renders the Chronicle Diary as a Markdown document laid out
// like the paper one: a section per scenario, then the campaign's page.
func DiaryMarkdown(s *State) string {
	var b strings.Builder
	b.WriteString("# Chronicle Diary — The Eternaut\n\n")
	b.WriteString(DiaryHeading(s) + "\n")
	for i := range s.Diary {
		sec := &s.Diary[i]
		fmt.Fprintf(&b, "\n## Scenario %s\n\n", sec.Letter)
		for _, blk := range DiaryPage(sec) {
			writeBlock(&b, blk)
		}
	}
	b.WriteString("\n## Campaign\n")
	for _, blk := range DiaryCampaignPage(s) {
		// The page's table and its closing lines, one blank line apart,
		// the document ending with the last.
		b.WriteString("\n")
		var one strings.Builder
		writeBlock(&one, blk)
		b.WriteString(strings.TrimSuffix(one.String(), "\n"))
	}
	return b.String()
}

// writeBlock writes a diary block as Markdown, followed by a blank line
// (a table's last row is the end of its block).
func writeBlock(b *strings.Builder, blk DiaryBlock) {
	switch {
	case len(blk.Head) > 0:
		b.WriteString("| " + strings.Join(blk.Head, " | ") + " |\n")
		b.WriteString("|" + strings.Repeat("---|", len(blk.Head)) + "\n")
		for _, r := range blk.Rows {
			cells := make([]string, len(r))
			for i, c := range r {
				cells[i] = md(c)
			}
			b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
		}
		b.WriteString("\n")
	case blk.Lead != "":
		b.WriteString(blk.Lead + "\n")
		for _, it := range blk.Items {
			b.WriteString("- " + md(it) + "\n")
		}
		b.WriteString("\n")
	default:
		b.WriteString(md(blk.Text) + "\n\n")
	}
}
