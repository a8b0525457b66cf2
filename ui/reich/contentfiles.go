package reich

import (
	"fmt"
	"io"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// Content as a file: a group enters its components once and shares them.
// A file is checked whole before anything changes, every problem listed
// with its card and field; loading one into a campaign says what it adds,
// changes and lacks, and never drops what the campaign uses.

func (c *contentScreen) filesCard() fyne.CanvasObject {
	export := button("Save as a file…", theme.DocumentSaveIcon(), c.exportDialog)
	imp := button("Load a file…", theme.FolderOpenIcon(), c.importDialog)
	return widgets.NewCard("Content files", "All of this campaign's content as one file, maps included: another group loads it instead of entering it.",
		container.NewGridWithColumns(2, widgets.Touch(export), widgets.Touch(imp)))
}

// Export writes the content file to w.
func (c *contentScreen) Export(w io.Writer) error {
	data, err := rb.ExportContent(c.k.state())
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

func (c *contentScreen) exportDialog() {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			if err != nil {
				c.k.say(err)
			}
			return
		}
		defer w.Close()
		if err := c.Export(w); err != nil {
			c.k.say(fmt.Errorf("the content file could not be written: %w", err))
			return
		}
		c.k.ctx.Message("Content saved as "+w.URI().Name(), false)
	}, c.k.ctx.Window)
	d.SetFileName("reichbusters-content.json")
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	d.Show()
}

func (c *contentScreen) importDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			if err != nil {
				c.k.say(err)
			}
			return
		}
		defer r.Close()
		data, err := shell.ReadPicked(r, rb.MaxContentFile)
		if err != nil {
			c.k.say(err)
			return
		}
		c.k.LoadContent(r.URI().Name(), data)
	}, c.k.ctx.Window)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	d.Show()
}

// LoadContent checks a content file read from name and asks how to load
// it into the campaign, saying what it adds, changes and lacks. A file
// with problems is refused, every problem listed; nothing changes.
func (k *kit) LoadContent(name string, data []byte) *formDialog {
	f, err := rb.ReadContentFile(data)
	if err != nil {
		k.problemsDialog(name, err)
		return nil
	}
	d := rb.DiffContent(k.state(), &f.Content)
	words := func(l []string) string {
		if len(l) == 0 {
			return "none"
		}
		return strings.Join(l, ", ")
	}
	title := name
	if f.Name != "" {
		title = f.Name
	}
	info := container.NewVBox(
		heading(title),
		wrapped(fmt.Sprintf("New: %s.", words(d.Added))),
		wrapped(fmt.Sprintf("Changed: %s.", words(d.Changed))),
		wrapped(fmt.Sprintf("Alike: %d.", d.Same)),
	)
	if f.Practice {
		l := wrapped(practiceWords)
		l.Importance = widget.WarningImportance
		info.Add(l)
	}
	prune := widget.NewCheck("Also remove what the file no longer has (what this campaign uses stays)", nil)
	var how fyne.CanvasObject = wrapped("What is new is added and what changed is updated.")
	if len(d.Lacking) > 0 {
		info.Add(wrapped(fmt.Sprintf("This campaign has what the file lacks: %s.", words(d.Lacking))))
		if len(d.InUse) > 0 {
			info.Add(wrapped(fmt.Sprintf("This campaign uses (it stays whatever you choose): %s.", words(d.InUse))))
		}
		how = container.NewVBox(how, widgets.WrapCheck(prune))
	}
	return k.form("Load a content file", "Load", []*widget.FormItem{
		widget.NewFormItem("The file", info),
		widget.NewFormItem("How", how),
	}, func() error {
		_, err := k.run(rb.ImportContent{Data: data, Prune: prune.Checked})
		if err == nil {
			k.ctx.Message("Content loaded from "+title, false)
		}
		return err
	})
}

// problemsDialog lists what is wrong with a file, one problem a line.
func (k *kit) problemsDialog(name string, err error) {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "content file: ")
	k.Refused = msg
	if k.ctx.Window == nil {
		return
	}
	l := wrapped(msg)
	l.Importance = widget.DangerImportance
	widgets.NewDialog("This file cannot be loaded", container.NewVBox(wrapped(name+" was not loaded; nothing changed. What is wrong with it:"), l), k.window()).Show()
}

// exportLibrary is the campaign's content as a content file's bytes.
func exportLibrary(k *kit) ([]byte, error) { return rb.ExportContent(k.state()) }
