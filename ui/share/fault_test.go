package share

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
)

// The fault test: phones on loopback send their taps through a proxy that
// drops, doubles and delays requests and answers and cuts streams, while
// the host, a child process on a real campaign file, is killed (SIGKILL)
// and started again mid-run. In the end every tap the host acknowledged is
// in the log exactly once, none twice, every phone's last state digest is
// the host's, and no phone believes done a tap the host does not have.
//
// TABLEKEEPER_FAULT_PHONES and TABLEKEEPER_FAULT_TAPS change the 8 phones
// and 500 taps each; TABLEKEEPER_FAULT_KILLS the 3 kills.

// TestFaultHostChild is not a test on its own: it is the host the fault
// test kills, run from the test binary with TK_FAULT_DB set.
func TestFaultHostChild(t *testing.T) {
	path := os.Getenv("TK_FAULT_DB")
	if path == "" {
		t.Skip("helper process for the fault test")
	}
	// The test holds this process's standard input open: when the test
	// ends in any way (a timeout's panic runs no deferred kill), it closes,
	// and this host ends with it.
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); os.Exit(0) }()
	fail := func(err error) { fmt.Println("error", err); os.Exit(1) }
	db, err := storage.Open(path, games.Registry())
	if err != nil {
		fail(err)
	}
	db.BackupEvery = 0
	s, err := db.OpenSession(os.Getenv("TK_FAULT_ID"))
	if err != nil {
		fail(err)
	}
	h, err := Start(Options{Session: s, Table: fakeTable{}, Devices: db, Addr: "127.0.0.1:0", AllowResolve: true})
	if err != nil {
		fail(err)
	}
	fmt.Printf("port %d\n", h.Port())
	select {}
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// faultHost runs and kills the child host.
type faultHost struct {
	t    *testing.T
	path string
	id   string
	cmd  *exec.Cmd
	px   *faultProxy
}

func (f *faultHost) start() {
	f.t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestFaultHostChild$")
	cmd.Env = append(os.Environ(), "TK_FAULT_DB="+f.path, "TK_FAULT_ID="+f.id)
	if _, err := cmd.StdinPipe(); err != nil { // kept open while this process lives
		f.t.Fatal(err)
	}
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = nil
	if err := cmd.Start(); err != nil {
		f.t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "port "); ok {
			f.px.target.Store("http://127.0.0.1:" + p)
			f.cmd = cmd
			go func() { _, _ = bufioDiscard(sc) }()
			return
		}
		if strings.HasPrefix(line, "error") {
			f.t.Fatalf("the host did not start: %s", line)
		}
	}
	f.t.Fatal("the host ended before it listened")
}

func bufioDiscard(sc *bufio.Scanner) (int, error) {
	n := 0
	for sc.Scan() {
		n++
	}
	return n, sc.Err()
}

func (f *faultHost) kill() {
	_ = f.cmd.Process.Signal(syscall.SIGKILL)
	_ = f.cmd.Wait()
}

// simPhone is a phone as the page is: taps numbered and kept until the
// host answers, sent one at a time and again after any failure; a stream
// that resumes from its last event.
type simPhone struct {
	*phone
	name     string
	seat     string
	accepted map[uint64]uint64 // tap number → event
	refused  map[uint64]string
	mu       sync.Mutex
	last     push // the last push seen
	resumes  atomic.Int64
	retries  int
}

// sendUntilAnswered sends a tap until the host answers it, for at most
// a minute: a host that never answers one fails the test, in words.
func (p *simPhone) sendUntilAnswered(ctx context.Context, seq uint64, a Action) error {
	giveUp := time.Now().Add(time.Minute)
	last := ""
	for wait := 20 * time.Millisecond; ; wait = min(wait*2, 500*time.Millisecond) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if time.Now().After(giveUp) {
			return fmt.Errorf("tap %d was never answered in a minute; the last try got: %s", seq, last)
		}
		ans, st, pr, err := p.send(seq, a)
		last = fmt.Sprintf("%d %v %s", st, err, pr.Words)
		if err == nil && st == 200 {
			switch ans.Status {
			case "accepted":
				p.accepted[seq] = ans.Event
				return nil
			case "refused":
				p.refused[seq] = ans.Words
				return nil
			}
			return fmt.Errorf("tap %d: answered %q: %s", seq, ans.Status, ans.Words)
		}
		if err == nil && st != 503 && st != 410 && st != 429 && st != 502 {
			return fmt.Errorf("tap %d: %d %s", seq, st, pr.Words)
		}
		p.retries++
		time.Sleep(wait)
	}
}

// follow reads the phone's stream, resuming after every cut, until ctx
// ends.
func (p *simPhone) follow(ctx context.Context) {
	last := ""
	for ctx.Err() == nil {
		ch, st, err := p.stream(ctx, last)
		if err != nil || st != 200 {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		for e := range ch {
			if e.event != "table" {
				continue
			}
			var pu push
			if json.Unmarshal(e.data, &pu) != nil {
				continue
			}
			p.mu.Lock()
			p.last = pu
			p.mu.Unlock()
			last = e.id
		}
		p.resumes.Add(1)
	}
}

func (p *simPhone) lastPush() push {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.last
}

func TestFaultsNeverLoseOrDoubleATap(t *testing.T) {
	if testing.Short() {
		t.Skip("kills and restarts a host")
	}
	phones, taps, kills := envInt("TABLEKEEPER_FAULT_PHONES", 8), envInt("TABLEKEEPER_FAULT_TAPS", 500), envInt("TABLEKEEPER_FAULT_KILLS", 3)
	dir := t.TempDir()
	path := filepath.Join(dir, "tk.db")
	db, err := storage.Open(path, games.Registry())
	if err != nil {
		t.Fatal(err)
	}
	c, _ := db.NewCampaign(tracker.Alone, "Fault night", 11)
	db.Close()

	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	px := newFaultProxy(t, "http://127.0.0.1:1", seed)
	px.dropRequest, px.dropAnswer, px.double, px.delay = 0.05, 0.05, 0.05, 0.1
	px.maxDelay = 30 * time.Millisecond
	px.streamCut.Store(int64(3 * time.Second))
	host := &faultHost{t: t, path: path, id: c.ID, px: px}
	host.start()
	defer func() { host.kill() }()

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	sims := make([]*simPhone, phones)
	for i := range sims {
		seat := fakeSeats[i%len(fakeSeats)].ID
		sp := &simPhone{phone: newPhone(px.url()), name: fmt.Sprintf("Phone %d", i+1), seat: seat, accepted: map[uint64]uint64{}, refused: map[uint64]string{}}
		for {
			err := sp.join(hostCode(t, path, c.ID), "", sp.name, seat)
			if err == nil {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		sims[i] = sp
	}
	streamCtx, stopStreams := context.WithCancel(ctx)
	defer stopStreams()
	for _, sp := range sims {
		go sp.follow(streamCtx)
	}

	// The kills, at random moments while the taps go on.
	rng := rand.New(rand.NewSource(seed))
	done := make(chan struct{})
	killed := make(chan int, 1)
	go func() {
		n := 0
		defer func() { killed <- n }()
		for n < kills {
			select {
			case <-done:
				return
			case <-time.After(time.Duration(800+rng.Intn(2500)) * time.Millisecond):
			}
			host.kill()
			host.start()
			n++
		}
	}()

	var wg sync.WaitGroup
	errs := make(chan error, phones)
	start := time.Now()
	for i, sp := range sims {
		wg.Add(1)
		go func(i int, sp *simPhone) {
			defer wg.Done()
			for k := 1; k <= taps; k++ {
				a := Action{Name: ActionNote, Arg: fmt.Sprintf("%s tap %d", sp.name, k)}
				switch k % 25 {
				case 5:
					a = Action{Name: "plus", Figure: sp.seat}
				case 10:
					a = Action{Name: "clock"}
				case 15:
					a = Action{Name: "reset"}
				case 20:
					a = Action{Name: "plus", Figure: "ben"} // another's figure, for Ana's phones
				}
				sp.seq++
				if err := sp.sendUntilAnswered(ctx, sp.seq, a); err != nil {
					errs <- fmt.Errorf("%s: %w", sp.name, err)
					return
				}
			}
		}(i, sp)
	}
	wg.Wait()
	close(done)
	nKills := <-killed
	elapsed := time.Since(start)
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}

	// The phones catch up with the host's last event.
	px.streamCut.Store(0)
	final := waitSettled(t, path, c.ID, host, sims)
	stopStreams()
	host.kill()

	db, err = storage.Open(path, games.Registry())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := db.OpenSession(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		device string
		seq    uint64
	}
	inLog := map[key]uint64{}
	err = s.Events(1, func(e tracker.Event) error {
		if e.Origin == nil {
			return fmt.Errorf("event %d has no origin", e.Seq)
		}
		k := key{e.Origin.Device, e.Origin.Seq}
		if prev, ok := inLog[k]; ok {
			return fmt.Errorf("tap %d of device %s is in the log twice: events %d and %d", k.seq, k.device, prev, e.Seq)
		}
		inLog[k] = e.Seq
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	believedNotHad, acked, refused := 0, 0, 0
	for _, sp := range sims {
		for seq, ev := range sp.accepted {
			acked++
			if got, ok := inLog[key{sp.device, seq}]; !ok || got != ev {
				believedNotHad++
				t.Errorf("%s's tap %d was acknowledged as event %d; the log has %d (%v)", sp.name, seq, ev, got, ok)
			}
		}
		for seq := range sp.refused {
			refused++
			if _, ok := inLog[key{sp.device, seq}]; ok {
				t.Errorf("%s's tap %d was refused, yet it is in the log", sp.name, seq)
			}
		}
		if p := sp.lastPush(); p.Digest != s.Digest() || p.Seq != s.LastSeq() {
			t.Errorf("%s's last state: event %d digest %s; the host's: event %d digest %s", sp.name, p.Seq, p.Digest, s.LastSeq(), s.Digest())
		}
	}
	if acked+refused != phones*taps {
		t.Errorf("%d taps answered of %d", acked+refused, phones*taps)
	}
	if len(inLog) != acked {
		// A tap the host applied must have been acknowledged: each phone
		// resent until it was answered.
		t.Errorf("the log holds %d taps, the phones were told of %d", len(inLog), acked)
	}
	retries, resumes := 0, int64(0)
	for _, sp := range sims {
		retries += sp.retries
		resumes += sp.resumes.Load()
	}
	t.Logf("%d phones × %d taps in %v: %d accepted, %d refused, %d kills of the host, %d resends, %d stream resumes; the proxy dropped %d requests and %d answers, doubled %d, delayed %d, cut %d streams; believed done but not in the log: %d; final event %d",
		phones, taps, elapsed.Round(time.Millisecond), acked, refused, nKills, retries, resumes,
		px.counts.dropped.Load(), px.counts.lost.Load(), px.counts.doubled.Load(), px.counts.delayed.Load(), px.counts.cut.Load(), believedNotHad, final)
	if nKills == 0 && kills > 0 {
		t.Error("the host was never killed: the run was too short")
	}
}

// hostCode reads the join code the host keeps in the campaign's file.
func hostCode(t *testing.T, path, id string) string {
	t.Helper()
	for range 100 {
		// The running host holds the file: read its code through a copy.
		b, err := os.ReadFile(path)
		if err == nil {
			cp := filepath.Join(t.TempDir(), "copy.db")
			if os.WriteFile(cp, b, 0o600) == nil {
				if db, err := storage.Open(cp, games.Registry()); err == nil {
					kept, _ := db.LoadShare(id)
					db.Close()
					var j joinRecord
					if json.Unmarshal(kept[shareJoin], &j) == nil && j.Code != "" {
						return j.Code
					}
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("no join code")
	return ""
}

// waitSettled waits until every phone's stream has the host's last event,
// and returns it.
func waitSettled(t *testing.T, path, id string, host *faultHost, sims []*simPhone) uint64 {
	t.Helper()
	// Every event is a phone's tap (the log check below makes sure), so
	// the host's last event is the newest one a phone was told it made:
	// each phone's stream must reach it. Waiting only for the phones to
	// agree, as this once did, took a push still delayed by the proxy for
	// a stream that had lost it.
	var top uint64
	for _, sp := range sims {
		for _, ev := range sp.accepted {
			top = max(top, ev)
		}
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		done := true
		for _, sp := range sims {
			p := sp.lastPush()
			done = done && p.Seq >= top && p.Digest != ""
		}
		if done && top > 0 {
			return top
		}
		time.Sleep(100 * time.Millisecond)
	}
	var seqs []string
	for _, sp := range sims {
		seqs = append(seqs, strconv.FormatUint(sp.lastPush().Seq, 10))
	}
	t.Fatalf("the phones never reached the host's last event %d: %s", top, strings.Join(seqs, ", "))
	return 0
}
