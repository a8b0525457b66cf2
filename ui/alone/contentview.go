package alone

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// PracticeLabel is what every screen showing practice content says.
const PracticeLabel = "practice content — not the printed cards"

// contentView is a content set's components, kind by kind, each with its
// form to enter a new one, change or delete it; and the set as one file to
// share: export, import (checked whole first), and in a campaign the update
// from a newer file.
type contentView struct {
	sink contentSink
	obj  fyne.CanvasObject

	head     *widget.Label
	practice *widget.Label
	lists    *fyne.Container
	msg      *widget.Label
	files    fyne.CanvasObject
	// onChange is told after each change (the setup form's pickers).
	onChange func()
}

func newContentView(sink contentSink) *contentView {
	v := &contentView{sink: sink, lists: container.NewVBox()}
	v.head = wrap("")
	v.head.TextStyle.Bold = true
	v.practice = wrap("This set is " + PracticeLabel + ": made up for the app so you can try it.")
	v.practice.Importance = widget.WarningImportance
	v.msg = wrap("")
	v.msg.Hide()
	v.files = widgets.NewFlow(
		iconButton("Export as a file", theme.DocumentSaveIcon(), v.exportFile),
		iconButton("Import a file", theme.FolderOpenIcon(), v.importFile),
		iconButton("Rename the set", theme.DocumentCreateIcon(), v.rename),
		iconButton("Keep it on this device", theme.DownloadIcon(), v.keepOnDevice),
		iconButton("Open a set kept on this device", theme.StorageIcon(), v.openFromDevice),
	)
	v.obj = container.NewVBox(v.head, v.practice, v.msg, v.files, v.lists)
	v.refresh()
	return v
}

// say shows what happened (or why not) beside the set's buttons.
func (v *contentView) say(text string, bad bool) {
	v.msg.SetText(text)
	v.msg.Importance = widget.SuccessImportance
	if bad {
		v.msg.Importance = widget.DangerImportance
	}
	v.msg.Show()
}

func (v *contentView) changed() {
	v.refresh()
	if v.onChange != nil {
		v.onChange()
	}
}

// refresh lists the set as it stands.
func (v *contentView) refresh() {
	c := v.sink.current()
	v.head.SetText(fmt.Sprintf("“%s”: %s", nonEmpty(c.Name, "Our components"), c.Summary()))
	if c.Practice {
		v.practice.Show()
	} else {
		v.practice.Hide()
	}
	done := func(string) { v.changed() }
	var objs []fyne.CanvasObject

	sheetLine := "Not entered: the placeholders are used (12 Life and Self Control, a Round track of 9 spaces). Check them against your sheet."
	if c.Sheet != nil {
		sheetLine = fmt.Sprintf("Life and Self Control up to %d, starting at %d and %d; a Round track of %s; a Reaction Track of %s.",
			c.Sheet.HealthMax, c.Sheet.StartLife, c.Sheet.StartSC, plural(len(c.Sheet.HealingCap), "space", "spaces"), plural(c.Sheet.ReactionSpaces, "space", "spaces"))
	}
	objs = append(objs, card("The Hero sheet", wrap(sheetLine), container.NewHBox(
		iconButton("Enter the sheet's values", theme.DocumentCreateIcon(), func() { editSheet(v.sink, func() { v.changed() }) }))))

	var maps []fyne.CanvasObject
	for i := range c.Maps {
		l := c.Maps[i]
		n := [3]int{}
		for _, s := range l.Sectors {
			if s.Level == 1 || s.Level == 2 {
				n[s.Level]++
			}
		}
		line := fmt.Sprintf("%s: Level 1 %s, Level 2 %s; Rooms: %s", l.Name, plural(n[1], "Sector", "Sectors"), plural(n[2], "Sector", "Sectors"), nonEmpty(names(l.Rooms()), "none"))
		maps = append(maps, v.row(line, func() { editMap(v.sink, &l, done) }, ta.DeleteContent{Kind: ta.KindMap, Name: l.Name}))
	}
	maps = append(maps, addButton("Draw a Map", func() { editMap(v.sink, nil, done) }))
	objs = append(objs, card("Maps", maps...))

	var ms []fyne.CanvasObject
	for i := range c.Missions {
		m := c.Missions[i]
		line := fmt.Sprintf("%s — %s", m.Name, strings.ToLower(missionKindName(m.Kind)))
		if m.Colour != "" {
			line += ", " + m.Colour
		}
		if len(m.Goals) > 0 {
			line += "; go to " + names(m.Goals)
		}
		ms = append(ms, v.row(line, func() { editMission(v.sink, &m, "", done) }, ta.DeleteContent{Kind: ta.KindMission, Name: m.Name}))
	}
	ms = append(ms, addButton("Enter a Mission card", func() { editMission(v.sink, nil, "", done) }))
	objs = append(objs, card("Mission cards", ms...))

	var its []fyne.CanvasObject
	for i := range c.Items {
		it := c.Items[i]
		its = append(its, v.row(it.Name+" — "+strings.Join(itemRows(it)[:2], ", "), func() { editItem(v.sink, &it, done) }, ta.DeleteContent{Kind: ta.KindItem, Name: it.Name}))
	}
	its = append(its, addButton("Enter an Item card", func() { editItem(v.sink, nil, done) }))
	objs = append(objs, card("Item cards", its...))

	var chs []fyne.CanvasObject
	for i := range c.Characters {
		ch := c.Characters[i]
		chs = append(chs, v.row(ch.Name, func() { editCharacter(v.sink, &ch, done) }, ta.DeleteContent{Kind: ta.KindCharacter, Name: ch.Name}))
	}
	chs = append(chs, addButton("Enter a Character", func() { editCharacter(v.sink, nil, done) }))
	objs = append(objs, card("Characters", chs...))

	var rs []fyne.CanvasObject
	for _, deck := range ta.Decks {
		n := 0
		for i := range c.Reactions {
			r := c.Reactions[i]
			if r.Deck != deck {
				continue
			}
			n++
			line := fmt.Sprintf("%s (%s) — face up after %s", r.Name, deckName(deck), afterWords(r.Trigger))
			rs = append(rs, v.row(line, func() { editReaction(v.sink, &r, "", done) }, ta.DeleteContent{Kind: ta.KindReaction, Name: r.Name, Deck: r.Deck}))
		}
		deck := deck
		rs = append(rs, addButton(fmt.Sprintf("Enter a %s card", deckName(deck)), func() { editReaction(v.sink, nil, deck, done) }))
	}
	objs = append(objs, card("Reaction cards (the Evil side)", append([]fyne.CanvasObject{
		wrap("Only needed to record which face-up card was played; the app's Evil side plays face-down cards without them.")}, rs...)...))
	setBox(v.lists, objs...)
}

func addButton(label string, fn func()) fyne.CanvasObject {
	return container.NewHBox(iconButton(label, theme.ContentAddIcon(), fn))
}

// row is one component: its line, Change, and Delete after asking.
func (v *contentView) row(line string, edit func(), del ta.DeleteContent) fyne.CanvasObject {
	rm := iconButton("Delete", theme.DeleteIcon(), func() {
		widgets.ShowConfirm("Delete "+strings.ToLower(del.Kind)+"?",
			widgets.Paragraph(fmt.Sprintf("Delete %s “%s” from the set? (A game in play keeps what it holds; undo in the Log brings it back.)", del.Kind, del.Name)),
			"Delete", "Keep it",
			func(ok bool) {
				if !ok {
					return
				}
				if err := v.sink.del(del); err != nil {
					v.say(refusal(err), true)
					return
				}
				v.changed()
			}, v.sink.window())
	})
	return container.NewBorder(nil, nil, nil, container.NewHBox(iconButton("Change", theme.DocumentCreateIcon(), edit), rm), wrap(line))
}

// contentFileName is the set's file name.
func contentFileName(c *ta.Content) string {
	n := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) {
			return '-'
		}
		return r
	}, nonEmpty(c.Name, "alone content"))
	return n + ".alone.json"
}

func (v *contentView) exportFile() {
	c := v.sink.current()
	b, err := c.Encode()
	if err != nil {
		v.say("Not exported: "+err.Error(), true)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			if err != nil {
				v.say("Not exported: "+err.Error(), true)
			}
			return
		}
		defer w.Close()
		if _, err := w.Write(b); err != nil {
			v.say("Not exported: "+err.Error(), true)
			return
		}
		v.say(fmt.Sprintf("Exported “%s” (%s) to %s.", c.Name, c.Summary(), w.URI().Name()), false)
	}, v.sink.window())
	d.SetFileName(contentFileName(c))
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	showFileDialog(d, v.sink.window())
}

func (v *contentView) importFile() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			if err != nil {
				v.say("Not imported: "+err.Error(), true)
			}
			return
		}
		defer r.Close()
		b, err := shell.ReadPicked(r, ta.MaxContentBytes)
		if err != nil {
			v.say("Not imported: "+err.Error(), true)
			return
		}
		v.importBytes(b)
	}, v.sink.window())
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	showFileDialog(d, v.sink.window())
}

// showFileDialog shows the device's own file dialog the size of the
// window (as the frame's Data screen does), so its buttons stay on screen
// on a portrait tablet at a large text size.
func showFileDialog(d *dialog.FileDialog, w fyne.Window) {
	c := w.Canvas().Size()
	d.Resize(fyne.NewSize(c.Width-2*theme.Padding(), c.Height-2*theme.Padding()))
	d.Show()
}

// importBytes checks a file whole and, when it passes, asks before putting
// it in: in a campaign it is an update, and what the game uses that the
// file lacks is kept and reported. A file with problems changes nothing
// and lists them all, card by card and field by field.
func (v *contentView) importBytes(b []byte) {
	c, err := ta.ParseContent(b)
	if err != nil {
		v.showProblems(err)
		return
	}
	cur := v.sink.current()
	ask := fmt.Sprintf("Use “%s” (%s)?", c.Name, c.Summary())
	if len(cur.Maps)+len(cur.Missions)+len(cur.Items)+len(cur.Characters)+len(cur.Reactions) > 0 {
		ask += fmt.Sprintf(" It takes the place of “%s”; anything the game uses that the file lacks is kept.", cur.Name)
	}
	widgets.ShowConfirm("Import the content set", widgets.Paragraph(ask), "Use it", "Cancel", func(ok bool) {
		if ok {
			v.use(c)
		}
	}, v.sink.window())
}

// use puts a checked set in and says what happened.
func (v *contentView) use(c *ta.Content) {
	line, err := v.sink.use(c)
	if err != nil {
		v.say("Not imported: "+refusal(err), true)
		return
	}
	v.say(line, false)
	v.changed()
}

// showProblems lists a file's problems, each with its card and field.
func (v *contentView) showProblems(err error) {
	ps, ok := err.(ta.ContentProblems)
	if !ok {
		v.say("Not imported: "+err.Error(), true)
		return
	}
	var objs []fyne.CanvasObject
	objs = append(objs, wrap(fmt.Sprintf("Nothing was changed. The file has %s:", plural(len(ps), "problem", "problems"))))
	for _, p := range ps {
		l := wrap("• " + p.Error())
		l.Importance = widget.DangerImportance
		objs = append(objs, l)
	}
	v.say(fmt.Sprintf("Not imported: the file has %s (listed in the window).", plural(len(ps), "problem", "problems")), true)
	widgets.NewDialog("The file cannot be used", container.NewVBox(objs...), v.sink.window()).Show()
}

func (v *contentView) rename() {
	c := v.sink.current()
	e := entry("the set's name")
	e.SetText(c.Name)
	fs := newFieldSet()
	fs.dialog = openDialog(v.sink.window(), "Rename the set", container.NewVBox(fs.general, fs.row(ta.FieldName, e, "")), "Rename", func() bool {
		n := strings.TrimSpace(e.Text)
		if n == "" {
			fs.show(ta.ContentProblems{{Field: ta.FieldName, Problem: "write a name"}})
			return false
		}
		x := c.Clone()
		x.Name = n
		if _, err := v.sink.use(x); err != nil {
			fs.say(refusal(err))
			return false
		}
		v.changed()
		return true
	})
}

// reactionByName is a Reaction card of the set for a deck and name.
func reactionByName(c *ta.Content, deck, name string) *alone.ReactionCard {
	if c == nil {
		return nil
	}
	return c.ReactionNamed(deck, name)
}

// keepOnDevice saves the set in the device's library under its name, for
// the next campaign to start from.
func (v *contentView) keepOnDevice() {
	c := v.sink.current()
	lib := v.sink.library()
	if lib == nil {
		v.say("Not kept: "+shell.ErrNoLibrary.Error()+".", true)
		return
	}
	name, err := shell.CheckContentName(nonEmpty(c.Name, "Our components"))
	if err != nil {
		v.say("Not kept: "+err.Error()+". Rename the set first.", true)
		return
	}
	b, err := c.Encode()
	if err == nil {
		err = lib.Save(tracker.Alone, name, b)
	}
	if err != nil {
		v.say("Not kept: "+err.Error(), true)
		return
	}
	v.say(fmt.Sprintf("Kept on this device as “%s”: a new campaign can start from it.", name), false)
}

// openFromDevice lists the device's sets; one tap checks it and asks
// before putting it in.
func (v *contentView) openFromDevice() {
	lib := v.sink.library()
	list := container.NewVBox()
	var d *widgets.Dialog
	entries, err := lib.List(tracker.Alone)
	switch {
	case err != nil:
		list.Add(widgets.Paragraph("The device's sets cannot be read: " + err.Error()))
	case len(entries) == 0:
		list.Add(widgets.Paragraph("No Alone content set is kept on this device yet. “Keep it on this device” keeps one."))
	}
	for _, e := range entries {
		e := e
		if e.Damaged {
			l := widgets.Paragraph(fmt.Sprintf("%s — damaged: %s", e.Name, e.Problem))
			l.Importance = widget.DangerImportance
			list.Add(l)
			continue
		}
		list.Add(button(e.Name, func() {
			b, err := lib.Load(tracker.Alone, e.Name)
			d.Hide()
			if err != nil {
				v.say("Not opened: "+err.Error(), true)
				return
			}
			v.importBytes(b)
		}))
	}
	d = widgets.NewDialog("Sets kept on this device", list, v.sink.window())
	d.Show()
}
