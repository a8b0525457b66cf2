package alone

import (
	"encoding/json"

	"fyne.io/fyne/v2"

	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/shell"
)

func errLocked() error { return shell.ErrLocked }

// contentSink is where entered components go: the open campaign, where
// each change is an event undone like any other, or the draft of a set
// made before there is a campaign (the new-campaign form). Both check a
// change with the same rules, so a card refused in one is refused in the
// other.
type contentSink interface {
	// current is the set as it stands (read it, do not change it).
	current() *ta.Content
	// put and del make one change, or say why not.
	put(ta.PutContent) error
	del(ta.DeleteContent) error
	// use puts a whole set in (an import, an update).
	use(*ta.Content) (string, error)
	window() fyne.Window
	// library is the device's content sets (nil: none).
	library() *shell.Library
}

// campaignSink is the open campaign's set: every change goes through
// Session.Do by the frame's Context (table lock, refresh, undo).
type campaignSink struct{ k *kit }

func (c campaignSink) current() *ta.Content {
	if s := c.k.state(); s.Content != nil {
		return s.Content
	}
	return ta.NewContent("Our components")
}

func (c campaignSink) run(cmd tracker.Command) (string, error) {
	var err error
	var line string
	change := func() (tracker.Event, error) {
		e, er := c.k.ctx.Session.Do(cmd)
		err = er
		if er == nil {
			line = c.k.ctx.Session.Describe(e)
		}
		return e, er
	}
	if tapping != nil {
		c.k.ctx.RunFrom(tapping, change)
	} else {
		c.k.ctx.Run(change)
	}
	if err == nil && line == "" {
		err = errLocked()
	}
	if err == nil {
		c.k.said, c.k.bad = line, false
	}
	return line, err
}

func (c campaignSink) put(p ta.PutContent) error         { _, err := c.run(p); return err }
func (c campaignSink) del(d ta.DeleteContent) error      { _, err := c.run(d); return err }
func (c campaignSink) use(n *ta.Content) (string, error) { return c.run(ta.UseContent{Content: *n}) }
func (c campaignSink) window() fyne.Window               { return c.k.ctx.Window }

// draftSink is a set made before its campaign exists. Its changes run the
// same commands on a scratch game.
type draftSink struct {
	w     fyne.Window
	lib   *shell.Library
	state tracker.State
	// dirty is set once the players changed the set here.
	dirty bool
	// changed is told after each change (the setup form refreshes its
	// pickers, the device library keeps a copy).
	changed func(*ta.Content)
}

func newDraftSink(w fyne.Window, c *ta.Content) *draftSink {
	d := &draftSink{w: w, state: ta.Rules{}.NewState(tracker.Campaign{})}
	if c != nil {
		d.state.(*ta.State).Content = c.Clone()
	}
	return d
}

func (d *draftSink) current() *ta.Content {
	if c := d.state.(*ta.State).Content; c != nil {
		return c
	}
	return ta.NewContent("Our components")
}

func (d *draftSink) run(cmd tracker.Command) (string, error) {
	r := ta.Rules{}
	ch, err := r.Decide(d.state, cmd, nil)
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(ch.Payload)
	if err != nil {
		return "", err
	}
	e := tracker.Event{Kind: ch.Kind, Payload: b}
	s, err := r.Apply(d.state, e)
	if err != nil {
		return "", err
	}
	d.state = s
	d.dirty = true
	if d.changed != nil {
		d.changed(d.current())
	}
	return r.Describe(e), nil
}

func (d *draftSink) put(p ta.PutContent) error         { _, err := d.run(p); return err }
func (d *draftSink) del(x ta.DeleteContent) error      { _, err := d.run(x); return err }
func (d *draftSink) use(n *ta.Content) (string, error) { return d.run(ta.UseContent{Content: *n}) }
func (d *draftSink) window() fyne.Window               { return d.w }

func (c campaignSink) library() *shell.Library { return c.k.ctx.Library() }
func (d *draftSink) library() *shell.Library   { return d.lib }
