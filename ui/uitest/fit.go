// Package uitest holds checks the screens' tests share. Only tests import
// it, so Fyne's test driver never reaches the app's binary.
package uitest

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/widgets"
)

// LargestText is the app's own theme at its largest text size (the
// Settings screen's "Largest").
func LargestText() fyne.Theme { return widgets.NewTableTheme("dark", 1.85) }

// TooWide lists, innermost first, the visible objects under o that need
// more than width: the rows that would make a screen scroll sideways. It
// does not look inside an object that fits (a wrapped label's lines are its
// own affair), and it looks at every tab of an AppTabs, shown or not.
func TooWide(o fyne.CanvasObject, width float32) []string {
	var out []string
	tooWide(o, width, &out, false)
	return out
}

// tooWide looks at o if it is visible, or if hidden is set (a tab not shown
// now still sets its AppTabs' width).
func tooWide(o fyne.CanvasObject, w float32, out *[]string, hidden bool) {
	if o == nil || (!o.Visible() && !hidden) || o.MinSize().Width <= w {
		return
	}
	var kids []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		kids = x.Objects
	case *container.Scroll:
		if x.Direction == container.ScrollHorizontalOnly || x.Direction == container.ScrollBoth {
			return // made to scroll sideways
		}
		kids = []fyne.CanvasObject{x.Content}
	case *container.AppTabs:
		for _, it := range x.Items {
			kids = append(kids, it.Content)
		}
	case fyne.Widget:
		kids = test.WidgetRenderer(x).Objects()
	}
	_, tabs := o.(*container.AppTabs)
	before := len(*out)
	for _, k := range kids {
		tooWide(k, w, out, tabs)
	}
	if len(*out) == before {
		*out = append(*out, fmt.Sprintf("%s needs %.0f", describe(o), o.MinSize().Width))
	}
}

func describe(o fyne.CanvasObject) string {
	d := fmt.Sprintf("%T", o)
	switch x := o.(type) {
	case *widget.Label:
		d += fmt.Sprintf(" %q", x.Text)
	case *widget.Button:
		d += fmt.Sprintf(" %q", x.Text)
	case *canvas.Text:
		d += fmt.Sprintf(" %q", x.Text)
	case *widget.Card:
		d += fmt.Sprintf(" %q / %q", x.Title, x.Subtitle)
	case *widget.Check:
		d += fmt.Sprintf(" %q", x.Text)
	case *widget.RichText:
		d += fmt.Sprintf(" %q", x.String())
	case *fyne.Container:
		d += fmt.Sprintf(" (%T) of", x.Layout)
		for _, k := range x.Objects {
			d += fmt.Sprintf(" [%s %.0f]", short(k), k.MinSize().Width)
		}
	case *container.AppTabs:
		for _, it := range x.Items {
			d += fmt.Sprintf(" [%s]", it.Text)
		}
	}
	return d
}

func short(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Check:
		return fmt.Sprintf("check %q", x.Text)
	case *widget.Select:
		return fmt.Sprintf("select %q", x.Selected)
	case *widget.Entry:
		return fmt.Sprintf("entry %q", x.PlaceHolder)
	case interface{ Text() string }:
		return fmt.Sprintf("%T %q", o, x.Text())
	case *widget.Label:
		return fmt.Sprintf("%q", x.Text)
	case *widget.Button:
		return fmt.Sprintf("button %q", x.Text)
	case *canvas.Text:
		return fmt.Sprintf("%q", x.Text)
	case *fyne.Container:
		if len(x.Objects) > 0 {
			return fmt.Sprintf("%T{%s…}", x.Layout, short(x.Objects[0]))
		}
	}
	return fmt.Sprintf("%T", o)
}

// Text is what the players read under o, a line each: labels, rich
// texts, canvas texts and buttons (in brackets), visible ones only. Entries' contents
// are left out; TextWithEntries puts them in.
func Text(o fyne.CanvasObject) string {
	s := text(o, false)
	see(s)
	return s
}

// TextWithEntries is Text with what is typed in each entry (what was
// typed is the players' own, so only the rest is checked).
func TextWithEntries(o fyne.CanvasObject) string {
	see(text(o, false))
	return text(o, true)
}

func text(o fyne.CanvasObject, entries bool) string {
	var b strings.Builder
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *widget.Label:
			b.WriteString(x.Text + "\n")
		case *widget.Button:
			b.WriteString("[" + x.Text + "]\n")
		case *canvas.Text:
			b.WriteString(x.Text + "\n")
		case *widget.Entry:
			if entries {
				b.WriteString(x.Text + "\n")
			}
		case *widgets.TextEntry:
			if entries {
				b.WriteString(x.Text + "\n")
			}
		case *widgets.SuggestEntry:
			if entries {
				b.WriteString(x.Text + "\n")
			}
		case *widget.RichText:
			b.WriteString(richText(x))
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case *widget.Label, *widget.Button, *widget.Entry, *widgets.TextEntry, *widgets.SuggestEntry, *widget.RichText:
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return b.String()
}

// richText is a rich text's words, a line for each paragraph.
func richText(r *widget.RichText) string {
	var b strings.Builder
	for _, seg := range r.Segments {
		b.WriteString(seg.Textual())
		if !seg.Inline() {
			b.WriteString("\n")
		}
	}
	s := b.String()
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}
