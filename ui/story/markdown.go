package story

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// markdownPage writes the story as Markdown. Pictures are left out, each
// said in words where it stands ("in the HTML story"); a plot is its
// values, a table of them by round.
type markdownPage struct {
	w *bufio.Writer
}

func newMarkdownPage(w io.Writer) *markdownPage { return &markdownPage{w: bufio.NewWriter(w)} }

func (m *markdownPage) wantsPictures() bool { return false }

func (m *markdownPage) printf(format string, args ...any) error {
	_, err := fmt.Fprintf(m.w, format, args...)
	return err
}

// mdText escapes what Markdown would read as markup in the players' own
// words (a name with a star, a note with an underscore).
var mdText = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "<", `&lt;`, "\r", "", "\n", " ")

// mdCell also escapes a table's column bar.
func mdCell(s string) string { return strings.ReplaceAll(mdText.Replace(s), "|", `\|`) }

// mdLine keeps a line from starting as a heading, a list or a quote.
func mdLine(s string) string {
	s = mdText.Replace(s)
	if s != "" && strings.ContainsRune("#>-+=", rune(s[0])) {
		s = `\` + s
	}
	return s
}

func (m *markdownPage) head(title string, lines []string) error {
	if err := m.printf("# %s\n", mdText.Replace(title)); err != nil {
		return err
	}
	for _, l := range lines {
		if err := m.printf("\n%s\n", mdLine(l)); err != nil {
			return err
		}
	}
	return nil
}

func (m *markdownPage) sitting(heading, sub string) error {
	if err := m.printf("\n## %s\n", mdText.Replace(heading)); err != nil {
		return err
	}
	if sub != "" {
		return m.printf("\n*%s*\n", mdText.Replace(sub))
	}
	return nil
}

func (m *markdownPage) part(heading, sub string) error {
	if err := m.printf("\n### %s\n", mdText.Replace(heading)); err != nil {
		return err
	}
	if sub != "" {
		return m.printf("\n*%s*\n", mdText.Replace(sub))
	}
	return nil
}

func (m *markdownPage) para(text string) error { return m.printf("\n%s\n", mdLine(text)) }

func (m *markdownPage) list(lead string, items []string) error {
	if lead != "" {
		if err := m.printf("\n%s\n", mdLine(lead)); err != nil {
			return err
		}
	}
	if err := m.printf("\n"); err != nil {
		return err
	}
	for _, it := range items {
		if err := m.printf("- %s\n", mdText.Replace(it)); err != nil {
			return err
		}
	}
	return nil
}

func (m *markdownPage) table(caption string, head []string, rows [][]string) error {
	if caption != "" {
		if err := m.printf("\n%s\n", mdLine(caption)); err != nil {
			return err
		}
	}
	cells := func(row []string) string {
		out := make([]string, len(row))
		for i, c := range row {
			out[i] = mdCell(c)
		}
		return "| " + strings.Join(out, " | ") + " |\n"
	}
	if err := m.printf("\n%s", cells(head)); err != nil {
		return err
	}
	if err := m.printf("|%s\n", strings.Repeat("---|", len(head))); err != nil {
		return err
	}
	for _, r := range rows {
		if err := m.printf("%s", cells(r)); err != nil {
			return err
		}
	}
	return nil
}

func (m *markdownPage) plot(p *Plot) error {
	head, rows := p.rows()
	if err := m.printf("\n**%s** (a chart in the HTML story; its values by %s):\n", mdText.Replace(p.Title), mdText.Replace(lower(p.X))); err != nil {
		return err
	}
	if err := m.table("", head, rows); err != nil {
		return err
	}
	for _, n := range p.Notes {
		if err := m.para(n); err != nil {
			return err
		}
	}
	return nil
}

func (m *markdownPage) picture(_ []byte, caption string) error {
	return m.printf("\n*Picture: %s (in the HTML story).*\n", mdText.Replace(strings.TrimSuffix(caption, ".")))
}

func (m *markdownPage) why(lead string, steps []string) error {
	if err := m.printf("\n**Why:** %s\n\n", mdText.Replace(lead)); err != nil {
		return err
	}
	for i, s := range steps {
		if err := m.printf("%d. %s\n", i+1, mdText.Replace(s)); err != nil {
			return err
		}
	}
	return nil
}

func (m *markdownPage) end(lines []string) error {
	if err := m.printf("\n---\n"); err != nil {
		return err
	}
	for _, l := range lines {
		if err := m.printf("\n%s\n", mdLine(l)); err != nil {
			return err
		}
	}
	return m.w.Flush()
}
