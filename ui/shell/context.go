package shell

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"tablekeeper/tracker"
	"tablekeeper/ui/widgets"
)

// Settings are the device's display settings, kept in Fyne's Preferences:
// they belong to the tablet, never to a campaign or its undo.
type Settings struct {
	// Theme is "dark", "light" or "" for the system's choice.
	Theme string
	// TextScale multiplies every text size (1 is the default).
	TextScale float32
	// FullScreen fills the screen; else Portrait chooses an 800×1280
	// window over the default 1280×800.
	FullScreen, Portrait bool
	// PauseInBackground pauses the running clocks while the app is in the
	// background on a phone or tablet (they run again on return); else
	// they keep running, as the table's time does.
	PauseInBackground bool
}

// ErrLocked is the refusal while the table lock is on.
var ErrLocked = errors.New("the table is locked: hold the lock button to unlock it")

// A Context is what a game's screens get from the frame for one open
// campaign. Its zero value is not usable; the frame makes it (and tests can
// with NewContext).
type Context struct {
	// Session is the open campaign. Read its State, Core and Campaign
	// freely; change it only through Do.
	Session *tracker.Session
	// Window is the app's window, for dialogs.
	Window fyne.Window

	hooks     Hooks
	listeners []func(tracker.Event)
	closers   []func()
}

// Hooks are the frame's side of a Context.
type Hooks struct {
	// Locked says whether the table lock is on.
	Locked func() bool
	// Message shows a line to the players (a refusal, or what happened);
	// an empty text clears it.
	Message func(text string, isError bool)
	// Settings reads the device's settings.
	Settings func() Settings
	// Library is the device's content sets (nil: none).
	Library *Library
	// Feedback shows the answer to a tapped control next to it. Nil
	// shows it in the window's FeedbackLayer (see widgets.ShowFeedback).
	Feedback func(src fyne.CanvasObject, text string, isError bool)
	// Story builds the campaign's "The story so far" for its Campaign
	// tab (ui/story.Panel); nil: none.
	Story func(c *Context) fyne.CanvasObject
}

// NewContext makes a Context. Missing hooks do nothing.
func NewContext(s *tracker.Session, w fyne.Window, h Hooks) *Context {
	return &Context{Session: s, Window: w, hooks: h}
}

// Do runs a command: while the table is locked it is refused; a refusal by
// the rules is shown to the players as a message. It returns the recorded
// event and whether the command was accepted. After an accepted command
// every OnChange listener is called, on the caller's goroutine.
func (c *Context) Do(cmd tracker.Command) (tracker.Event, bool) {
	return c.Run(func() (tracker.Event, error) { return c.Session.Do(cmd) })
}

// Run is Do for any change of the session (Undo, Redo, UndoTo), with the
// same lock, message and refresh.
func (c *Context) Run(change func() (tracker.Event, error)) (tracker.Event, bool) {
	e, ok, _ := c.run(change)
	return e, ok
}

// run makes the change and says so in the message line; text is what it
// said.
func (c *Context) run(change func() (tracker.Event, error)) (e tracker.Event, ok bool, text string) {
	if c.Locked() {
		c.Message(ErrLocked.Error(), true)
		return tracker.Event{}, false, ErrLocked.Error()
	}
	e, err := change()
	if err != nil {
		text = Words(err)
		c.Message(text, true)
		return tracker.Event{}, false, text
	}
	text = c.Session.Describe(e)
	c.Message(text, false)
	c.Changed(e)
	return e, true, text
}

// DoFrom is Do for a command a control asked for: the refusal, or what
// happened, also shows next to src (the button, the stepper, the map
// space tapped), where the player is looking, as a bubble over the screen
// that moves nothing. A refusal stays until tapped; a result goes by
// itself.
func (c *Context) DoFrom(src fyne.CanvasObject, cmd tracker.Command) (tracker.Event, bool) {
	return c.RunFrom(src, func() (tracker.Event, error) { return c.Session.Do(cmd) })
}

// Try is Do for a form: it returns the refusal as an error in the
// players' words (nil when accepted), for a widgets.FormDialog to show
// above its buttons while it stays open. The message line and the
// listeners are told as with Do.
func (c *Context) Try(cmd tracker.Command) error {
	_, ok, text := c.run(func() (tracker.Event, error) { return c.Session.Do(cmd) })
	if !ok {
		return errors.New(text)
	}
	return nil
}

// RunFrom is Run with its answer shown next to src, as DoFrom.
//
// Where src stands is taken before the change runs: the change often
// rebuilds the screen (a board redrawn, a button replaced), and the answer
// belongs where the player tapped, not where a control no longer on screen
// would be looked for.
func (c *Context) RunFrom(src fyne.CanvasObject, change func() (tracker.Event, error)) (tracker.Event, bool) {
	if src == nil || c.hooks.Feedback != nil || c.Window == nil {
		e, ok, text := c.run(change)
		c.Feedback(src, text, !ok)
		return e, ok
	}
	cv := c.Window.Canvas()
	tapped := widgets.SpotOf(cv, src)
	e, ok, text := c.run(change)
	if text != "" {
		if now := widgets.SpotOf(cv, src); now.Found || !tapped.Found {
			now.Show(cv, text, !ok)
		} else {
			tapped.Show(cv, text, !ok)
		}
	}
	return e, ok
}

// Feedback shows text next to src (a bubble over the screen) and in the
// message line; isError marks a refusal. A game uses it for an answer
// that is not a command's (e.g. "choose a target first").
func (c *Context) Feedback(src fyne.CanvasObject, text string, isError bool) {
	if src == nil || text == "" {
		return
	}
	widgets.Tell(text)
	if c.hooks.Feedback != nil {
		c.hooks.Feedback(src, text, isError)
		return
	}
	var cv fyne.Canvas
	if c.Window != nil {
		cv = c.Window.Canvas()
	}
	widgets.ShowFeedback(cv, src, text, isError)
}

// Refuse shows a refusal next to src and in the message line.
func (c *Context) Refuse(src fyne.CanvasObject, text string) {
	c.Message(text, true)
	c.Feedback(src, text, true)
}

// Library is the device's content sets (nil when the frame gave none; a
// nil Library lists nothing and refuses to save).
func (c *Context) Library() *Library { return c.hooks.Library }

// Changed tells every listener that the campaign changed (the frame calls it
// after an event recorded outside Do, e.g. when the app pauses the clock).
//
// An answer showing (a bubble next to a control) spoke of the campaign as
// it was: it goes. The screens the listeners rebuilt take the tap guard
// (widgets.GuardCanvas) before the finger's next tap.
func (c *Context) Changed(e tracker.Event) {
	var cv fyne.Canvas
	if c.Window != nil {
		cv = c.Window.Canvas()
	}
	widgets.DismissFeedback(cv)
	for _, fn := range c.listeners {
		fn(e)
	}
	widgets.GuardCanvas(cv)
}

// OnChange registers fn to run after each change of the campaign, from any
// screen: undo in the Log, a clock, a command of the game. Screens refresh
// themselves from the session there.
func (c *Context) OnChange(fn func(tracker.Event)) { c.listeners = append(c.listeners, fn) }

// OnClose registers fn to run when the frame closes the campaign, so a game
// can let go of what it keeps for this campaign's screens.
func (c *Context) OnClose(fn func()) { c.closers = append(c.closers, fn) }

// Close runs the OnClose functions once; the frame calls it when the
// campaign's screens go away.
func (c *Context) Close() {
	fns := c.closers
	c.closers = nil
	for _, fn := range fns {
		fn()
	}
}

// Story is "The story so far" for the game's Campaign tab: the button
// that saves the campaign's story, its answer, and the charts of the
// tracks. An empty box where the frame gives none (a game's own tests).
func (c *Context) Story() fyne.CanvasObject {
	if c.hooks.Story == nil {
		return container.NewVBox()
	}
	return c.hooks.Story(c)
}

// Locked says whether the table lock is on.
func (c *Context) Locked() bool { return c.hooks.Locked != nil && c.hooks.Locked() }

// Message shows a line to the players; isError marks a refusal.
func (c *Context) Message(text string, isError bool) {
	widgets.Tell(text)
	if c.hooks.Message != nil {
		c.hooks.Message(text, isError)
	}
}

// Settings are the device's display settings.
func (c *Context) Settings() Settings {
	if c.hooks.Settings != nil {
		return c.hooks.Settings()
	}
	return Settings{TextScale: 1}
}
