package shell

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"fyne.io/fyne/v2"

	"tablekeeper/tracker"
)

// A Library is the device's content sets: the cards, maps and boards the
// players entered once (or the practice content), kept as one file per set
// in a "content" folder beside the campaign file, one folder per game:
// content/<game>/<name>.content. The library only keeps bytes; each game
// owns its content's format, parses it and validates it.
//
// A set is written whole or not at all (a temporary file, synced, then
// renamed over the old one), and each file carries a checksum, so a file
// cut short or changed on the disk is listed as damaged and never written
// over without the players deleting it first.
//
// A nil *Library is a device without a library: List is empty and Save
// refuses, so a game's screens need not check.
type Library struct {
	dir string
}

// LibraryEntry is one content set as List shows it.
type LibraryEntry struct {
	Name     string
	Modified time.Time
	Size     int64
	// Damaged is set when the file cannot be read whole (cut short,
	// changed on the disk, unreadable); Problem says why, in words.
	Damaged bool
	Problem string
}

const (
	// MaxContentName bounds a content set's name (a file name on every
	// platform, and a line on a tablet).
	MaxContentName = 60
	// MaxContentSize bounds one content set; real ones are a few KB.
	MaxContentSize = tracker.MaxContentFile

	contentExt    = ".content"
	contentHeader = "tablekeeper-content 1 "
)

// ErrNoLibrary is the refusal of a nil Library.
var ErrNoLibrary = errors.New("this device has no place for content sets")

// NewLibrary is the library kept in dir (the "content" folder beside the
// campaign file). The folder is made on the first Save.
func NewLibrary(dir string) *Library { return &Library{dir: dir} }

// LibraryBeside is the library beside a campaign file.
func LibraryBeside(dbPath string) *Library {
	return NewLibrary(filepath.Join(filepath.Dir(dbPath), "content"))
}

// Dir is the library's folder.
func (l *Library) Dir() string {
	if l == nil {
		return ""
	}
	return l.dir
}

// CheckContentName trims a content set's name and refuses one that could
// not be a file name on every platform: empty, too long, with a path
// separator or a character Windows refuses, starting with a dot, ending
// with a dot or a space, or one of Windows' reserved device names.
func CheckContentName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", errors.New("a content set needs a name")
	case len([]rune(name)) > MaxContentName:
		return "", fmt.Errorf("the name is %d characters long; at most %d fit", len([]rune(name)), MaxContentName)
	case strings.HasPrefix(name, "."):
		return "", errors.New("a name cannot start with a dot")
	case strings.HasSuffix(name, "."):
		return "", errors.New("a name cannot end with a dot")
	}
	// A campaign's name's rules first (issue 24 item 6: a saved set's name
	// took what a campaign's refuses), then a file name's on every
	// platform.
	if err := tracker.CheckLine(name); err != nil {
		return "", fmt.Errorf("the name cannot be used: %w", err)
	}
	for _, r := range name {
		if strings.ContainsRune(`/\:*?"<>|`, r) {
			return "", fmt.Errorf("a name cannot hold %q", string(r))
		}
		if unicode.IsControl(r) {
			return "", errors.New("a name cannot hold a control character")
		}
	}
	base := strings.ToUpper(name)
	if i := strings.IndexByte(base, '.'); i >= 0 {
		base = base[:i]
	}
	base = strings.TrimSpace(base)
	switch base {
	case "CON", "PRN", "AUX", "NUL":
		return "", fmt.Errorf("%q is a name Windows keeps for itself", name)
	}
	if len(base) == 4 && (strings.HasPrefix(base, "COM") || strings.HasPrefix(base, "LPT")) && base[3] >= '0' && base[3] <= '9' {
		return "", fmt.Errorf("%q is a name Windows keeps for itself", name)
	}
	return name, nil
}

func (l *Library) gameDir(game tracker.GameID) (string, error) {
	if _, err := tracker.ParseGameID(string(game)); err != nil {
		return "", err
	}
	return filepath.Join(l.dir, string(game)), nil
}

// List is a game's content sets, the newest first. A file that cannot be
// read whole is listed as Damaged, with its problem; it is left as it is.
func (l *Library) List(game tracker.GameID) ([]LibraryEntry, error) {
	if l == nil {
		return nil, nil
	}
	dir, err := l.gameDir(game)
	if err != nil {
		return nil, err
	}
	des, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("the content sets cannot be listed: %w", err)
	}
	var out []LibraryEntry
	for _, de := range des {
		n := de.Name()
		if de.IsDir() || strings.HasPrefix(n, ".") || !strings.HasSuffix(n, contentExt) {
			continue // a temporary file of an unfinished save, or not ours
		}
		e := LibraryEntry{Name: strings.TrimSuffix(n, contentExt)}
		if info, err := de.Info(); err == nil {
			e.Modified, e.Size = info.ModTime(), info.Size()
		}
		if _, err := readContent(filepath.Join(dir, n)); err != nil {
			e.Damaged, e.Problem = true, err.Error()
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Modified.Equal(out[j].Modified) {
			return out[i].Modified.After(out[j].Modified)
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

// find is the file of the set named name, matched without regard to case
// (as Windows and macOS do), and its name as stored.
func (l *Library) find(dir, name string) (path, stored string, ok bool) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return "", "", false
	}
	for _, de := range des {
		n := de.Name()
		if de.IsDir() || !strings.HasSuffix(n, contentExt) || strings.HasPrefix(n, ".") {
			continue
		}
		if s := strings.TrimSuffix(n, contentExt); strings.EqualFold(s, name) {
			return filepath.Join(dir, n), s, true
		}
	}
	return "", "", false
}

// Load reads a content set's bytes, as they were saved.
func (l *Library) Load(game tracker.GameID, name string) ([]byte, error) {
	if l == nil {
		return nil, ErrNoLibrary
	}
	dir, err := l.gameDir(game)
	if err != nil {
		return nil, err
	}
	name, err = CheckContentName(name)
	if err != nil {
		return nil, err
	}
	path, _, ok := l.find(dir, name)
	if !ok {
		return nil, fmt.Errorf("there is no content set “%s” on this device", name)
	}
	data, err := readContent(path)
	if err != nil {
		return nil, fmt.Errorf("the content set “%s” %w", name, err)
	}
	return data, nil
}

// readContent reads a file and checks it against its header. A file
// without the header (put there by hand) is read as it is.
func readContent(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("cannot be read: %w", err)
	}
	if info.Size() > MaxContentSize+256 {
		return nil, fmt.Errorf("is %d MB, larger than any content set", info.Size()>>20)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot be read: %w", err)
	}
	if !bytes.HasPrefix(raw, []byte(contentHeader)) {
		return raw, nil
	}
	nl := bytes.IndexByte(raw, '\n')
	if nl < 0 {
		return nil, errors.New("is damaged: it was cut short")
	}
	f := strings.Fields(string(raw[len(contentHeader):nl]))
	if len(f) != 2 {
		return nil, errors.New("is damaged: its first line is not as it was written")
	}
	n, err := strconv.Atoi(f[0])
	body := raw[nl+1:]
	switch {
	case err != nil:
		return nil, errors.New("is damaged: its first line is not as it was written")
	case len(body) < n:
		return nil, errors.New("is damaged: it was cut short")
	case len(body) > n:
		return nil, errors.New("is damaged: it is longer than it was written")
	}
	if sum := sha256.Sum256(body); hex.EncodeToString(sum[:]) != f[1] {
		return nil, errors.New("is damaged: its contents changed on the disk since it was saved")
	}
	return body, nil
}

// Save keeps a content set under a name, replacing a set of that name
// (matched without regard to case, keeping the stored spelling). The file
// is written whole or not at all. A damaged file is never replaced: it is
// refused, so the players decide (delete it, or save under another name).
func (l *Library) Save(game tracker.GameID, name string, data []byte) error {
	if l == nil {
		return ErrNoLibrary
	}
	dir, err := l.gameDir(game)
	if err != nil {
		return err
	}
	if name, err = CheckContentName(name); err != nil {
		return err
	}
	if len(data) > MaxContentSize {
		return fmt.Errorf("the content set is %d MB, more than the %d MB a set may hold", len(data)>>20, MaxContentSize>>20)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("the content folder cannot be made: %w", err)
	}
	path := filepath.Join(dir, name+contentExt)
	if old, stored, ok := l.find(dir, name); ok {
		if _, err := readContent(old); err != nil {
			return fmt.Errorf("the content set “%s” on this device %w, so it is kept as it is: delete it first, or save under another name", stored, err)
		}
		path = old
	}
	sum := sha256.Sum256(data)
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%s%d %s\n", contentHeader, len(data), hex.EncodeToString(sum[:]))
	buf.Write(data)
	return writeAtomic(path, buf.Bytes())
}

// writeAtomic writes a file through a temporary file in the same folder,
// synced before it is renamed over the old one, so a crash leaves either
// the old file or the new one, never half of it.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, ".saving-*.tmp")
	if err != nil {
		return fmt.Errorf("the content set cannot be written: %w", err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("the content set cannot be written: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("the content set cannot be written: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("the content set cannot be written: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("the content set cannot be written: %w", err)
	}
	done = true
	// The rename is durable once the folder is synced (not possible on
	// every platform; the file itself is already on disk).
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// Delete removes a content set (a damaged one too). It changes no
// campaign: a game copies what a campaign needs from a set into the
// campaign's own log when it starts or updates it, and never reads the
// library again for that campaign.
func (l *Library) Delete(game tracker.GameID, name string) error {
	if l == nil {
		return ErrNoLibrary
	}
	dir, err := l.gameDir(game)
	if err != nil {
		return err
	}
	if name, err = CheckContentName(name); err != nil {
		return err
	}
	path, _, ok := l.find(dir, name)
	if !ok {
		return fmt.Errorf("there is no content set “%s” on this device", name)
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("the content set “%s” cannot be deleted: %w", name, err)
	}
	return nil
}

// ReadPicked reads a content file the players picked, refusing one over
// limit bytes before reading it (issue 24 item 7): a file of this device
// by its size, a stream (a phone's document picker) once limit+1 bytes
// have come. name says which file in the refusal.
func ReadPicked(r fyne.URIReadCloser, limit int64) ([]byte, error) {
	name := r.URI().Name()
	tooBig := func(size string) error {
		return fmt.Errorf("“%s” is %s, larger than any content file (at most %d MB): it was not read", name, size, limit>>20)
	}
	if r.URI().Scheme() == "file" {
		if st, err := os.Stat(r.URI().Path()); err == nil && st.Size() > limit {
			return nil, tooBig(fmt.Sprintf("%d MB", (st.Size()+1<<20-1)>>20))
		}
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("“%s” cannot be read: %w", name, err)
	}
	if int64(len(data)) > limit {
		return nil, tooBig(fmt.Sprintf("over %d MB", limit>>20))
	}
	return data, nil
}
