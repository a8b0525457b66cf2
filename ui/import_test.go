package ui

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	fstorage "fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// importData imports an export file held in memory, as the Data screen
// imports a picked file, and waits for the import (and an import as a copy
// it leads to) to end.
func (u *App) importData(data []byte) {
	u.runImport("campaign.json", func() (*importSource, error) {
		return &importSource{name: "campaign.json", r: bytes.NewReader(data), size: int64(len(data)), close: func() {}}, nil
	}, false)
	uitest.Schedule.Settle()
}

// pickFile imports a file as if the players had picked it in the file
// dialog, and waits for the import.
func pickFile(u *App, r fyne.URIReadCloser) {
	u.runImport(r.URI().Name(), func() (*importSource, error) { return u.openImport(r, u.DB) }, false)
	uitest.Schedule.Settle()
	u.imp.runs.Wait()
}

// streamReader is a picked document that is no file of this device (as a
// phone's document picker gives): endless bytes, counted.
type streamReader struct {
	uri  fyne.URI
	read int64
	gone bool
}

func (s *streamReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	s.read += int64(len(p))
	return len(p), nil
}
func (s *streamReader) Close() error  { s.gone = true; return nil }
func (s *streamReader) URI() fyne.URI { return s.uri }

func TestImportRefusesAFileOverTheLimitBeforeReadingIt(t *testing.T) {
	u, _ := newUI(t)
	test.Tap(findButton(t, u, "Data"))
	// A file of this device: refused on its size alone, next to the
	// Import button, in words.
	big := filepath.Join(t.TempDir(), "huge.tablekeeper.json")
	f, _ := os.Create(big)
	f.Truncate(importLimit + 1) // sparse: nothing written
	f.Close()
	r, err := fstorage.Reader(fstorage.NewFileURI(big))
	if err != nil {
		t.Fatal(err)
	}
	pickFile(u, r)
	want := "“huge.tablekeeper.json” is 257 MB: no campaign file is that large"
	if n := u.Notice(); !strings.HasPrefix(n, "Not imported: "+want) || !strings.Contains(n, "at most 256 MB can be imported") {
		t.Fatalf("notice %q", n)
	}
	if text, isErr := widgets.ShowingFeedback(u.Window.Canvas()); !strings.Contains(text, want) || !isErr {
		t.Fatalf("next to the button: %q", text)
	}
	if camps, _ := u.DB.List(); len(camps) != 0 {
		t.Fatalf("%d campaigns", len(camps))
	}
	findButton(t, u, "Import a campaign…") // ready again

	// A stream (a phone's picked document) is read only to just past the
	// limit, its copy removed.
	importLimit = 1 << 20
	defer func() { importLimit = 256 << 20 }()
	s := &streamReader{uri: fstorage.NewURI("content://documents/endless")}
	pickFile(u, s)
	if n := u.Notice(); !strings.Contains(n, "“endless” is 2 MB: no campaign file is that large") {
		t.Fatalf("notice %q", n)
	}
	if s.read > importLimit+64<<10 || !s.gone {
		t.Fatalf("read %d bytes of the stream, closed %v", s.read, s.gone)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(u.DB.Path()), ".*import-*")); len(left) != 0 {
		t.Fatalf("copies left: %v", left)
	}
}

// failingReader is a picked document whose reading fails halfway.
type failingReader struct{ streamReader }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.read > 1000 {
		return 0, errors.New("the device was unplugged")
	}
	return f.streamReader.Read(p[:min(len(p), 600)])
}

func TestImportStreamsAPickedFile(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	s, _ := u.DB.OpenSession(c.ID)
	for i := 0; i < 300; i++ {
		s.Do(setLife{To: 1 + i%10})
	}
	var buf bytes.Buffer
	if err := u.exportTo(c.ID, &buf); err != nil {
		t.Fatal(err)
	}
	test.Tap(findButton(t, u, "Data"))
	// From a file: read in place, imported as a copy when asked.
	path := filepath.Join(t.TempDir(), "alpha.tablekeeper.json")
	os.WriteFile(path, buf.Bytes(), 0o600)
	r, _ := fstorage.Reader(fstorage.NewFileURI(path))
	pickFile(u, r)
	mustSee(t, u, "“Alpha” is already here, and is never overwritten")
	test.Tap(findButton(t, u, "Import as a copy"))
	uitest.Schedule.Settle()
	if n := u.Notice(); n != "Imported “Alpha (copy)” as a copy." {
		t.Fatalf("notice %q", n)
	}
	if text, _ := widgets.ShowingFeedback(u.Window.Canvas()); text != u.Notice() {
		t.Fatalf("next to the button: %q", text)
	}
	// From a stream: copied beside the campaign file, imported, the copy
	// removed.
	u2, _ := newUI(t)
	test.Tap(findButton(t, u2, "Data"))
	st := &readCloser{Reader: bytes.NewReader(buf.Bytes()), uri: fstorage.NewURI("content://documents/alpha")}
	pickFile(u2, st)
	// Where the campaign stands, not a count of the app's events.
	if n := u2.Notice(); !strings.HasPrefix(n, "Imported “Alpha” (Phantom Epoch, ") || strings.Contains(n, "event") {
		t.Fatalf("notice %q", n)
	}
	if pick := find[*widget.Select](u2); len(pick) != 1 || len(pick[0].Options) != 1 || pick[0].Options[0] != "Alpha (Phantom Epoch)" {
		t.Fatal("the export picker does not offer the imported campaign")
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(u2.DB.Path()), ".*import-*")); len(left) != 0 || !st.gone {
		t.Fatalf("copies left: %v, closed %v", left, st.gone)
	}
	// A stream that fails: said in words, nothing imported.
	pickFile(u2, &failingReader{streamReader{uri: fstorage.NewURI("content://documents/broken")}})
	if n := u2.Notice(); n != "Not imported: “broken” cannot be read: the device was unplugged" {
		t.Fatalf("notice %q", n)
	}
	if camps, _ := u2.DB.List(); len(camps) != 1 {
		t.Fatalf("%d campaigns", len(camps))
	}
}

type readCloser struct {
	io.Reader
	uri  fyne.URI
	gone bool
}

func (r *readCloser) Close() error  { r.gone = true; return nil }
func (r *readCloser) URI() fyne.URI { return r.uri }

// TestImportRefusalsSayTheFieldInWords: hostile campaign files picked on
// the Data screen are refused naming the field and what is wrong with it
// in words, beside the button and on the message line, and change nothing
// (Go's "json: cannot unmarshal number -1 into Go struct field …" and
// "json: unknown field" were shown before, issue 23).
func TestImportRefusalsSayTheFieldInWords(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	s, _ := u.DB.OpenSession(c.ID)
	s.Do(setLife{To: 3})
	s.Undo()
	var buf bytes.Buffer
	if err := u.exportTo(c.ID, &buf); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	u.deleteCampaign(c.ID)
	before, _ := u.DB.List()
	u.showData()
	for _, bad := range []struct{ file, want string }{
		{strings.Replace(good, `"targets":[`, `"targets":[-1,`, 1), "Not imported: events[1] (seq 2): payload.targets[0]: must be a whole number of 0 or more, not -1"},
		{strings.Replace(good, `"format":`, `"meps":1,"format":`, 1), "Not imported: meps: no field of that name belongs in a campaign file (is it misspelt?)"},
		{strings.Replace(good, `"version": 1`, `"version": -1`, 1), "Not imported: version: this file says it is version -1 of the campaign format, which no Tablekeeper writes"},
		{good + "{", "Not imported: this is not a campaign file Tablekeeper can import: it is damaged, or not a campaign file: at line"},
	} {
		if bad.file == good {
			t.Fatalf("the file was not made hostile for %q:\n%s", bad.want, good)
		}
		u.importData([]byte(bad.file))
		if n := u.Notice(); !strings.HasPrefix(n, bad.want) {
			t.Errorf("notice %q, want %q", n, bad.want)
		}
		if text, isErr := widgets.ShowingFeedback(u.Window.Canvas()); text != u.Notice() || !isErr {
			t.Errorf("beside the button: %q", text)
		}
		if after, _ := u.DB.List(); len(after) != len(before) {
			t.Fatalf("a refused import changed the file: %d campaigns, was %d", len(after), len(before))
		}
	}
}
