package storage

import (
	"bufio"
	"fmt"
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

// TestCrashChild is not a test on its own: TestKillMidWrite runs the test
// binary again with TK_CRASH_DB set, and this appends notes, printing each
// sequence number once Do has returned, that is once it is acknowledged.
func TestCrashChild(t *testing.T) {
	path := os.Getenv("TK_CRASH_DB")
	if path == "" {
		t.Skip("helper process for TestKillMidWrite")
	}
	db, err := Open(path, reg)
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(3)
	}
	db.BackupEvery = 7 // backups run while we are killed, too
	id := os.Getenv("TK_CRASH_ID")
	if _, err := db.Campaign(id); err != nil {
		c, _ := tracker.NewCampaign(tracker.Alone, "Crash", 1, time.Now())
		c.ID = id
		if err := db.Create(c); err != nil {
			fmt.Println("create:", err)
			os.Exit(3)
		}
	}
	s, err := db.OpenSession(id)
	if err != nil {
		fmt.Println("session:", err)
		os.Exit(3)
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
			fmt.Println("do:", err)
			os.Exit(3)
		}
		fmt.Printf("ack %d\n", e.Seq)
	}
}

func TestKillMidWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("kills child processes")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "crash.db")
	id := "6f1d3c52-6a4e-4d7e-9d0e-3a1f4b2c5d6e"
	rng := rand.New(rand.NewSource(1))
	rounds := 25
	var acked uint64
	for round := 0; round < rounds; round++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
		cmd.Env = append(os.Environ(), "TK_CRASH_DB="+path, "TK_CRASH_ID="+id)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		// Wait until the child has acknowledged something, then kill it at a
		// random moment while it keeps writing.
		wait := time.Duration(20+rng.Intn(120)) * time.Millisecond
		var kill <-chan time.Time // set at the first acknowledgement
		killed := false
	read:
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					break read
				}
				if seq, ok := strings.CutPrefix(l, "ack "); ok {
					n, _ := strconv.ParseUint(seq, 10, 64)
					acked = max(acked, n)
					if kill == nil && !killed {
						kill = time.After(wait)
					}
				} else if !killed {
					t.Fatalf("round %d: child said %q", round, l)
				}
			case <-kill:
				_ = cmd.Process.Signal(syscall.SIGKILL)
				killed, kill = true, nil
			}
		}
		_ = cmd.Wait()

		db, err := Open(path, reg)
		if err != nil {
			t.Fatalf("round %d: reopening after SIGKILL: %v", round, err)
		}
		s, err := db.OpenSession(id)
		if err != nil {
			t.Fatalf("round %d: replay after SIGKILL: %v", round, err)
		}
		if s.LastSeq() < acked {
			t.Fatalf("round %d: %d events acknowledged, only %d on disk", round, acked, s.LastSeq())
		}
		if _, err := db.Verify(); err != nil {
			t.Fatalf("round %d: verify after SIGKILL: %v", round, err)
		}
		db.Close()
	}
	if acked < uint64(rounds) {
		t.Fatalf("only %d actions acknowledged over %d rounds: the child barely ran", acked, rounds)
	}
	// Half-written backups never count as backups.
	list, _ := listBackups(filepath.Join(dir, "backups"), backupPrefix(path))
	for _, b := range list {
		if _, err := VerifyFile(b.Path, reg); err != nil {
			t.Errorf("kept backup %s does not verify: %v", b.Path, err)
		}
	}
}
