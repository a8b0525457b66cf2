package uitest

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker/trackertest"
	"tablekeeper/ui/widgets"
)

// notPlayersWords are what a player must never read on a screen: the
// rules a diary line shares (trackertest.SharedWordRules: the spec's
// sections and word, AMB codes, braces, identifiers, a program's values
// and tags, Go's words and types, raw numbers, counts that disagree with
// their nouns), JSON, plurals dodged with "(s)", the program's codes,
// kinds, IDs and leftovers.
var notPlayersWords = append(append([]trackertest.WordRule(nil), trackertest.SharedWordRules...), []trackertest.WordRule{
	{Re: regexp.MustCompile(`"\w+"\s*:`), Why: "a JSON key"},
	{Re: regexp.MustCompile(`\bJSON\b`), Why: `the word "JSON"`},
	{Re: regexp.MustCompile(`\(s\)`), Why: `a plural dodged with "(s)"`},
	{Re: regexp.MustCompile(`\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b`), Why: "an identifier in UPPER_SNAKE_CASE"},
	{Re: regexp.MustCompile(`\b(core|phantom|reich|alone|eternaut|test)\.[a-z]\w*`), Why: "an event kind"},
	{Re: regexp.MustCompile(`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-`), Why: "an internal ID"},
	{Re: regexp.MustCompile(`%!|<nil>|\b0x[0-9a-f]+`), Why: "a program's leftovers (%!, <nil>, 0x…)"},
}...)

// screenRules are what the app's own screens add: a count of the app's
// events, where players count sessions, rounds, missions or play time
// (Home's "27 events"). A number that labels ("Round 1 event: card 7",
// a game's event cards) passes. They are kept apart from notPlayersWords
// only because the table-sharing page's test fixture (ui/share, another
// engineer's) heads its fake table "Practice table · 4 events" and checks
// it with PlayersWords: once it is renamed, they join PlayersWords.
var screenRules = []trackertest.WordRule{
	{Re: regexp.MustCompile(`(?:^|(\p{L}*)\s)(?:\d{1,3}(?:,\d{3})+|\d+) events?\b`), Why: "a count of events (players count sessions, rounds, missions or play time)",
		Unless: func(m []string) bool { r := []rune(m[1]); return len(r) > 0 && unicode.IsUpper(r[0]) }},
}

// goList is a list as Go's fmt prints a slice: "[green orange]", "[]";
// an index right after a name ("events[1]", a field of a file a refusal
// names) is none.
var goList = regexp.MustCompile(`(?:^|[^\w\]])(\[(?:[a-z0-9]+(?: [a-z0-9]+){0,3})?\])`)

// PlayersWords lists what in text a player must never read (see
// notPlayersWords; other spec codes such as V-13 look like a map's labels,
// so a game's own test looks for its own), and Go's printed lists
// ("[green]"). Each finding names what it is and quotes it in its line.
// Every walk of a screen with the walkers here (Text, AllText, WindowText)
// is checked with it by Main; a test may call it on any text it builds.
func PlayersWords(text string) []string {
	return words(text, notPlayersWords)
}

// ScreenWords is PlayersWords with the app's own screens' rules (a count
// of the app's events). Main checks every walk and every line told the
// players with it.
func ScreenWords(text string) []string { return words(text, screenWords) }

var screenWords = append(append([]trackertest.WordRule(nil), notPlayersWords...), screenRules...)

func words(text string, rules []trackertest.WordRule) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		out = append(out, trackertest.Findings(rules, line)...)
		// A list as Go prints it ("icons [green orange]", "[]"); a line
		// that is all one bracket is a button as AllText writes it.
		if t := strings.TrimSpace(line); !(strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") && strings.Count(t, "[") == 1) {
			for _, m := range goList.FindAllStringSubmatch(line, -1) {
				out = append(out, fmt.Sprintf("a list as the program prints it: %q in %q", m[1], line))
			}
		}
	}
	return out
}

// AllText is everything a player reads under o and in the window's
// dialogs if o is a window's canvas content: Text's lines, and also
// entries' placeholders, the whole texts of cut-short titles, and the
// texts of selects, checks and radio choices. Use it with PlayersWords.
func AllText(o fyne.CanvasObject) string {
	s := allText(o)
	see(s)
	return s
}

func allText(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *widget.Label:
			b.WriteString(x.Text + "\n")
			return
		case *widget.Button:
			b.WriteString("[" + x.Text + "]\n")
			return
		case *widget.Entry:
			b.WriteString(x.PlaceHolder + "\n")
			return
		case *widgets.TextEntry:
			b.WriteString(x.PlaceHolder + "\n")
			return
		case *widgets.SuggestEntry:
			b.WriteString(x.PlaceHolder + "\n")
			return
		case *widgets.CheckedEntry:
			b.WriteString(x.PlaceHolder + "\n" + x.Hint() + "\n")
			return
		case *widgets.TitleLines:
			b.WriteString(x.Title() + "\n" + x.Sub() + "\n")
			return
		case *widget.Select:
			b.WriteString(x.Selected + "\n" + x.PlaceHolder + "\n" + strings.Join(x.Options, "\n") + "\n")
			return
		case *widget.RadioGroup:
			b.WriteString(strings.Join(x.Options, "\n") + "\n")
			return
		case *widget.Check:
			b.WriteString(x.Text + "\n")
			return
		case *widget.Card:
			b.WriteString(x.Title + "\n" + x.Subtitle + "\n")
			walk(x.Content)
			return
		case *widget.RichText:
			b.WriteString(richText(x))
			return
		case *widget.Hyperlink:
			b.WriteString(x.Text + "\n")
			return
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		default:
			b.WriteString(textOf(o))
		}
	}
	walk(o)
	return b.String()
}

// WindowText is AllText of a window's content and every dialog over it.
func WindowText(w fyne.Window) string {
	s := allText(w.Canvas().Content())
	for _, o := range w.Canvas().Overlays().List() {
		s += allText(o)
	}
	see(s)
	return s
}

func textOf(o fyne.CanvasObject) string {
	if t, ok := o.(interface{ Text() string }); ok {
		return t.Text() + "\n"
	}
	return text(o, false)
}
