package storage

// The reliability suite of issue 16: kill loops (a child process killed at a
// random moment while it writes, backs up, or restores) and damaged-file
// variants. Each test reports its counts with t.Logf and fails on any lost
// acknowledged action, any file changed by a refused or read-only open, any
// hang past its bound, and any panic's words in a message.
//
// CI runs a few hundred kills in all. A longer run, by hand:
//
//	TABLEKEEPER_KILLS=2000 go test -run Reliability -timeout 2h -v ./storage/
//
// sets each kill loop to that many kills and damages every page in every
// way (TABLEKEEPER_DAMAGE_SEEDS=N also lengthens TestRandomDamageNeverPanics).

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"

	"tablekeeper/tracker"
)

// kills is how many kills each loop makes: ci in CI, or TABLEKEEPER_KILLS.
func kills(ci int) int {
	if n, err := strconv.Atoi(os.Getenv("TABLEKEEPER_KILLS")); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return ci / 5
	}
	return ci
}

func longRun() bool { return os.Getenv("TABLEKEEPER_KILLS") != "" }

// hangBound is how long anything the suite waits for may take before it
// counts as a hang: opening, verifying, a child's first sign of life.
const hangBound = 30 * time.Second

// within runs fn, failing the test if it does not return within hangBound.
func within(t testing.TB, what string, fn func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-time.After(hangBound):
		t.Fatalf("%s hung for more than %v", what, hangBound)
		return nil
	}
}

// TestReliabilityChild is not a test on its own: the kill loops run the test
// binary again with TK_CHILD set, and it works until it is killed, printing
// a line once each thing it does is done (acknowledged).
func TestReliabilityChild(t *testing.T) {
	var err error
	switch os.Getenv("TK_CHILD") {
	case "":
		t.Skip("helper process for the kill loops")
	case "write":
		err = childWrite(os.Getenv("TK_DB"), os.Getenv("TK_ID"), 7)
	case "backup":
		err = childWrite(os.Getenv("TK_DB"), os.Getenv("TK_ID"), 1)
	case "restore":
		err = childRestore(os.Getenv("TK_DB"), os.Getenv("TK_A"), os.Getenv("TK_B"))
	}
	fmt.Println("failed:", err)
	os.Exit(3)
}

// childWrite plays actions (notes, undo, redo), printing "ack SEQ" after each
// returns; every backupEvery actions it writes a backup, printing "backup"
// after it returns (backupEvery 1: a backup after every action, so kills
// land in backups).
func childWrite(path, id string, backupEvery int) error {
	db, err := Open(path, reg)
	if err != nil {
		return err
	}
	db.BackupEvery = 0
	if _, err := db.Campaign(id); err != nil {
		c, _ := tracker.NewCampaign(tracker.Alone, "Crash", 1, time.Now())
		c.ID = id
		if err := db.Create(c); err != nil {
			return err
		}
	}
	s, err := db.OpenSession(id)
	if err != nil {
		return err
	}
	for i := 0; ; i++ {
		var e tracker.Event
		switch {
		case i%11 == 10 && s.CanUndo():
			e, err = s.Undo()
		case i%13 == 12 && s.CanRedo():
			e, err = s.Redo()
		default:
			e, err = s.Do(tracker.AddNote{Text: "n" + strconv.Itoa(i)})
		}
		if err != nil {
			return err
		}
		fmt.Printf("ack %d\n", e.Seq)
		if i%backupEvery == backupEvery-1 {
			if _, err := db.Backup(); err != nil {
				return err
			}
			fmt.Println("backup")
		}
	}
}

// childRestore restores two backups in turn, by the file (as the window and
// the command line do for a file that cannot be opened) and through an open
// DB, printing "restored A|B" after each returns.
func childRestore(path, a, b string) error {
	for i := 0; ; i++ {
		which, name := a, "A"
		if i%2 == 1 {
			which, name = b, "B"
		}
		if i%3 == 2 {
			db, err := Open(path, reg)
			if err != nil {
				return err
			}
			if err := db.Restore(which); err != nil {
				return err
			}
			if err := db.Close(); err != nil {
				return err
			}
		} else if err := RestoreFile(path, which, time.Now()); err != nil {
			return err
		}
		fmt.Println("restored", name)
	}
}

// child is a running helper process.
type child struct {
	cmd   *exec.Cmd
	lines chan string
}

func startChild(t *testing.T, env ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestReliabilityChild$")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	return c
}

// run reads the child's lines, handing each to seen, and kills it wait after
// its first line; it fails on a child that says nothing within hangBound, or
// says it failed.
func (c *child) run(t *testing.T, wait time.Duration, seen func(string)) {
	t.Helper()
	var kill <-chan time.Time
	first := time.After(hangBound)
	killed := false
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				_ = c.cmd.Wait()
				return
			}
			if strings.HasPrefix(l, "failed:") && !killed {
				_ = c.cmd.Process.Kill()
				t.Fatalf("the child %s", l)
			}
			seen(l)
			if kill == nil && !killed {
				kill, first = time.After(wait), nil
			}
		case <-kill:
			_ = c.cmd.Process.Signal(syscall.SIGKILL)
			killed, kill = true, nil
		case <-first:
			_ = c.cmd.Process.Kill()
			t.Fatalf("the child did nothing for %v", hangBound)
		}
	}
}

// TestReliabilityKillDuringWrite kills a child while it plays (and now and
// then backs up): every acknowledged action must be there after, the file
// must open and verify.
func TestReliabilityKillDuringWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tablekeeper.db")
	id := "6f1d3c52-6a4e-4d7e-9d0e-3a1f4b2c5d6e"
	rng := rand.New(rand.NewSource(1))
	rounds := kills(120)
	var acked, unacked uint64
	for round := 0; round < rounds; round++ {
		c := startChild(t, "TK_CHILD=write", "TK_DB="+path, "TK_ID="+id)
		c.run(t, time.Duration(rng.Intn(60))*time.Millisecond, func(l string) {
			if seq, ok := strings.CutPrefix(l, "ack "); ok {
				n, _ := strconv.ParseUint(seq, 10, 64)
				acked = max(acked, n)
			}
		})
		var db *DB
		err := within(t, "opening after a kill", func() (err error) { db, err = Open(path, reg); return })
		if err != nil {
			t.Fatalf("round %d: reopening after SIGKILL: %v", round, err)
		}
		s, err := db.OpenSession(id)
		if err != nil {
			t.Fatalf("round %d: replay after SIGKILL: %v", round, err)
		}
		if s.LastSeq() < acked {
			t.Fatalf("round %d: %d actions acknowledged, only %d on disk", round, acked, s.LastSeq())
		}
		unacked += s.LastSeq() - acked // written, killed before it was said
		acked = s.LastSeq()
		if round%10 == 9 || round == rounds-1 {
			if err := within(t, "verify", func() error { _, err := db.Verify(); return err }); err != nil {
				t.Fatalf("round %d: verify after SIGKILL: %v", round, err)
			}
		}
		db.Close()
	}
	t.Logf("%d kills while writing: %d actions acknowledged, none lost; %d written but killed before acknowledged", rounds, acked, unacked)
	if acked < uint64(rounds) {
		t.Fatalf("only %d actions acknowledged over %d rounds: the child barely ran", acked, rounds)
	}
	checkBackups(t, path, map[string]bool{})
}

// checkBackups verifies every backup of the file not checked yet, and
// fails on a half-written one left behind.
func checkBackups(t *testing.T, path string, checked map[string]bool) int {
	t.Helper()
	list, _ := BackupsOf(path)
	for _, b := range list {
		if checked[b.Path] {
			continue
		}
		if _, err := VerifyFile(b.Path, reg); err != nil {
			t.Fatalf("kept backup %s does not verify: %v", b.Path, err)
		}
		checked[b.Path] = true
	}
	tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "backups", "*"+tmpExt))
	if len(tmps) > 0 {
		t.Fatalf("half-written backups left after opening: %v", tmps)
	}
	return len(list)
}

// TestReliabilityKillDuringBackup kills a child that backs up after every
// action: no acknowledged action lost, every kept backup verifies, the next
// open removes the half-written one, and the backups stay bounded.
func TestReliabilityKillDuringBackup(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tablekeeper.db")
	id := "0e3b9c1a-5d2f-4c8e-9a7b-6f1e2d3c4b5a"
	rng := rand.New(rand.NewSource(2))
	rounds := kills(80)
	var acked uint64
	backups, stale := 0, 0
	checked := map[string]bool{}
	most := 0
	for round := 0; round < rounds; round++ {
		c := startChild(t, "TK_CHILD=backup", "TK_DB="+path, "TK_ID="+id)
		c.run(t, time.Duration(rng.Intn(80))*time.Millisecond, func(l string) {
			if seq, ok := strings.CutPrefix(l, "ack "); ok {
				n, _ := strconv.ParseUint(seq, 10, 64)
				acked = max(acked, n)
			}
			if l == "backup" {
				backups++
			}
		})
		tmps, _ := filepath.Glob(filepath.Join(dir, "backups", "*"+tmpExt))
		stale += len(tmps)
		var db *DB
		err := within(t, "opening after a kill", func() (err error) { db, err = Open(path, reg); return })
		if err != nil {
			t.Fatalf("round %d: reopening after SIGKILL: %v", round, err)
		}
		s, err := db.OpenSession(id)
		if err != nil {
			t.Fatalf("round %d: replay after SIGKILL: %v", round, err)
		}
		if s.LastSeq() < acked {
			t.Fatalf("round %d: %d actions acknowledged, only %d on disk", round, acked, s.LastSeq())
		}
		acked = s.LastSeq()
		db.Close()
		most = max(most, checkBackups(t, path, checked))
	}
	t.Logf("%d kills while backing up: %d backups acknowledged, %d half-written ones removed at the next open, at most %d kept, all verify; %d actions, none lost",
		rounds, backups, stale, most, acked)
	// A kill between a backup's rename and its pruning leaves one more,
	// pruned by the next backup.
	if most > DefaultRetention.Recent+1 {
		t.Fatalf("%d backups kept within a day, want at most %d", most, DefaultRetention.Recent)
	}
}

// TestReliabilityKillDuringRestore kills a child that restores two backups in
// turn: at every kill the path holds one of them whole, every file kept aside
// is whole, none is lost (one per acknowledged restore at least), and the
// next open removes the restores' temp files.
func TestReliabilityKillDuringRestore(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tablekeeper.db")
	a, b := restorable(t, dir, "a", 3), restorable(t, dir, "b", 5)
	ha, hb := fileHash(t, a), fileHash(t, b)
	if err := copyExclusive(a, path); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(3))
	rounds := kills(120)
	restores, asides, temps := 0, 0, 0
	for round := 0; round < rounds; round++ {
		n := 0
		c := startChild(t, "TK_CHILD=restore", "TK_DB="+path, "TK_A="+a, "TK_B="+b)
		c.run(t, time.Duration(rng.Intn(40))*time.Millisecond, func(l string) {
			if strings.HasPrefix(l, "restored ") {
				n++
			}
		})
		restores += n
		if h := fileHash(t, path); h != ha && h != hb {
			t.Fatalf("round %d: after a kill during a restore the path holds neither backup (%s)", round, map[bool]string{true: "missing"}[h == "missing"])
		}
		kept := keptAside(path)
		if len(kept) < n {
			t.Fatalf("round %d: %d restores acknowledged but %d files kept aside", round, n, len(kept))
		}
		for _, k := range kept {
			if h := fileHash(t, k.Path); h != ha && h != hb {
				t.Fatalf("round %d: a kept-aside file is not whole: %s", round, k.Path)
			}
			os.Remove(k.Path)
		}
		asides += len(kept)
		tmp, _ := filepath.Glob(path + restoringMark + "*")
		temps += len(tmp)
		var db *DB
		err := within(t, "opening after a kill", func() (err error) { db, err = Open(path, reg); return })
		if err != nil {
			t.Fatalf("round %d: opening after a kill during restore: %v", round, err)
		}
		db.Close()
		if tmp, _ := filepath.Glob(path + restoringMark + "*"); len(tmp) > 0 {
			t.Fatalf("round %d: restores' temp files left after opening: %v", round, tmp)
		}
	}
	t.Logf("%d kills while restoring: %d restores acknowledged, %d files kept aside, all whole; the path always held a whole file; %d temp files removed at the next open",
		rounds, restores, asides, temps)
	if restores < rounds {
		t.Fatalf("only %d restores over %d rounds: the child barely ran", restores, rounds)
	}
}

// restorable writes a backup holding a campaign of n notes.
func restorable(t *testing.T, dir, name string, n int) string {
	t.Helper()
	path := filepath.Join(dir, name, "tablekeeper.db")
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := db.NewCampaign(tracker.Alone, strings.ToUpper(name), 1)
	s, _ := db.OpenSession(c.ID)
	addNotes(t, s, n)
	bk, err := db.Backup()
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	return bk.Path
}

// A damage is one way a file can be damaged, and what may come of it.
type damage struct {
	name string
	bad  []byte
	// cache: only a snapshot is hit; the file opens and play rebuilds it.
	cache bool
}

// TestReliabilityDamagedFiles damages a real file in every page (header and
// body, and zeroed), in every meta page field, in every snapshot and in
// events, cuts it short, empties and removes it beside its backup; then runs
// every verb on each: opening, listing, verifying, a backup's check and
// preview, and playing each campaign. A refused file must be unchanged and
// told in words with the good backup; a file accepted must have lost
// nothing; nothing may hang or panic.
func TestReliabilityDamagedFiles(t *testing.T) {
	path, good, backup, want := referenceFile(t)
	variants := damagedVariants(t, good)
	counts := map[string]int{}
	for _, v := range variants {
		outcome := tryDamaged(t, path, backup, want, v)
		counts[outcome]++
	}
	t.Logf("%d damaged files: %d refused, untouched, with the good backup named; %d whose damage fell on unused space (nothing lost); %d with a damaged snapshot (opened, rebuilt from the log, nothing lost)",
		len(variants), counts["refused"], counts["harmless"], counts["rebuilt"])
	if counts["refused"] < (len(variants)-counts["rebuilt"])/2 {
		t.Fatalf("only %d of %d damaged files refused: the checks are blind", counts["refused"], len(variants))
	}
	// Empty, missing, and missing with only a kept-aside file beside it.
	for _, lose := range []string{"empty", "missing", "aside"} {
		if err := os.WriteFile(path, good, 0o600); err != nil {
			t.Fatal(err)
		}
		switch lose {
		case "empty":
			_ = os.Truncate(path, 0)
		case "missing":
			_ = os.Remove(path)
		case "aside":
			_ = os.Rename(path, path+asideMark+"20260101-000000.000")
		}
		before := fileHash(t, path)
		for verb, run := range readingVerbs(path) {
			err := within(t, verb, run)
			var de *DamageError
			if err == nil {
				t.Fatalf("%s file: %s accepted it", lose, verb)
			}
			if errors.As(err, &de) && de.Missing && de.Backup == "" {
				t.Fatalf("%s file: %s offers no copy: %v", lose, verb, err)
			}
			if w := hasPanicText(err.Error(), path, backup); w != "" {
				t.Fatalf("%s file: %s says %q: %v", lose, verb, w, err)
			}
			if fileHash(t, path) != before {
				t.Fatalf("%s file: %s changed it", lose, verb)
			}
		}
		os.Remove(path + asideMark + "20260101-000000.000")
	}
}

// summary is what a file holds: each campaign's name, event count and
// number of notes.
func summary(db *DB) (string, error) {
	list, err := db.List()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, c := range list {
		s, err := db.OpenSession(c.ID)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "%s:%d:%d;", c.Name, s.LastSeq(), len(s.Core().Notes))
	}
	return b.String(), nil
}

// referenceFile writes the file the variants damage: two campaigns, one
// long enough for two snapshots, with undo and redo, and one backup.
func referenceFile(t *testing.T) (path string, good []byte, backup, want string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "tablekeeper.db")
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	db.BackupEvery = 0
	for _, n := range []int{2*tracker.SnapshotEvery + 20, 40} {
		c, _ := db.NewCampaign(tracker.Alone, fmt.Sprintf("Campaign of %d", n), 1)
		s, _ := db.OpenSession(c.ID)
		for i := 0; i < n; i++ {
			switch {
			case i%17 == 16:
				_, err = s.Undo()
			case i%19 == 18 && s.CanRedo():
				_, err = s.Redo()
			default:
				_, err = s.Do(tracker.AddNote{Text: fmt.Sprintf("note %d of the evening", i)})
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	b, err := db.Backup()
	if err != nil {
		t.Fatal(err)
	}
	if want, err = summary(db); err != nil {
		t.Fatal(err)
	}
	db.Close()
	good, err = os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, good, b.Path, want
}

func damagedVariants(t *testing.T, good []byte) []damage {
	t.Helper()
	var out []damage
	with := func(name string, cache bool, fn func(b []byte) []byte) {
		out = append(out, damage{name: name, bad: fn(append([]byte(nil), good...)), cache: cache})
	}
	rng := rand.New(rand.NewSource(4))
	pages := len(good) / testPage
	// Every page: a byte of its header, a byte of its body, all of it zeroed
	// (the long run: every header byte).
	for p := 0; p < pages; p++ {
		at := p * testPage
		headerBytes := []int{rng.Intn(pageHeaderSize)}
		if longRun() {
			headerBytes = []int{0, 4, 8, 9, 10, 11, 12, 13, 14, 15}
		}
		for _, h := range headerBytes {
			with(fmt.Sprintf("page %d header byte %d", p, h), false, func(b []byte) []byte { b[at+h] ^= 0x5a; return b })
		}
		body := at + pageHeaderSize + rng.Intn(testPage-pageHeaderSize)
		with(fmt.Sprintf("page %d body byte %d", p, body-at), false, func(b []byte) []byte { b[body] ^= 0x21; return b })
		with(fmt.Sprintf("page %d zeroed", p), false, func(b []byte) []byte {
			copy(b[at:at+testPage], make([]byte, testPage))
			return b
		})
	}
	// Every field of each meta page.
	for _, m := range []int{0, testPage} {
		for f := 0; f < metaSumLen+8; f += 4 {
			with(fmt.Sprintf("meta page %d byte %d", m/testPage, f), false, func(b []byte) []byte { b[m+pageHeaderSize+f] ^= 0x11; return b })
		}
	}
	// Each snapshot's stored bytes: the cache, not the file.
	for i, at := range allIndex(good, []byte(`"stateVersion"`)) {
		with(fmt.Sprintf("snapshot %d", i), true, func(b []byte) []byte { b[at+20] ^= 0x08; return b })
	}
	// Events' stored bytes: a sample, every one in the long run.
	events := allIndex(good, []byte(`"kind":"`))
	step := max(1, len(events)/40)
	if longRun() {
		step = 1
	}
	for i := 0; i < len(events); i += step {
		at := events[i]
		with(fmt.Sprintf("event %d of %d", i, len(events)), false, func(b []byte) []byte { b[at+9] ^= 0x02; return b })
	}
	// Cut short at page boundaries and inside pages.
	for _, n := range []int{1, 100, testPage, 2 * testPage, len(good) / 3, len(good) / 2, len(good) - testPage, len(good) - 1} {
		with(fmt.Sprintf("cut to %d bytes", n), false, func(b []byte) []byte { return b[:n] })
	}
	return out
}

func allIndex(data, sub []byte) []int {
	var out []int
	for i := 0; ; {
		j := strings.Index(string(data[i:]), string(sub))
		if j < 0 {
			return out
		}
		out = append(out, i+j)
		i += j + 1
	}
}

// tryDamaged writes one damaged variant and runs every verb on it. It says
// what came of it: refused, harmless (accepted, nothing lost) or rebuilt.
func tryDamaged(t *testing.T, path, backup, want string, v damage) string {
	t.Helper()
	if err := os.WriteFile(path, v.bad, 0o600); err != nil {
		t.Fatal(err)
	}
	before := sha256.Sum256(v.bad)
	refused := false
	for verb, run := range readingVerbs(path) {
		err := within(t, v.name+": "+verb, run)
		if err != nil {
			refused = true
			if w := hasPanicText(err.Error(), path, backup); w != "" {
				t.Fatalf("%s: %s says %q: %v", v.name, verb, w, err)
			}
			var de *DamageError
			if !errors.As(err, &de) {
				t.Fatalf("%s: %s refused it, but not as damage: %v", v.name, verb, err)
			}
			if verb != "verify the file" && verb != "preview" && de.Backup != backup {
				t.Fatalf("%s: %s does not name the good backup: %v", v.name, verb, err)
			}
		}
		if now, _ := os.ReadFile(path); sha256.Sum256(now) != before {
			t.Fatalf("%s: %s changed the file", v.name, verb)
		}
	}
	if v.cache && refused {
		t.Fatalf("%s: a damaged snapshot refused the file", v.name)
	}
	if refused {
		return "refused"
	}
	// Accepted: nothing may be lost. Playing may write only to rebuild a
	// damaged snapshot.
	var db *DB
	err := within(t, v.name+": open to play", func() (err error) { db, err = Open(path, reg); return })
	if err != nil {
		t.Fatalf("%s: refused to play after every verb accepted it: %v", v.name, err)
	}
	notices := len(db.Notices())
	var got string
	err = within(t, v.name+": play", func() (err error) { got, err = summary(db); return })
	db.Close()
	if err != nil {
		t.Fatalf("%s: accepted, but a campaign does not open: %v", v.name, err)
	}
	if got != want {
		t.Fatalf("%s: accepted with something lost:\n got %s\nwant %s", v.name, got, want)
	}
	changed := false
	if now, _ := os.ReadFile(path); sha256.Sum256(now) != before {
		changed = true
	}
	if notices > 0 {
		return "rebuilt"
	}
	if changed && !v.cache {
		t.Fatalf("%s: playing changed a file that had nothing to rebuild", v.name)
	}
	return "harmless"
}

// A badImport is one class of bad import file the black-box test of issue
// 16 tried. Each is built from a good export (with a new campaign ID, so a
// refusal is the file's fault and not "already here"). want is what the
// refusal must name. awaits names the branch whose validation refuses the
// class: until it is in main the class is tried and reported, not failed
// (the memory engineer removes awaits as each lands).
type badImport struct {
	class  string
	build  func(good []byte) []byte
	want   string
	awaits string
	// big: built only in the long run while it awaits (it costs seconds to
	// accept).
	big bool
}

// badImports are the classes of bad import files. Refused, a file is left
// as it was, in words, fast.
var badImports = []badImport{
	{class: "not JSON", build: func([]byte) []byte { return []byte("{not an export") }, want: "JSON"},
	{class: "another format", build: replace(`"format":"tablekeeper-campaign"`, `"format":"shopping-list"`), want: "format"},
	{class: "a newer version", build: replace(`"version":1`, `"version":99`), want: "newer"},
	{class: "an unknown field", build: replace(`"format":`, `"extra":1,"format":`), want: "unknown field"},
	{class: "more after the end", build: func(g []byte) []byte { return append(g, []byte(` {}`)...) }, want: "JSON"},
	{class: "an unknown game", build: replace(`"game":"alone"`, `"game":"tetris"`), want: "campaign.game"},
	{class: "events out of order", build: replace(`"seq":2,`, `"seq":3,`), want: "events[1]"},
	{class: "an event ID twice", build: sameEventIDs, want: "same as event"},
	{class: "a draw out of its range", build: withDraw(`{"index":0,"n":6,"value":6}`), want: "draws[0]"},
	{class: "a note of 4,001 characters", build: noteOf(4001), want: "4000", awaits: "memory"},
	{class: "a note of 100,000 characters", build: noteOf(100_000), want: "4000", awaits: "memory"},
	{class: "a note of 50 MB", build: noteOf(50 << 20), want: "MB", awaits: "memory", big: true},
	{class: "the campaign ID in upper case", build: idAs(strings.ToUpper), want: "already here", awaits: "memory"},
	{class: "the campaign ID in braces", build: idAs(func(id string) string { return "{" + id + "}" }), want: "already here", awaits: "memory"},
	{class: "the campaign ID as urn:uuid:", build: idAs(func(id string) string { return "urn:uuid:" + id }), want: "already here", awaits: "memory"},
	{class: "the all-zero campaign ID", build: idAs(func(string) string { return "00000000-0000-0000-0000-000000000000" }), want: "campaign.id", awaits: "memory"},
	{class: "a draw index of 2^64-1", build: withDraw(`{"index":18446744073709551615,"n":6,"value":2}`), want: "index", awaits: "memory"},
	{class: "the year 9999", build: replaceFirstTime("9999"), want: "9999", awaits: "memory"},
	{class: "a name with NUL", build: nameWith("\\u0000"), want: "campaign.name", awaits: "memory"},
	{class: "a name with a right-to-left override", build: nameWith("\\u202e"), want: "campaign.name", awaits: "memory"},
	{class: "a name with a newline", build: nameWith("\\n"), want: "campaign.name", awaits: "memory"},
}

// badSituations are the bad situation files of issue 16 (within and beyond
// the documented limits of `resolve`), for the memory engineer's branch to
// fill in with each game's resolver: resolve must answer or refuse in words
// within a second here, never panic.
var badSituations = []struct {
	class   string
	game    tracker.GameID
	data    []byte
	resolve func([]byte) ([]byte, error)
	refused bool
}{}

const goodID = "6f1d3c52-6a4e-4d7e-9d0e-3a1f4b2c5d6e"

func replace(old, new string) func([]byte) []byte {
	return func(g []byte) []byte { return []byte(strings.Replace(string(g), old, new, 1)) }
}

func idAs(spell func(string) string) func([]byte) []byte {
	return func(g []byte) []byte {
		return []byte(strings.Replace(string(g), `"id":"`+goodID+`"`, `"id":"`+spell(goodID)+`"`, 1))
	}
}

func nameWith(esc string) func([]byte) []byte {
	return replace(`"name":"Evening"`, `"name":"Even`+esc+`ing"`)
}

func noteOf(n int) func([]byte) []byte {
	return func(g []byte) []byte {
		return []byte(strings.Replace(string(g), `{"text":"first"}`, `{"text":"`+strings.Repeat("x", n)+`"}`, 1))
	}
}

func withDraw(draw string) func([]byte) []byte {
	return replace(`"kind":"core.note",`, `"kind":"core.note","draws":[`+draw+`],`)
}

func replaceFirstTime(year string) func([]byte) []byte {
	return func(g []byte) []byte {
		s := string(g)
		i := strings.Index(s, `"created":"`) + len(`"created":"`)
		return []byte(s[:i] + year + s[i+4:])
	}
}

func sameEventIDs(g []byte) []byte {
	s := string(g)
	ids := allIndex(g, []byte(`,"id":"`))
	if len(ids) < 2 {
		return g
	}
	first := s[ids[0]+7 : ids[0]+7+36]
	return []byte(s[:ids[1]+7] + first + s[ids[1]+7+36:])
}

// TestReliabilityBadImports tries every class of bad import file on a file
// that holds the campaign already.
func TestReliabilityBadImports(t *testing.T) {
	db, path := openTemp(t)
	c, _ := tracker.NewCampaign(tracker.Alone, "Evening", 5, time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC))
	c.ID = goodID
	if err := db.Create(c); err != nil {
		t.Fatal(err)
	}
	s, _ := db.OpenSession(c.ID)
	for _, text := range []string{"first", "second", "third"} {
		if _, err := s.Do(tracker.AddNote{Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	x, _ := db.Export(c.ID)
	indented, _ := x.Encode()
	var compact bytes.Buffer
	if err := json.Compact(&compact, indented); err != nil {
		t.Fatal(err)
	}
	good := compact.Bytes()
	refused, pending := 0, []string{}
	for _, b := range badImports {
		if b.big && b.awaits != "" && !longRun() {
			pending = append(pending, b.class+" (long run only)")
			continue
		}
		data := b.build(good)
		if string(data) == string(good) {
			t.Fatalf("%s: the good export did not change: %s", b.class, good)
		}
		if !strings.Contains(b.class, "campaign ID") {
			data = []byte(strings.ReplaceAll(string(data), goodID, uuid.NewString()))
		}
		before := fileHash(t, path)
		start := time.Now()
		var err error
		within(t, "import of "+b.class, func() error { _, err = db.Import(data, false); return nil })
		took := time.Since(start)
		if err == nil {
			if b.awaits == "" {
				t.Errorf("%s: accepted", b.class)
			} else {
				pending = append(pending, b.class)
			}
			continue
		}
		refused++
		if fileHash(t, path) != before {
			t.Errorf("%s: a refused import changed the file", b.class)
		}
		if w := hasPanicText(err.Error(), path); w != "" {
			t.Errorf("%s: refused with %q: %v", b.class, w, err)
		}
		if !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: the refusal does not name %q: %v", b.class, b.want, err)
		}
		if took > 2*time.Second {
			t.Errorf("%s: refused after %v, not at once", b.class, took)
		}
	}
	t.Logf("%d classes of bad import refused, the file unchanged; %d still accepted, awaiting the memory branch's validation: %s",
		refused, len(pending), strings.Join(pending, "; "))
	if len(badSituations) == 0 {
		t.Logf("bad situation files: none yet (badSituations awaits the memory branch)")
	}
}
