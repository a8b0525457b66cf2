package story

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"strings"
)

// htmlPage writes the story as one HTML file with nothing outside it: the
// style is in it, the pictures are data: addresses, the charts inline SVG.
// It follows the reader's dark or light theme, fits a phone's width, and
// prints on A4: each session on a new page, a mission, a picture or a
// chart never cut across two pages where it fits on one.
type htmlPage struct {
	w       *bufio.Writer
	title   string
	inSit   bool
	inPart  bool
	started bool
}

func newHTMLPage(w io.Writer) *htmlPage { return &htmlPage{w: bufio.NewWriter(w)} }

func (h *htmlPage) wantsPictures() bool { return true }

func (h *htmlPage) printf(format string, args ...any) error {
	_, err := fmt.Fprintf(h.w, format, args...)
	return err
}

var esc = html.EscapeString

// storyCSS is the page's whole style. The series colours (c0–c7) are
// chosen apart for a light page and for a dark one; on paper the light
// ones print, and a grey print keeps the dashes and marks.
var storyCSS = `
:root{--bg:#fbf8f2;--fg:#1f1c18;--muted:#5d574e;--rule:#d9d1c3;--card:#f2ece1;--head:#7a3410;
--c0:#0b63a8;--c1:#c4470b;--c2:#0f7f5d;--c3:#a8407f;--c4:#7a6200;--c5:#4a4a4a;--c6:#6a3fb0;--c7:#a3182d}
@media (prefers-color-scheme:dark){:root{--bg:#17181b;--fg:#ecebe7;--muted:#b3ada3;--rule:#3c3a36;--card:#222327;--head:#f0a878;
--c0:#6cc0f5;--c1:#f5a341;--c2:#52d6a8;--c3:#f08fca;--c4:#efe35c;--c5:#d0d0d0;--c6:#b8a4ff;--c7:#ff8a8a}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0 auto;max-width:46rem;padding:1rem 1rem 3rem;background:var(--bg);color:var(--fg);
font:1.05rem/1.55 Georgia,"Noto Serif","DejaVu Serif",serif;overflow-wrap:break-word}
h1{font-size:1.9rem;line-height:1.2;margin:.6rem 0 .4rem;color:var(--head)}
h2{font-size:1.45rem;margin:2.2rem 0 .2rem;padding-top:.8rem;border-top:3px double var(--rule);color:var(--head)}
h3{font-size:1.15rem;margin:1.6rem 0 .3rem}
.lead p{margin:.2rem 0;color:var(--muted)}
.when,.sub{margin:.1rem 0 .6rem;color:var(--muted);font-style:italic}
p{margin:.5rem 0}
ul{margin:.4rem 0 .6rem;padding-left:1.3rem}
li{margin:.15rem 0}
.scroll{overflow-x:auto;margin:.6rem 0}
table{border-collapse:collapse;font-size:.9rem;min-width:60%}
caption{text-align:left;font-weight:bold;padding:.2rem 0}
th,td{border:1px solid var(--rule);padding:.25rem .45rem;text-align:left;vertical-align:top}
th{background:var(--card)}
figure{margin:1rem 0;break-inside:avoid;page-break-inside:avoid}
figure img{display:block;max-width:100%;height:auto;border:1px solid var(--rule);border-radius:4px}
figcaption{font-size:.9rem;color:var(--muted);margin-top:.3rem}
figure.chart svg{display:block;width:100%;max-width:560px;height:auto}
svg .grid{stroke:var(--rule);stroke-width:1}
svg .axis{stroke:var(--muted);stroke-width:1.4}
svg .track{fill:none;stroke-width:2.5;stroke-linejoin:round}
svg .label{fill:var(--fg);font:14px system-ui,sans-serif}
svg .mark{stroke-width:1.6}
svg .mark.open{fill:var(--bg)}
` + seriesCSS + `
.why{background:var(--card);border-left:4px solid var(--rule);padding:.4rem .8rem;margin:.6rem 0;font-size:.92rem;break-inside:avoid;page-break-inside:avoid}
.why ol{margin:.3rem 0;padding-left:1.4rem}
.note{font-style:italic}
footer{margin-top:3rem;border-top:1px solid var(--rule);color:var(--muted);font-size:.9rem}
@page{size:A4;margin:16mm 15mm}
@media print{
:root{--bg:#fff;--fg:#000;--muted:#444;--rule:#bbb;--card:#f1f1f1;--head:#5a2408;
--c0:#0b63a8;--c1:#c4470b;--c2:#0f7f5d;--c3:#a8407f;--c4:#7a6200;--c5:#4a4a4a;--c6:#6a3fb0;--c7:#a3182d}
body{max-width:none;padding:0;font-size:10.5pt}
h2{break-before:page;page-break-before:always;border-top:none}
section.sitting:first-of-type h2{break-before:auto;page-break-before:auto}
h2,h3,header{break-after:avoid;page-break-after:avoid}
.scroll{overflow:visible}
figure img{max-height:110mm;width:auto}
figure.chart svg{max-width:105mm}
}
`

// seriesCSS gives each track its colour, for its line, its mark and its
// name.
var seriesCSS = func() string {
	var b strings.Builder
	for i := 0; i < 8; i++ {
		fmt.Fprintf(&b, "svg .c%d{stroke:var(--c%d)}svg .track.c%d{stroke:var(--c%d)}svg .mark.c%d{fill:var(--c%d);stroke:var(--c%d)}svg .mark.open.c%d{fill:var(--bg)}svg .n%d{fill:var(--c%d);font-weight:bold}\n", i, i, i, i, i, i, i, i, i, i)
	}
	return b.String()
}()

func (h *htmlPage) head(title string, lines []string) error {
	h.title = title
	if err := h.printf("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"color-scheme\" content=\"light dark\">\n<title>%s — the story so far</title>\n<style>%s</style>\n</head>\n<body>\n<header>\n<h1>%s</h1>\n<div class=\"lead\">\n", esc(title), storyCSS, esc(title)); err != nil {
		return err
	}
	for _, l := range lines {
		if err := h.printf("<p>%s</p>\n", esc(l)); err != nil {
			return err
		}
	}
	return h.printf("</div>\n</header>\n")
}

func (h *htmlPage) closeSitting() error {
	if err := h.closePart(); err != nil {
		return err
	}
	if h.inSit {
		h.inSit = false
		return h.printf("</section>\n")
	}
	return nil
}

func (h *htmlPage) closePart() error {
	if h.inPart {
		h.inPart = false
		return h.printf("</section>\n")
	}
	return nil
}

func (h *htmlPage) sitting(heading, sub string) error {
	if err := h.closeSitting(); err != nil {
		return err
	}
	h.inSit = true
	// The heading and its line are one block, kept with what follows.
	if err := h.printf("<section class=\"sitting\">\n<header>\n<h2>%s</h2>\n", esc(heading)); err != nil {
		return err
	}
	if sub != "" {
		if err := h.printf("<p class=\"when\">%s</p>\n", esc(sub)); err != nil {
			return err
		}
	}
	return h.printf("</header>\n")
}

func (h *htmlPage) part(heading, sub string) error {
	if err := h.closePart(); err != nil {
		return err
	}
	h.inPart = true
	if err := h.printf("<section class=\"part\">\n<header>\n<h3>%s</h3>\n", esc(heading)); err != nil {
		return err
	}
	if sub != "" {
		if err := h.printf("<p class=\"sub\">%s</p>\n", esc(sub)); err != nil {
			return err
		}
	}
	return h.printf("</header>\n")
}

func (h *htmlPage) para(text string) error {
	if strings.HasPrefix(text, "Note: ") {
		return h.printf("<p class=\"note\">%s</p>\n", esc(text))
	}
	return h.printf("<p>%s</p>\n", esc(text))
}

func (h *htmlPage) list(lead string, items []string) error {
	if lead != "" {
		if err := h.printf("<p>%s</p>\n", esc(lead)); err != nil {
			return err
		}
	}
	if err := h.printf("<ul>\n"); err != nil {
		return err
	}
	for _, it := range items {
		if err := h.printf("<li>%s</li>\n", esc(it)); err != nil {
			return err
		}
	}
	return h.printf("</ul>\n")
}

func (h *htmlPage) table(caption string, head []string, rows [][]string) error {
	if err := h.printf("<div class=\"scroll\"><table>\n"); err != nil {
		return err
	}
	if caption != "" {
		if err := h.printf("<caption>%s</caption>\n", esc(caption)); err != nil {
			return err
		}
	}
	var b strings.Builder
	b.WriteString("<tr>")
	for _, c := range head {
		b.WriteString("<th>" + esc(c) + "</th>")
	}
	b.WriteString("</tr>\n")
	for _, r := range rows {
		b.WriteString("<tr>")
		for _, c := range r {
			b.WriteString("<td>" + esc(c) + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	if err := h.printf("%s", b.String()); err != nil {
		return err
	}
	return h.printf("</table></div>\n")
}

func (h *htmlPage) plot(p *Plot) error {
	if err := h.printf("<figure class=\"chart\">\n%s\n<figcaption>%s</figcaption>\n</figure>\n", svgChart(p), esc(p.Title)); err != nil {
		return err
	}
	for _, n := range p.Notes {
		if err := h.para(n); err != nil {
			return err
		}
	}
	return nil
}

func (h *htmlPage) picture(pngData []byte, caption string) error {
	if pngData == nil {
		return nil
	}
	if err := h.printf("<figure class=\"picture\">\n<img alt=\"%s\" src=\"data:image/png;base64,", esc(caption)); err != nil {
		return err
	}
	enc := base64.NewEncoder(base64.StdEncoding, h.w)
	if _, err := enc.Write(pngData); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	return h.printf("\">\n<figcaption>%s</figcaption>\n</figure>\n", esc(caption))
}

func (h *htmlPage) why(lead string, steps []string) error {
	if err := h.printf("<div class=\"why\">\n<p><strong>Why:</strong> %s</p>\n<ol>\n", esc(lead)); err != nil {
		return err
	}
	for _, s := range steps {
		if err := h.printf("<li>%s</li>\n", esc(s)); err != nil {
			return err
		}
	}
	return h.printf("</ol>\n</div>\n")
}

func (h *htmlPage) end(lines []string) error {
	if err := h.closeSitting(); err != nil {
		return err
	}
	if err := h.printf("<footer>\n"); err != nil {
		return err
	}
	for _, l := range lines {
		if err := h.printf("<p>%s</p>\n", esc(l)); err != nil {
			return err
		}
	}
	if err := h.printf("</footer>\n</body>\n</html>\n"); err != nil {
		return err
	}
	return h.w.Flush()
}
