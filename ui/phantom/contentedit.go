package phantom

import (
	"encoding/json"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// A contentEditor is the form of one kind of component, laid out like the
// printed component, with a live preview of it as entered.
type contentEditor interface {
	// Form is the form; Preview the component as entered so far.
	Form() fyne.CanvasObject
	Preview() fyne.CanvasObject
	// Pieces are what Save records: the piece itself first, then any it
	// brings along (a class board's starting cards).
	Pieces() []piece
	// Rows are the fields problems are shown under; General the line for
	// problems of no one field.
	Rows() []*fieldRow
	General() *widget.Label
}

// A piece is one piece of content a form records. Prefix is put before
// its problems' fields, so a problem of a card a class board brings shows
// under that card's row.
type piece struct {
	kind   tp.ContentKind
	id     string
	data   json.RawMessage
	prefix string
}

func pieceOf(kind tp.ContentKind, id string, v any) piece {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // the forms' values always marshal
	}
	return piece{kind: kind, id: id, data: b}
}

// editorBase holds what every form has: its rows, the general problem
// line, the preview and how to draw it.
type editorBase struct {
	rows    []*fieldRow
	extra   func() []*fieldRow
	general *widget.Label
	preview *fyne.Container
	render  func() fyne.CanvasObject
}

func (b *editorBase) init(render func() fyne.CanvasObject) {
	b.general = widget.NewLabel("")
	b.general.Importance = widget.DangerImportance
	b.general.Wrapping = fyne.TextWrapWord
	b.general.Hide()
	b.preview = container.NewStack()
	b.render = render
}

// row makes a field row and keeps it for the problems.
func (b *editorBase) row(key, name string, obj fyne.CanvasObject) fyne.CanvasObject {
	r := newFieldRow(key, name, obj)
	b.rows = append(b.rows, r)
	return r.Object()
}

// changed redraws the preview.
func (b *editorBase) changed() {
	if b.render == nil {
		return
	}
	b.preview.Objects = []fyne.CanvasObject{b.render()}
	b.preview.Refresh()
}

func (b *editorBase) Preview() fyne.CanvasObject {
	if len(b.preview.Objects) == 0 {
		b.changed()
	}
	return b.preview
}

func (b *editorBase) Rows() []*fieldRow {
	out := append([]*fieldRow(nil), b.rows...)
	if b.extra != nil {
		out = append(out, b.extra()...)
	}
	return out
}

func (b *editorBase) General() *widget.Label { return b.general }

// An Entry opens the content forms of one campaign, saves what they hold
// through the campaign's commands, and tells the caller the piece saved, so
// a form that needed it (a class for a character, a map for a mission)
// goes on with it chosen.
type Entry struct {
	ctx *shell.Context
	// Shown is the form open now and Dialog its dialog (for tests).
	Shown  contentEditor
	Dialog *widgets.Dialog
	// SaveButton saves the form shown and DeleteButton deletes the piece
	// it edits (nil for a new one) (for tests).
	SaveButton, DeleteButton *widget.Button
	// Maps opens the map editor for a new map (to be saved as name, if
	// given): openMapDialog, unless set otherwise. MapDialog is the map
	// editor open in its dialog (for tests).
	Maps      func(name string, onSaved func(id string))
	MapDialog *Editor
	// Character is the new-character dialog's form, when open (for tests).
	Character *CharacterForm
	// Dice is the dice form open now and DiceSave its Save (for tests).
	Dice     *DiceForm
	DiceSave *widget.Button
}

// NewEntry makes the content forms of a campaign.
func NewEntry(ctx *shell.Context) *Entry {
	en := &Entry{ctx: ctx}
	en.Maps = en.openMapDialog
	return en
}

// Open shows the form for kind: for a new piece when id is "", else for
// the piece kept under id. onSaved (if any) gets the key of the piece once
// saved.
func (en *Entry) Open(kind tp.ContentKind, id string, onSaved func(key string)) {
	var data json.RawMessage
	if id != "" {
		data, _ = state(en.ctx).Content.Get(kind, id)
	}
	en.open(kind, id, data, onSaved)
}

// OpenNew shows the form for a new piece of kind with the fields preset
// filled in (by their names in the content's JSON form: a description
// card's "name" and "difficulty" when a mission needs that card).
func (en *Entry) OpenNew(kind tp.ContentKind, preset map[string]any, onSaved func(key string)) {
	var data json.RawMessage
	if preset != nil {
		data, _ = json.Marshal(preset)
	}
	en.open(kind, "", data, onSaved)
}

func (en *Entry) open(kind tp.ContentKind, id string, data json.RawMessage, onSaved func(key string)) {
	if kind == tp.KindMap {
		name := id
		if name == "" {
			if v, ok := presetString(data, "id"); ok {
				name = v
			}
		}
		if en.Maps != nil {
			en.Maps(name, func(id string) {
				if onSaved != nil {
					onSaved(id)
				}
			})
		}
		return
	}
	s := state(en.ctx)
	ed, err := newContentEditor(kind, s, id, data, en)
	if err != nil {
		en.ctx.Message(err.Error(), true)
		return
	}
	prevShown, prevSave, prevDelete, prevDialog := en.Shown, en.SaveButton, en.DeleteButton, en.Dialog
	en.Shown = ed
	title := "New " + lowerKind(kind)
	if id != "" {
		title = fmt.Sprintf("%s: %s", tp.KindTitle(kind), id)
	}
	note := widget.NewLabel("Enter what your card prints. The card beside (or above) the form shows what you entered.")
	note.Wrapping = fyne.TextWrapWord
	note.Importance = widget.LowImportance
	form := container.NewVBox(note, ed.General(), ed.Form())
	body := previewAndForm(0.42, container.NewVBox(widget.NewLabelWithStyle("The card as entered", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), ed.Preview()), form)
	d := newDialog(en.ctx.Window, title, fillWindow(en.ctx.Window, body), "Cancel", nil)
	d.OnClosed(func() {
		en.Shown, en.SaveButton, en.DeleteButton, en.Dialog = prevShown, prevSave, prevDelete, prevDialog
	})
	en.DeleteButton = nil
	if id != "" {
		var del *widget.Button
		del = d.AddButton("Delete", theme.DeleteIcon(), func() {
			if _, ok := en.ctx.DoFrom(del, tp.RemoveContent{Kind: kind, ID: id}); ok {
				d.Hide()
			}
		})
		del.Importance = widget.DangerImportance
		en.DeleteButton = del
	}
	var save *widget.Button
	save = addAction(d, "Save", theme.DocumentSaveIcon(), func() {
		if key, ok := en.save(save, ed, id); ok {
			d.Hide()
			if onSaved != nil {
				onSaved(key)
			}
		}
	})
	en.SaveButton = save
	en.Dialog = d
	d.Show()
}

// lowerKind is a kind of content in the middle of a sentence.
func lowerKind(k tp.ContentKind) string {
	r := []rune(tp.KindTitle(k))
	if len(r) == 0 {
		return ""
	}
	return strings.ToLower(string(r[:1])) + string(r[1:])
}

// save checks the form's pieces and records them: all problems are shown
// under their fields and nothing is recorded while there is one.
func (en *Entry) save(src fyne.CanvasObject, ed contentEditor, was string) (string, bool) {
	pieces := ed.Pieces()
	var all []tp.Problem
	key := ""
	for i, p := range pieces {
		k, _, ps := tp.CheckContent(p.kind, p.id, p.data)
		if i == 0 {
			key = k
		}
		for _, x := range ps {
			if p.prefix != "" {
				x.Field = p.prefix + "." + x.Field
			}
			all = append(all, x)
		}
	}
	showProblems(ed.Rows(), ed.General(), all)
	if len(all) > 0 {
		return "", false
	}
	first := pieces[0]
	var cmd any
	if len(pieces) == 1 {
		cmd = tp.SaveContent{Kind: first.kind, ID: first.id, Data: first.data, Replaces: was}
	} else {
		var list []tp.Piece
		for _, p := range pieces {
			list = append(list, tp.Piece{Kind: p.kind, ID: p.id, Data: p.data})
		}
		data, err := tp.ContentFile(fmt.Sprintf("%s %q with what it brings", tp.KindTitle(first.kind), key), list, nil)
		if err != nil {
			en.ctx.Message(err.Error(), true)
			return "", false
		}
		cmd = tp.ImportContent{Data: data, Entered: true}
	}
	if _, ok := en.ctx.DoFrom(src, cmd); !ok {
		return "", false
	}
	return key, true
}

// previewAndForm puts the preview beside the form when the space is wide
// (the preview stays in view while the form scrolls), and over it when
// narrow (the preview taking at most a third of the height). Each scrolls
// on its own, so the pair fits any window.
func previewAndForm(ratio float32, preview, form fyne.CanvasObject) fyne.CanvasObject {
	return container.New(&sideBySide{ratio: ratio}, container.NewVScroll(preview), container.NewVScroll(form))
}

type sideBySide struct{ ratio float32 }

func (l *sideBySide) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	pad := theme.Padding()
	w := size.Width * l.ratio
	if size.Width >= 760 && fits(objs[0], w-pad) && fits(objs[1], size.Width-w) {
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(fyne.NewSize(w-pad, size.Height))
		objs[1].Move(fyne.NewPos(w, 0))
		objs[1].Resize(fyne.NewSize(size.Width-w, size.Height))
		return
	}
	h := size.Height / 3
	if sc, ok := objs[0].(*container.Scroll); ok {
		h = min(h, sc.Content.MinSize().Height)
	}
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, h))
	objs[1].Move(fyne.NewPos(0, h+pad))
	objs[1].Resize(fyne.NewSize(size.Width, size.Height-h-pad))
}

// fits tells whether a scroll's content is read whole at width w (the
// preview's boxes and badge at a large text size may not be).
func fits(o fyne.CanvasObject, w float32) bool {
	if sc, ok := o.(*container.Scroll); ok {
		return sc.Content.MinSize().Width <= w
	}
	return o.MinSize().Width <= w
}

func (l *sideBySide) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w float32
	for _, o := range objs {
		w = max(w, o.MinSize().Width)
	}
	return fyne.NewSize(w, 200)
}

// presetString reads one string field of a preset.
func presetString(data json.RawMessage, key string) (string, bool) {
	var m map[string]any
	if json.Unmarshal(data, &m) != nil {
		return "", false
	}
	v, ok := m[key].(string)
	return v, ok
}
