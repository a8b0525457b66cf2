package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

var themeChoices = []struct{ Name, Value string }{
	{"Dark", "dark"}, {"Light", "light"}, {"Follow the system", ""},
}

// applySettings makes the device's settings the app's theme.
func (u *App) applySettings(s shell.Settings) {
	u.Fyne.Settings().SetTheme(newTableTheme(s))
}

// setSettings keeps new settings in the device's preferences and applies
// them at once.
func (u *App) setSettings(s shell.Settings) {
	saveSettings(u.Fyne.Preferences(), s)
	u.applySettings(s)
}

// Settings are the device's display settings now.
func (u *App) Settings() shell.Settings { return loadSettings(u.Fyne.Preferences()) }

// changeSettings edits the device's settings, keeps and applies them, and
// returns them.
func (u *App) changeSettings(edit func(*shell.Settings)) shell.Settings {
	s := u.Settings()
	edit(&s)
	u.setSettings(s)
	return s
}

// showSettings shows the display settings: theme, text size and the
// window's shape. They are the device's, so they apply to every campaign
// and never enter a log.
func (u *App) showSettings() {
	u.Window.SetTitle("Tablekeeper — settings")
	cur := u.Settings()
	names := make([]string, len(themeChoices))
	sel := ""
	for i, c := range themeChoices {
		names[i] = c.Name
		if c.Value == cur.Theme {
			sel = c.Name
		}
	}
	themes := widget.NewRadioGroup(names, func(name string) {
		for _, c := range themeChoices {
			if c.Name == name {
				u.changeSettings(func(s *shell.Settings) { s.Theme = c.Value })
			}
		}
	})
	themes.Selected = sel
	sizes := make([]string, len(textScales))
	sizeSel := ""
	for i, t := range textScales {
		sizes[i] = t.Name
		if t.Scale == cur.TextScale {
			sizeSel = t.Name
		}
	}
	size := widget.NewRadioGroup(sizes, func(name string) {
		for _, t := range textScales {
			if t.Name == name {
				u.changeSettings(func(s *shell.Settings) { s.TextScale = t.Scale })
			}
		}
	})
	size.Selected = sizeSel
	full := widget.NewCheck("Fill the whole screen", func(on bool) {
		u.applyWindow(u.changeSettings(func(s *shell.Settings) { s.FullScreen = on }))
	})
	full.Checked = cur.FullScreen
	shape := widget.NewRadioGroup([]string{"Landscape (1280×800)", "Portrait (800×1280)"}, func(name string) {
		u.applyWindow(u.changeSettings(func(s *shell.Settings) { s.Portrait = name == "Portrait (800×1280)" }))
	})
	shape.Selected = "Landscape (1280×800)"
	if u.portraitNow(cur) {
		shape.Selected = "Portrait (800×1280)"
	}
	sample := widget.NewLabel("Life 7 · Ammo 3 · Round 4 of 12")
	note := widget.NewLabel("These settings belong to this device: every campaign uses them, and no campaign, export or undo ever changes them.")
	note.Wrapping = fyne.TextWrapWord
	widgets.Aside(note)
	form := widget.NewForm(widget.NewFormItem("Theme", themes), widget.NewFormItem("Text size", size), widget.NewFormItem("Sample", sample))
	if u.mobile() {
		// A phone's or tablet's app always has the whole screen, turned as
		// the device is: no window to shape. What it has instead is a life
		// in the background.
		pause := widget.NewCheck("Pause the clocks while Tablekeeper is in the background", func(on bool) {
			u.changeSettings(func(s *shell.Settings) { s.PauseInBackground = on })
		})
		pause.Checked = cur.PauseInBackground
		hint := widgets.Paragraph("When another app takes the screen, or the screen turns off, the play and turn clocks pause and run again when you come back. Unticked, they keep counting, as the time at the table does.")
		form.Append("In the background", container.NewVBox(pause, hint))
	} else {
		form.Append("Window", container.NewVBox(full, shape))
	}
	// The campaign's keys, listed where a keyboard user looks; the
	// buttons' labels carry none (touch first).
	form.Append("Keys", keysHelp())
	top := container.NewHBox(iconButton("Back", theme.NavigateBackIcon(), u.showHome), heading("Settings"))
	u.setScreen(container.NewBorder(container.NewPadded(top), nil, nil, nil,
		container.NewVScroll(container.NewPadded(container.NewVBox(form, note)))))
	u.Window.Canvas().SetOnTypedKey(u.pageKeys) // Back goes Home (see mobile.go)
}
