package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// A campaignKey is one key of a campaign's screen: what a keyboard user
// (or a page-turner pedal) presses, and what it does. The app is touch
// first: every key does what a button on the screen also does, so the
// buttons name what they do and carry no key in their labels; this table
// is the one place the keys are told, on the Settings screen, and the
// same table binds them (bindKeys), so the list and the keys agree.
type campaignKey struct {
	// Keys and Does are what the Settings screen shows.
	Keys, Does string
	// typed are the keys that do it; shortcut a Ctrl combination.
	typed    []fyne.KeyName
	shortcut fyne.Shortcut
	run      func(cs *campaignScreen)
}

// campaignKeys are the campaign screen's keys, in the order listed.
var campaignKeys = []campaignKey{
	{Keys: "Space or →", Does: "The next step of the round, on the Play tab",
		typed: []fyne.KeyName{fyne.KeySpace, fyne.KeyRight}, run: func(cs *campaignScreen) { cs.act(shell.Next) }},
	{Keys: "R", Does: "The enemy's decision, on the Play and Enemy tabs",
		typed: []fyne.KeyName{fyne.KeyR}, run: func(cs *campaignScreen) { cs.act(shell.Resolve) }},
	{Keys: "Backspace", Does: "Undo",
		typed: []fyne.KeyName{fyne.KeyBackspace}, run: func(cs *campaignScreen) { cs.doUndo() }},
	{Keys: "Ctrl+Z", Does: "Undo",
		shortcut: &fyne.ShortcutUndo{}, run: func(cs *campaignScreen) { cs.doUndo() }},
	{Keys: "Ctrl+Y", Does: "Redo",
		shortcut: &fyne.ShortcutRedo{}, run: func(cs *campaignScreen) { cs.doRedo() }},
	// Escape is the dialogs' own (widgets.Dialog); listed, not bound here.
	{Keys: "Escape", Does: "Close the dialog that is open"},
}

// keyFor is what a typed key does on a campaign's screen, or nil.
func keyFor(name fyne.KeyName) func(cs *campaignScreen) {
	for _, k := range campaignKeys {
		for _, t := range k.typed {
			if t == name {
				return k.run
			}
		}
	}
	return nil
}

// keysHelp lists the keys for the Settings screen: the keys in bold in a
// column as wide as the widest, what they do beside them.
func keysHelp() fyne.CanvasObject {
	rows := container.New(layout.NewFormLayout())
	for _, k := range campaignKeys {
		rows.Add(widget.NewLabelWithStyle(k.Keys, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		rows.Add(widgets.Paragraph(k.Does))
	}
	return container.NewVBox(widgets.Paragraph("With a keyboard or a page-turner pedal, on a campaign's screen. Every key does what a button there does too."), rows)
}
