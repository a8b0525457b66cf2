package storage

import (
	"bufio"
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

	"tablekeeper/tracker"
)

// TestAnswersChild is not a test on its own: TestAKilledHostAnswersTheRetryFromTheFile
// runs the test binary again with TK_ANSWERS set, and it sends one
// device's numbered notes through DoAs until it is killed, printing each
// answer once it has it.
func TestAnswersChild(t *testing.T) {
	if os.Getenv("TK_ANSWERS") == "" {
		t.Skip("helper process")
	}
	// The test holds standard input open; if it ends without killing this
	// process (a timeout), the pipe closes and this ends too.
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); os.Exit(0) }()
	db, err := Open(os.Getenv("TK_DB"), reg)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	db.BackupEvery = 0
	s, err := db.OpenSession(os.Getenv("TK_ID"))
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	from, _ := strconv.ParseUint(os.Getenv("TK_FROM"), 10, 64)
	for n := from; ; n++ {
		a, err := s.DoAs(tracker.Origin{Device: "phone", Seq: n, Sum: n}, tracker.AddNote{Text: "tap " + strconv.FormatUint(n, 10)})
		if err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Printf("ack %d %d\n", n, a.Event.Seq)
	}
}

// TestAKilledHostAnswersTheRetryFromTheFile: a host is killed (SIGKILL) at
// a random moment while it answers a device's numbered commands; each
// restarted host is first asked again for the number that was in flight
// and the one acknowledged last (the phone's retries), then goes on. In the
// end every number acknowledged is in the log exactly once, no number
// twice, and a retry of an acknowledged number gets its event.
func TestAKilledHostAnswersTheRetryFromTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tk.db")
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	c, err := db.NewCampaign(tracker.Alone, "Shared", 3)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	acked := map[uint64]uint64{} // number → event
	next := uint64(1)
	rounds := kills(20)
	for k := 0; k < rounds; k++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAnswersChild$")
		cmd.Env = append(os.Environ(), "TK_ANSWERS=1", "TK_DB="+path, "TK_ID="+c.ID, "TK_FROM="+strconv.FormatUint(next, 10))
		if _, err := cmd.StdinPipe(); err != nil {
			t.Fatal(err)
		}
		out, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		want := 1 + rng.Intn(12)
		got := 0
		for got < want && sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) == 3 && f[0] == "ack" {
				n, _ := strconv.ParseUint(f[1], 10, 64)
				e, _ := strconv.ParseUint(f[2], 10, 64)
				acked[n], next = e, n+1
				got++
			} else if f[0] == "error" {
				t.Fatalf("the host failed: %s", sc.Text())
			}
		}
		time.Sleep(time.Duration(rng.Intn(3000)) * time.Microsecond)
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		// The restarted host: the phone retries what it last sent.
		db, err := Open(path, reg)
		if err != nil {
			t.Fatalf("after kill %d: %v", k, err)
		}
		s, err := db.OpenSession(c.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []uint64{next - 1, next} {
			if n == 0 {
				continue
			}
			a, err := s.DoAs(tracker.Origin{Device: "phone", Seq: n, Sum: n}, tracker.AddNote{Text: "tap " + strconv.FormatUint(n, 10)})
			if err != nil {
				t.Fatal(err)
			}
			if e, ok := acked[n]; ok && (!a.Repeat || a.Event.Seq != e) {
				t.Fatalf("the retry of acknowledged number %d got %+v, want event %d again", n, a, e)
			}
			acked[n], next = a.Event.Seq, n+1
		}
		db.Close()
	}
	// Every acknowledged number once, none twice.
	db, err = Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	seen := map[uint64]int{}
	err = db.Events(c.ID, 1, func(e tracker.Event) error {
		if e.Origin == nil {
			return errors.New("an event without its origin")
		}
		seen[e.Origin.Seq]++
		if seen[e.Origin.Seq] > 1 {
			return fmt.Errorf("number %d applied twice", e.Origin.Seq)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for n, e := range acked {
		if seen[n] != 1 {
			t.Fatalf("acknowledged number %d (event %d) is in the log %d times", n, e, seen[n])
		}
	}
	d, err := db.Answers(c.ID, "phone")
	if err != nil || len(d.List) > tracker.AnswersKept {
		t.Fatalf("answers kept: %d, %v", len(d.List), err)
	}
	t.Logf("%d kills, %d numbers acknowledged, %d events", rounds, len(acked), len(seen))
}

func TestShareValuesSurviveReopeningAndClearForgetsThem(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tk.db")
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := db.NewCampaign(tracker.Alone, "Shared", 3)
	other, _ := db.NewCampaign(tracker.Alone, "Other", 4)
	if err := db.PutShare(c.ID, "join", []byte(`{"code":"ABCDEF"}`)); err != nil {
		t.Fatal(err)
	}
	_ = db.PutShare(c.ID, "device:x", []byte(`{}`))
	_ = db.PutShare(c.ID, "device:y", []byte(`{}`))
	_ = db.PutShare(c.ID, "device:y", nil)
	s, _ := db.OpenSession(c.ID)
	if _, err := s.DoAs(tracker.Origin{Device: "x", Seq: 1}, tracker.AddNote{Text: "hi"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := db.LoadShare(c.ID)
	if err != nil || len(got) != 2 || string(got["join"]) != `{"code":"ABCDEF"}` {
		t.Fatalf("kept %v, %v", got, err)
	}
	if o, _ := db.LoadShare(other.ID); len(o) != 0 {
		t.Fatal("another campaign sees the values")
	}
	if _, err := db.LoadShare("nope"); !errors.Is(err, tracker.ErrNoCampaign) {
		t.Fatalf("an unknown campaign: %v", err)
	}
	if err := db.ClearShare(c.ID); err != nil {
		t.Fatal(err)
	}
	got, _ = db.LoadShare(c.ID)
	d, _ := db.Answers(c.ID, "x")
	if len(got) != 0 || len(d.List) != 0 {
		t.Fatalf("after clearing: %v, %d answers", got, len(d.List))
	}
	if _, err := db.Verify(); err != nil {
		t.Fatal(err)
	}
}
