package widgets

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// CaptionTextSize is the smallest text the app draws at the chosen text
// size: the theme's caption size (13 dp at Normal, 24 at Largest). A map's
// labels, a counter's marks, anything the games draw themselves is never
// smaller: a name that does not fit at this size is shortened in words (a
// first name, initials), never shrunk out of reach of the eyes across a
// table. CheckScreen reports text drawn smaller.
func CaptionTextSize() float32 { return theme.Size(theme.SizeNameCaptionText) }

// AtLeastCaption is size, or the caption size if that is larger: for a
// game that scales its drawing's labels with the drawing.
func AtLeastCaption(size float32) float32 { return fyne.Max(size, CaptionTextSize()) }

// A Finding is something on a screen a player at the table cannot use as
// it is drawn (see CheckScreen).
type Finding struct {
	// Kind is FindingCut, FindingSmallText or FindingShortScroll.
	Kind string
	// What names the thing: its type and its words as drawn.
	What string
	// Where it is on the canvas.
	Where Rect
}

// The kinds of Finding.
const (
	// A control or label whose words are cut short ("Choose cards
	// (secr…"): the cut hides what it means.
	FindingCut = "cut short"
	// Text drawn smaller than the caption size.
	FindingSmallText = "text too small"
	// A scroll area holding controls, shorter than a third of the screen
	// while its content does not fit: the controls a step needs are
	// squeezed into a strip.
	FindingShortScroll = "scroll area too short"
	// A thing a finger taps, smaller than MinTouch on a side.
	FindingSmallTarget = "target too small"
)

func (f Finding) String() string {
	return fmt.Sprintf("%s: %s at %.0f,%.0f", f.Kind, f.What, f.Where.Pos.X, f.Where.Pos.Y)
}

// A CutToFit widget shows text it may cut short on purpose, with the
// whole text a tap away (the message line): CheckScreen leaves it be.
type CutToFit interface {
	CutToFit()
}

// CutToFit marks the message line: a long message ends in "…" there and
// a tap shows it whole.
func (m *MessageLine) CutToFit() {}

// CheckScreen looks at what canvas c shows, as laid out now, for what a
// player cannot use as drawn: words cut short with "…" (or a button
// narrower than its words), text smaller than the caption size, a scroll
// area holding controls that is shorter than a third of the screen while
// its content does not fit in it, and a thing to tap smaller than
// MinTouch. The real-window check runs it in
// the app (TABLEKEEPER_SELFCHECK) and the tests through
// uitest.ScreenFindings.
func CheckScreen(c fyne.Canvas) []Finding {
	if c == nil {
		return nil
	}
	ch := &checker{third: c.Size().Height / 3, caption: CaptionTextSize()}
	all := Rect{Size: c.Size()}
	if content := c.Content(); content != nil {
		ch.walk(content, content.Position(), all, nil)
	}
	for _, o := range c.Overlays().List() {
		ch.walk(o, o.Position(), all, nil)
	}
	return ch.out
}

type checker struct {
	third, caption float32
	out            []Finding
}

// walk looks at o and what is in it; owner is the innermost widget around
// o that says what text it shows (a label, a button, a choice), whose own
// words tell a cut from a "…" that belongs to them.
func (ch *checker) walk(o fyne.CanvasObject, pos fyne.Position, clip Rect, owner fyne.CanvasObject) {
	if o == nil || !o.Visible() {
		return
	}
	area := Rect{pos, o.Size()}
	shown := area.Intersect(clip)
	if isControl(o) && !shown.Empty() {
		if s := o.Size(); s.Width < MinTouch-0.5 || s.Height < MinTouch-0.5 {
			ch.add(FindingSmallTarget, fmt.Sprintf("%s is %.0f×%.0f", controlName(o), s.Width, s.Height), shown)
		}
	}
	switch x := o.(type) {
	case CutToFit:
		return
	case *bubble:
		return // an answer, sized to its words
	case *widget.Entry, *TextEntry, *CheckedEntry, *SuggestEntry:
		// What is typed scrolls inside the entry; its placeholder is a
		// hint, cut as the entry's width allows.
		return
	case *widget.Button:
		owner = outer(owner, o)
		if shown.Area() > 0 && x.Size().Width < x.MinSize().Width-0.5 {
			ch.add(FindingCut, fmt.Sprintf("button %q is %.0f wide of the %.0f its words need", x.Text, x.Size().Width, x.MinSize().Width), shown)
		}
	case *widget.Label, *widget.Check, *widget.Select, *widget.Hyperlink, *widget.RadioGroup, *widget.RichText:
		owner = outer(owner, o)
	case *container.Scroll:
		ch.scroll(x, shown)
	case *canvas.Text:
		ch.text(x, shown, owner)
		return
	}
	inner := clip
	if _, ok := o.(*container.Scroll); ok {
		inner = clip.Intersect(area)
	}
	for _, k := range Children(o) {
		ch.walk(k, pos.Add(k.Position()), inner, owner)
	}
}

// outer is the owner of a text: a control (a button, a choice) around a
// label inside it stays its owner, for its name and words.
func outer(owner, o fyne.CanvasObject) fyne.CanvasObject {
	switch owner.(type) {
	case *widget.Button, *widget.Check, *widget.Select, *widget.Hyperlink, *widget.RadioGroup:
		return owner
	}
	return o
}

func (ch *checker) add(kind, what string, where Rect) {
	ch.out = append(ch.out, Finding{Kind: kind, What: what, Where: where})
}

// text checks one drawn text: cut short, or too small to read.
func (ch *checker) text(t *canvas.Text, shown Rect, owner fyne.CanvasObject) {
	words := strings.TrimSpace(t.Text)
	if words == "" || shown.Empty() {
		return
	}
	if t.TextSize > 0 && t.TextSize < ch.caption-0.25 {
		ch.add(FindingSmallText, fmt.Sprintf("%q drawn at %.0f (the caption size is %.0f)", words, t.TextSize, ch.caption), shown)
	}
	if strings.HasSuffix(words, "…") && !ownWords(owner, words) {
		ch.add(FindingCut, fmt.Sprintf("%s%q", ownerName(owner), words), shown)
	}
}

// ownWords says whether a text ending in "…" is its owner's own words
// ("Keep holding…", "Reading the log…"), not words cut to fit.
func ownWords(owner fyne.CanvasObject, drawn string) bool {
	var src string
	switch x := owner.(type) {
	case *widget.Label:
		src = x.Text
	case *widget.Button:
		src = x.Text
	case *widget.Check:
		src = x.Text
	case *widget.Select:
		src = x.Selected
		if src == "" {
			src = x.PlaceHolder
		}
	case *widget.Hyperlink:
		src = x.Text
	case *widget.RichText:
		src = x.String()
	case *widget.RadioGroup:
		for _, opt := range x.Options {
			if strings.Contains(opt, drawn) {
				return true
			}
		}
		return false
	default:
		return false
	}
	return strings.Contains(src, drawn)
}

func ownerName(owner fyne.CanvasObject) string {
	switch owner.(type) {
	case *widget.Button:
		return "button "
	case *widget.Select:
		return "choice "
	case *widget.Check:
		return "check box "
	case *widget.RadioGroup:
		return "choice "
	case *widget.Label, *widget.RichText, *widget.Hyperlink:
		return "label "
	}
	return "text "
}

// scroll checks a scroll area: one that scrolls up and down, holds
// controls and is shorter than a third of the screen, while its content
// is taller than it.
func (ch *checker) scroll(s *container.Scroll, shown Rect) {
	if s.Direction == container.ScrollHorizontalOnly || s.Direction == container.ScrollNone || s.Content == nil {
		return
	}
	h := s.Size().Height
	if h <= 0 || h >= ch.third-0.5 || s.Content.MinSize().Height <= h+0.5 {
		return
	}
	first := firstControl(s.Content)
	if first == "" {
		return
	}
	ch.add(FindingShortScroll, fmt.Sprintf("a scroll area %.0f tall holding %s (a third of the screen is %.0f)", h, first, ch.third), shown)
}

// firstControl names the first control under o ("" for none).
func firstControl(o fyne.CanvasObject) string {
	name := ""
	Walk(o, fyne.Position{}, Rect{Size: fyne.NewSize(1e9, 1e9)}, func(v Visit) bool {
		if name != "" {
			return false
		}
		if isControl(v.Object) {
			name = controlName(v.Object)
			return false
		}
		return true
	})
	return name
}

func controlName(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Button:
		if x.Text == "" {
			return "a button"
		}
		return fmt.Sprintf("%q", x.Text)
	case *widget.Check:
		return fmt.Sprintf("%q", x.Text)
	case *widget.Select:
		return "a choice"
	case fyne.Focusable:
		return "an entry"
	}
	return fmt.Sprintf("a %T", o)
}
