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
//
// This file holds the kill loops; reliability_damage_test.go the damaged
// files, reliability_import_test.go the bad import files.

import (
	"bufio"
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
