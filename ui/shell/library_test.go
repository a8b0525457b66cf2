package shell

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	fstorage "fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	"tablekeeper/tracker/trackertest"
)

func TestLibrarySaveLoadListDelete(t *testing.T) {
	lib := LibraryBeside(filepath.Join(t.TempDir(), "tablekeeper.db"))
	g := tracker.PhantomEpoch
	if l, err := lib.List(g); err != nil || len(l) != 0 {
		t.Fatalf("empty library: %v %v", l, err)
	}
	if err := lib.Save(g, "Thursday cards", []byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	if err := lib.Save(g, "  Practice ", []byte("p")); err != nil {
		t.Fatal(err)
	}
	// Set the times apart, as a slow hand would.
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(lib.Dir(), string(g), "Thursday cards.content"), old, old)
	l, err := lib.List(g)
	if err != nil || len(l) != 2 || l[0].Name != "Practice" || l[1].Name != "Thursday cards" || l[0].Damaged || l[1].Damaged {
		t.Fatalf("list: %+v %v", l, err)
	}
	if data, err := lib.Load(g, "thursday CARDS"); err != nil || string(data) != `{"a":1}` {
		t.Fatalf("load without regard to case: %q %v", data, err)
	}
	// Saving under another spelling replaces the set, keeping its name.
	if err := lib.Save(g, "THURSDAY cards", []byte("v2")); err != nil {
		t.Fatal(err)
	}
	l, _ = lib.List(g)
	if len(l) != 2 || l[0].Name != "Thursday cards" {
		t.Fatalf("after replace: %+v", l)
	}
	if data, _ := lib.Load(g, "Thursday cards"); string(data) != "v2" {
		t.Fatalf("replaced: %q", data)
	}
	// Other games do not see it.
	if l, _ := lib.List(tracker.Alone); len(l) != 0 {
		t.Fatalf("alone sees %v", l)
	}
	if err := lib.Delete(g, "practice"); err != nil {
		t.Fatal(err)
	}
	if _, err := lib.Load(g, "Practice"); err == nil || !strings.Contains(err.Error(), "no content set “Practice”") {
		t.Fatalf("load deleted: %v", err)
	}
	if err := lib.Delete(g, "Practice"); err == nil {
		t.Fatal("deleted twice")
	}
	if _, err := lib.List("chess"); err == nil {
		t.Fatal("an unknown game was listed")
	}
}

func TestLibraryRefusesNamesThatAreNotFileNames(t *testing.T) {
	lib := NewLibrary(t.TempDir())
	for _, name := range []string{"", "  ", "../up", `a\b`, "a/b", "a:b", "x?", ".hidden", "end.", "CON", "com1", "lpt9.txt", "nul.content",
		strings.Repeat("x", MaxContentName+1), "tab\there"} {
		if err := lib.Save(tracker.Alone, name, []byte("x")); err == nil {
			t.Errorf("%q was taken", name)
		}
	}
	if err := lib.Save(tracker.Alone, strings.Repeat("é", MaxContentName), []byte("x")); err != nil {
		t.Fatalf("a long name that fits: %v", err)
	}
	if err := lib.Save(tracker.Alone, "Big", make([]byte, MaxContentSize+1)); err == nil {
		t.Fatal("an oversized set was taken")
	}
	entries, _ := os.ReadDir(filepath.Join(lib.Dir(), "alone"))
	if len(entries) != 1 {
		t.Fatalf("%d files after refusals", len(entries))
	}
}

// TestLibraryDamagedFileIsListedAndNeverWrittenOver: a file cut short or
// changed on the disk is listed as damaged, refuses to load, and a save
// under its name is refused, leaving its bytes as they were.
func TestLibraryDamagedFileIsListedAndNeverWrittenOver(t *testing.T) {
	lib := NewLibrary(t.TempDir())
	g := tracker.Reichbusters
	for _, name := range []string{"Cut", "Flipped", "Longer"} {
		if err := lib.Save(g, name, []byte("the faction card and ten spawn cards")); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(lib.Dir(), string(g))
	damage := map[string]func([]byte) []byte{
		"Cut":     func(b []byte) []byte { return b[:len(b)-5] },
		"Flipped": func(b []byte) []byte { b[len(b)-3] ^= 1; return b },
		"Longer":  func(b []byte) []byte { return append(b, "!"...) },
	}
	damaged := map[string][]byte{}
	for name, fn := range damage {
		p := filepath.Join(dir, name+".content")
		b, _ := os.ReadFile(p)
		b = fn(b)
		os.WriteFile(p, b, 0o644)
		damaged[name] = b
	}
	l, err := lib.List(g)
	if err != nil || len(l) != 3 {
		t.Fatalf("list %v %v", l, err)
	}
	for _, e := range l {
		if !e.Damaged || !strings.Contains(e.Problem, "damaged") {
			t.Errorf("%s: damaged %v, %q", e.Name, e.Damaged, e.Problem)
		}
		if _, err := lib.Load(g, e.Name); err == nil {
			t.Errorf("%s loaded", e.Name)
		}
		err := lib.Save(g, e.Name, []byte("new"))
		if err == nil || !strings.Contains(err.Error(), "delete it first") {
			t.Errorf("%s: save over a damaged file: %v", e.Name, err)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, e.Name+".content")); !bytes.Equal(b, damaged[e.Name]) {
			t.Errorf("%s was written to", e.Name)
		}
	}
	// Deleting it is the players' way out.
	if err := lib.Delete(g, "Cut"); err != nil {
		t.Fatal(err)
	}
	if err := lib.Save(g, "Cut", []byte("again")); err != nil {
		t.Fatal(err)
	}
}

// TestLibraryLeftoversAndHandPlacedFiles: a temporary file left by a crash
// is not listed; a file put in the folder by hand, without the header, is
// read as it is.
func TestLibraryLeftoversAndHandPlacedFiles(t *testing.T) {
	lib := NewLibrary(t.TempDir())
	dir := filepath.Join(lib.Dir(), "alone")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, ".saving-123.tmp"), []byte("half"), 0o644)
	os.WriteFile(filepath.Join(dir, "By hand.content"), []byte(`{"map":1}`), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644)
	l, err := lib.List(tracker.Alone)
	if err != nil || len(l) != 1 || l[0].Name != "By hand" || l[0].Damaged {
		t.Fatalf("%+v %v", l, err)
	}
	if b, err := lib.Load(tracker.Alone, "By hand"); err != nil || string(b) != `{"map":1}` {
		t.Fatalf("%q %v", b, err)
	}
}

func TestNilLibrary(t *testing.T) {
	var lib *Library
	if l, err := lib.List(tracker.Alone); l != nil || err != nil {
		t.Fatal("nil list")
	}
	if lib.Save(tracker.Alone, "x", nil) != ErrNoLibrary || lib.Delete(tracker.Alone, "x") != ErrNoLibrary {
		t.Fatal("nil save/delete")
	}
	if _, err := lib.Load(tracker.Alone, "x"); err != ErrNoLibrary {
		t.Fatal("nil load")
	}
}

// Issue 24 item 6: a saved set's name keeps a campaign's name's rules (it
// took a right-to-left override, a zero-width space, a line separator),
// and a refused save writes nothing.
func TestContentSetNamesKeepCampaignNamesRules(t *testing.T) {
	l := NewLibrary(t.TempDir())
	for what, name := range trackertest.HostileNames() {
		if _, err := CheckContentName(name); err == nil {
			t.Errorf("%s: a set's name taken", what)
		}
		if err := l.Save(tracker.Alone, name, []byte("{}")); err == nil {
			t.Errorf("%s: a set saved under it", what)
		}
	}
	if list, _ := l.List(tracker.Alone); len(list) != 0 {
		t.Fatalf("%d sets written by refused saves", len(list))
	}
	if _, err := CheckContentName("Our core box — ×2"); err != nil {
		t.Fatal(err)
	}
}

// countingReader is a picked document that is no file of this device: an
// endless stream, its bytes counted.
type countingReader struct {
	uri  fyne.URI
	read int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	c.read += int64(len(p))
	return len(p), nil
}
func (c *countingReader) Close() error  { return nil }
func (c *countingReader) URI() fyne.URI { return c.uri }

// Issue 24 item 7: a content file the players pick is bounded before it is
// read: a file of the device by its size (none of it read), a stream once
// the bound is passed.
func TestPickedContentFilesAreBoundedBeforeReading(t *testing.T) {
	test.NewTempApp(t) // the file: scheme's repository
	path := filepath.Join(t.TempDir(), "big.json")
	f, _ := os.Create(path)
	f.Truncate(20 << 20) // sparse: nothing written
	f.Close()
	r, err := fstorage.Reader(fstorage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := ReadPicked(r, 8<<20); err == nil || !strings.Contains(err.Error(), "“big.json” is 20 MB, larger than any content file (at most 8 MB): it was not read") {
		t.Fatalf("a 20 MB file: %v", err)
	}
	s := &countingReader{uri: fstorage.NewURI("content://documents/endless")}
	if _, err := ReadPicked(s, 1<<20); err == nil || !strings.Contains(err.Error(), "over 1 MB") {
		t.Fatalf("an endless stream: %v", err)
	}
	if s.read > 1<<20+64<<10 {
		t.Fatalf("read %d bytes of the stream", s.read)
	}
}
