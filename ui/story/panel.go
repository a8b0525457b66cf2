package story

import (
	"bufio"
	"fmt"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// A panel is "The story so far" on a game's Campaign tab: the button that
// saves the campaign's story (a small dialog for what it tells, then the
// system's save dialog), the answer beside it, and the charts of the
// tracks of the mission in play, or the last one played.
type panel struct {
	ctx    *shell.Context
	Button *widget.Button
	Answer *widget.Label
	plots  *fyne.Container
	feed   *plotFeed
	obj    fyne.CanvasObject
}

// Panel builds the panel for a campaign's Campaign tab (shell.Hooks.Story).
func Panel(ctx *shell.Context) fyne.CanvasObject { return newPanel(ctx).obj }

func newPanel(ctx *shell.Context) *panel {
	p := &panel{ctx: ctx}
	p.Button = widget.NewButtonWithIcon("The story so far", theme.DocumentSaveIcon(), p.choose)
	p.Button.Importance = widget.HighImportance
	p.Answer = widgets.Paragraph("Save what has happened in this campaign, session by session, to read on any phone, print or keep: one page with pictures of the map and charts of the tracks.")
	p.plots = container.NewVBox(widgets.Paragraph("Drawing the tracks…"))
	p.obj = container.NewVBox(container.NewHBox(p.Button), p.Answer, p.plots)
	p.feed = newPlotFeed(ctx.Session, p.showPlots)
	ctx.OnChange(p.feed.changed)
	ctx.OnClose(p.feed.stop)
	p.feed.refold()
	return p
}

// showPlots shows the charts of the part told last (on the app's
// goroutine).
func (p *panel) showPlots(plots []*Plot) {
	var objs []fyne.CanvasObject
	for _, pl := range plots {
		if pl.empty() {
			continue
		}
		title := widget.NewLabelWithStyle(pl.Title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		title.Wrapping = fyne.TextWrapWord
		objs = append(objs, title, NewPlotView(pl))
		for _, n := range pl.Notes {
			objs = append(objs, widgets.Paragraph(n))
		}
	}
	if len(objs) == 0 {
		objs = append(objs, widgets.Paragraph("The tracks are drawn here once a round has been played."))
	}
	p.plots.Objects = objs
	p.plots.Refresh()
}

// choose asks what the story tells, then where to save it.
func (p *panel) choose() {
	win := p.ctx.Window
	if win == nil {
		return
	}
	t, err := tellerFor(p.ctx.Session.Campaign().Game)
	if err != nil {
		p.ctx.Refuse(p.Button, err.Error())
		return
	}
	noun := t.noun()
	whole, oneSit, onePart := "The whole campaign", "One session", "One "+noun
	scope := widget.NewRadioGroup([]string{whole, oneSit, onePart}, nil)
	scope.SetSelected(whole)
	sits := widget.NewSelect(nil, nil)
	sits.PlaceHolder = "Reading the sessions…"
	parts := widget.NewSelect(nil, nil)
	parts.PlaceHolder = "Reading the " + noun + "s…"
	format := widget.NewRadioGroup([]string{"One page with pictures (HTML), to read on any phone or print", "Text only (Markdown)"}, nil)
	format.SetSelected(format.Options[0])
	body := container.NewVBox(widgets.Paragraph("What the story tells:"), scope,
		widget.NewLabel("The session:"), sits, widget.NewLabel("The "+noun+":"), parts)
	var spoil *widget.Check
	if sp := t.spoilers(); sp != "" {
		spoil = widget.NewCheck("Tell the spoilers too: "+sp, nil)
		body.Add(widgets.WrapCheck(spoil))
	}
	body.Add(widgets.Paragraph("Saved as:"))
	body.Add(format)
	d := widgets.NewDialog("The story so far", body, win)
	d.SetDismiss("Cancel", nil)
	var choices Choices
	sync := func() {
		sits.Disable()
		parts.Disable()
		switch scope.Selected {
		case oneSit:
			sits.Enable()
		case onePart:
			parts.Enable()
		}
	}
	scope.OnChanged = func(string) { sync(); d.SetProblem("") }
	sync()
	// The sessions are read from the log, which takes a moment for a long
	// campaign: the dialog is open meanwhile.
	s := p.ctx.Session
	widgets.Go(func() {
		c, err := ChoicesOf(s)
		widgets.Do(func() {
			if err != nil {
				d.SetProblem("The campaign's log cannot be read: " + err.Error())
				return
			}
			choices = c
			var so, po []string
			for _, st := range c.Sittings {
				so = append(so, sittingChoice(st))
			}
			po = append(po, c.Parts...)
			sits.Options, parts.Options = so, po
			sits.PlaceHolder, parts.PlaceHolder = "Choose a session", "Choose a "+noun
			if len(so) == 0 {
				sits.PlaceHolder = "No session played yet"
			}
			if len(po) == 0 {
				parts.PlaceHolder = "No " + noun + " played yet"
			}
			if len(so) > 0 {
				sits.SetSelectedIndex(len(so) - 1)
			}
			if len(po) > 0 {
				parts.SetSelectedIndex(len(po) - 1)
			}
			sits.Refresh()
			parts.Refresh()
		})
	})
	save := d.AddButton("Save…", theme.DocumentSaveIcon(), func() {
		o := Options{OnApp: widgets.DoAndWait}
		switch scope.Selected {
		case oneSit:
			if sits.SelectedIndex() < 0 {
				d.SetProblem("Choose the session to tell.")
				return
			}
			o.Sitting = choices.Sittings[sits.SelectedIndex()].N
		case onePart:
			if parts.Selected == "" {
				d.SetProblem("Choose the " + noun + " to tell.")
				return
			}
			o.Part = parts.Selected
		}
		o.Spoilers = spoil != nil && spoil.Checked
		md := format.Selected != format.Options[0]
		d.Hide()
		p.saveAs(o, md)
	})
	save.Importance = widget.HighImportance
	d.Show()
}

// sittingChoice names a session in the list: its number and its day.
func sittingChoice(s Sitting) string {
	return fmt.Sprintf("Session %d · %s", s.N, dateWords(s.Start.In(time.Local)))
}

// saveAs asks the system where to save the story, then writes it on a
// goroutine of its own (a long campaign's takes seconds; the maps are
// drawn on the app's), and says where it went beside the button.
func (p *panel) saveAs(o Options, markdown bool) {
	win := p.ctx.Window
	c := p.ctx.Session.Campaign()
	ext := ".html"
	if markdown {
		ext = ".md"
	}
	fd := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			p.answer("The story was not saved: "+err.Error(), true)
			return
		}
		if w == nil {
			return // cancelled
		}
		p.write(w, o, markdown, nil)
	}, win)
	fd.SetFileName(fileName(c.Name) + " — the story so far" + ext)
	size := win.Canvas().Size()
	fd.Resize(fyne.NewSize(size.Width-2*theme.Padding(), size.Height-2*theme.Padding()))
	fd.Show()
}

// write writes the story to w on a goroutine of its own, saying beside
// the button that it is being written, then where it went or why not;
// done (if not nil) runs after, on the app's goroutine.
func (p *panel) write(w fyne.URIWriteCloser, o Options, markdown bool, done func()) {
	p.Button.Disable()
	p.Answer.SetText("Writing the story…")
	s := p.ctx.Session
	widgets.Go(func() {
		buf := bufio.NewWriterSize(w, 64<<10)
		write := HTML
		if markdown {
			write = Markdown
		}
		err := write(buf, s, o)
		if err == nil {
			err = buf.Flush()
		}
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		widgets.Do(func() {
			p.Button.Enable()
			if err != nil {
				p.answer("The story was not saved: "+shell.Words(err), true)
			} else {
				p.answer("The story so far was saved to "+widgets.FileWords(w.URI())+".", false)
			}
			if done != nil {
				done()
			}
		})
	})
}

// answer says what came of a tap, beside the button and under it.
func (p *panel) answer(text string, isError bool) {
	p.Answer.SetText(text)
	if isError {
		p.ctx.Refuse(p.Button, text)
	} else {
		p.ctx.Feedback(p.Button, text, false)
		p.ctx.Message(text, false)
	}
}

// fileName is a campaign's name as a file's: the characters file systems
// refuse made harmless.
func fileName(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
			return '_'
		}
		return r
	}, s)
}

// A plotFeed keeps the plots of the part told last up to date for the
// Campaign tab: the campaign is folded once on a goroutine of its own (as
// the story is, with a page that writes nothing), then each new action is
// told to the same teller as it happens, on the app's goroutine, with the
// session's state just after it; an undo or redo (which changes what went
// before) folds the campaign again.
type plotFeed struct {
	s    *tracker.Session
	show func([]*Plot)

	mu      sync.Mutex
	t       teller
	b       *book
	last    uint64
	folding bool
	again   bool
	stopped bool
}

func newPlotFeed(s *tracker.Session, show func([]*Plot)) *plotFeed {
	return &plotFeed{s: s, show: show}
}

// changed is told each change of the campaign, on the app's goroutine.
func (f *plotFeed) changed(e tracker.Event) {
	f.mu.Lock()
	if f.stopped {
		f.mu.Unlock()
		return
	}
	if f.folding {
		f.again = true
		f.mu.Unlock()
		return
	}
	if f.t == nil || e.Kind == tracker.KindUndo || e.Kind == tracker.KindRedo || e.Seq != f.last+1 {
		f.mu.Unlock()
		f.refold()
		return
	}
	f.last = e.Seq
	if e.Kind != tracker.KindNote && e.Kind != tracker.KindClock {
		f.t.step(f.b, e, f.s.State())
	}
	plots := f.t.plots()
	f.mu.Unlock()
	f.show(plots)
}

// refold folds the campaign again on a goroutine of its own.
func (f *plotFeed) refold() {
	f.mu.Lock()
	if f.stopped {
		f.mu.Unlock()
		return
	}
	if f.folding {
		f.again = true
		f.mu.Unlock()
		return
	}
	f.folding, f.again = true, false
	f.mu.Unlock()
	widgets.Go(func() {
		for {
			t, b, last, err := f.fold()
			f.mu.Lock()
			if f.again && !f.stopped {
				f.again = false
				f.mu.Unlock()
				continue
			}
			f.folding = false
			if err != nil || f.stopped {
				f.mu.Unlock()
				return
			}
			f.t, f.b, f.last = t, b, last
			plots := t.plots()
			f.mu.Unlock()
			widgets.Do(func() { f.show(plots) })
			return
		}
	})
}

// errStopped ends a fold whose campaign was closed.
var errStopped = fmt.Errorf("the campaign was closed")

// fold tells the campaign to a teller that writes nowhere.
func (f *plotFeed) fold() (teller, *book, uint64, error) {
	t, err := tellerFor(f.s.Campaign().Game)
	if err != nil {
		return nil, nil, 0, err
	}
	last := f.s.LastSeq()
	// The state is the app's: read it there.
	widgets.DoAndWait(func() { t.begin(f.s.State()) })
	b := newBook(nowhere{}, Options{}, nil, t.idle())
	err = f.s.Replay(func(e tracker.Event, _ *tracker.CoreState, st tracker.State) error {
		f.mu.Lock()
		stopped := f.stopped
		f.mu.Unlock()
		if stopped {
			return errStopped
		}
		if e.Kind != tracker.KindNote && e.Kind != tracker.KindClock {
			t.step(b, e, st)
		}
		return nil
	})
	return t, b, last, err
}

// stop ends the feed when the campaign closes.
func (f *plotFeed) stop() {
	f.mu.Lock()
	f.stopped = true
	f.mu.Unlock()
}

// nowhere is a page that writes nothing: the Campaign tab's feed tells the
// story only for its plots.
type nowhere struct{}

func (nowhere) head(string, []string) error  { return nil }
func (nowhere) sitting(string, string) error { return nil }
func (nowhere) part(string, string) error    { return nil }
func (nowhere) para(string) error            { return nil }
func (nowhere) list(string, []string) error  { return nil }
func (nowhere) table(string, []string, [][]string) error {
	return nil
}
func (nowhere) plot(*Plot) error             { return nil }
func (nowhere) picture([]byte, string) error { return nil }
func (nowhere) why(string, []string) error   { return nil }
func (nowhere) end([]string) error           { return nil }
func (nowhere) wantsPictures() bool          { return false }
