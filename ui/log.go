package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/ui/widgets"
)

// Log filters.
const (
	filterAll    = "Everything"
	filterGame   = "Play"
	filterNotes  = "Notes"
	filterClocks = "Clocks"
	filterUndo   = "Undo and redo"
	filterUndone = "Undone"
)

var logFilters = []string{filterAll, filterGame, filterNotes, filterClocks, filterUndo, filterUndone}

// A logView is the campaign's diary: every event as a line with where the
// campaign stood and when, newest first, filtered and searched, undone
// actions marked, and a way back to any earlier point.
type logView struct {
	cs     *campaignScreen
	events []tracker.Event // every event, oldest first
	lines  []string        // diary line of each event
	shown  []int           // indexes into events, as listed
	search *widgets.TextEntry
	filter *widget.Select
	list   *widget.List
	count  *widget.Label
	// empty says why the list is empty, over it.
	empty *widget.Label
	// undo and redo are the Log's own buttons, enabled as the header's.
	undo, redo *widget.Button
}

func newLogView(cs *campaignScreen) *logView {
	l := &logView{cs: cs}
	l.search = widgets.NewTextEntry()
	l.search.SetPlaceHolder("Search the log")
	l.search.OnChanged = func(string) { l.apply() }
	l.filter = widget.NewSelect(logFilters, func(string) { l.apply() })
	l.filter.Selected = filterAll
	l.count = widget.NewLabel("")
	l.empty = widgets.Paragraph("")
	l.empty.Hide()
	l.list = widget.NewList(
		func() int { return len(l.shown) },
		func() fyne.CanvasObject {
			text := widget.NewLabel("")
			text.Wrapping = fyne.TextWrapWord
			back := widget.NewButtonWithIcon("Back to here", theme.HistoryIcon(), nil)
			return container.NewBorder(nil, nil, nil, back, text)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id >= len(l.shown) {
				return
			}
			row := o.(*fyne.Container)
			text := row.Objects[0].(*widget.Label)
			back := row.Objects[1].(*widget.Button)
			i := l.shown[id]
			text.SetText(l.rowText(i))
			if l.undone(i) {
				text.Importance = widget.LowImportance
				text.TextStyle.Italic = true
			} else {
				text.Importance = widget.MediumImportance
				text.TextStyle.Italic = false
			}
			text.Refresh()
			seq := l.events[i].Seq
			if l.canGoBackTo(seq) {
				back.Show()
				back.OnTapped = func() { l.askBackTo(seq) }
			} else {
				back.Hide()
			}
			l.list.SetItemHeight(id, row.MinSize().Height)
		})
	return l
}

func (l *logView) object() fyne.CanvasObject {
	l.undo = iconButton("Undo", theme.ContentUndoIcon(), l.cs.doUndo)
	l.redo = iconButton("Redo", theme.ContentRedoIcon(), l.cs.doRedo)
	bar := container.NewBorder(nil, nil, container.NewHBox(l.filter), container.NewHBox(l.count, l.undo, l.redo), l.search)
	return container.NewBorder(container.NewPadded(bar), nil, nil, nil, container.NewStack(l.list, container.NewVBox(l.empty)))
}

// refresh reads the events recorded since the last look and re-lists.
func (l *logView) refresh() {
	var from uint64 = 1
	if n := len(l.events); n > 0 {
		from = l.events[n-1].Seq + 1
	}
	err := l.cs.s.Events(from, func(e tracker.Event) error {
		l.events = append(l.events, e)
		l.lines = append(l.lines, l.cs.s.Describe(e))
		return nil
	})
	if err != nil {
		l.cs.message("The log cannot be read: "+err.Error(), true)
	}
	l.apply()
}

// apply filters and searches, newest first.
func (l *logView) apply() {
	q := strings.ToLower(strings.TrimSpace(l.search.Text))
	l.shown = l.shown[:0]
	for i := len(l.events) - 1; i >= 0; i-- {
		if !l.passes(i) {
			continue
		}
		if q != "" && !strings.Contains(strings.ToLower(l.rowText(i)), q) {
			continue
		}
		l.shown = append(l.shown, i)
	}
	l.count.SetText(fmt.Sprintf("%d of %d", len(l.shown), len(l.events)))
	l.list.Refresh()
	switch {
	case len(l.shown) > 0:
		l.empty.Hide()
		return
	case q != "":
		l.empty.SetText("Nothing in this part of the Log holds “" + strings.TrimSpace(l.search.Text) + "”.")
	case l.filter.Selected == filterNotes:
		l.empty.SetText("No notes yet: tap “Note” at the top of the screen to write one. It goes in the Log with where the campaign stands, and Undo takes it back.")
	case l.filter.Selected == filterUndone:
		l.empty.SetText("Nothing has been undone.")
	default:
		l.empty.SetText("Nothing here yet.")
	}
	l.empty.Show()
}

func (l *logView) passes(i int) bool {
	k := l.events[i].Kind
	switch l.filter.Selected {
	case filterGame:
		return !strings.HasPrefix(k, "core.")
	case filterNotes:
		return k == tracker.KindNote
	case filterClocks:
		return k == tracker.KindClock
	case filterUndo:
		return k == tracker.KindUndo || k == tracker.KindRedo
	case filterUndone:
		return l.undone(i)
	}
	return true
}

// undone says whether an action has been undone (and not redone).
func (l *logView) undone(i int) bool {
	e := l.events[i]
	if e.Kind == tracker.KindUndo || e.Kind == tracker.KindRedo {
		return false
	}
	return !l.cs.s.InEffect(e.Seq)
}

// rowText is a diary line: where, when, what.
func (l *logView) rowText(i int) string {
	e := l.events[i]
	var b strings.Builder
	fmt.Fprintf(&b, "#%d · %s", e.Seq, e.Time.Local().Format("Mon 2 Jan 15:04"))
	if e.Where != "" {
		b.WriteString(" · " + e.Where)
	}
	b.WriteString("\n")
	if l.undone(i) {
		b.WriteString("↶ undone: ")
	}
	b.WriteString(l.lines[i])
	return b.String()
}

// Rows are the listed lines, for tests.
func (l *logView) Rows() []string {
	out := make([]string, len(l.shown))
	for k, i := range l.shown {
		out[k] = l.rowText(i)
	}
	return out
}

// canGoBackTo says whether the campaign can go back to just after this
// action: it must be in effect, with later actions to take back.
func (l *logView) canGoBackTo(seq uint64) bool {
	d, ok := l.cs.s.DepthOf(seq)
	return ok && d+1 < l.cs.s.Depth()
}

func (l *logView) askBackTo(seq uint64) {
	d, ok := l.cs.s.DepthOf(seq)
	if !ok {
		return
	}
	n := l.cs.s.Depth() - (d + 1)
	msg := fmt.Sprintf("Go back to just after #%d? %s undone, as one undo; Redo brings them back one by one, with the same draws.", seq,
		plural(n, "later action is", "later actions are"))
	widgets.ShowConfirm("Back to here", widgets.Paragraph(msg), "Go back", "Cancel", func(ok bool) {
		if ok {
			l.backTo(seq)
		}
	}, l.cs.u.Window)
}

// backTo undoes every action after seq.
func (l *logView) backTo(seq uint64) {
	d, ok := l.cs.s.DepthOf(seq)
	if !ok {
		l.cs.message(fmt.Sprintf("#%d is not in effect, so there is no going back to it", seq), true)
		return
	}
	l.cs.ctx.Run(func() (tracker.Event, error) { return l.cs.s.UndoTo(d + 1) })
}
