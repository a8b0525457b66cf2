package shell

import (
	"errors"

	"fyne.io/fyne/v2"

	"tablekeeper/tracker"
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
	if c.Locked() {
		c.Message(ErrLocked.Error(), true)
		return tracker.Event{}, false
	}
	e, err := change()
	if err != nil {
		c.Message(err.Error(), true)
		return tracker.Event{}, false
	}
	c.Message(c.Session.Describe(e), false)
	c.Changed(e)
	return e, true
}

// Changed tells every listener that the campaign changed (the frame calls it
// after an event recorded outside Do, e.g. when the app pauses the clock).
func (c *Context) Changed(e tracker.Event) {
	for _, fn := range c.listeners {
		fn(e)
	}
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

// Locked says whether the table lock is on.
func (c *Context) Locked() bool { return c.hooks.Locked != nil && c.hooks.Locked() }

// Message shows a line to the players; isError marks a refusal.
func (c *Context) Message(text string, isError bool) {
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
