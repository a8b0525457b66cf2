package share

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tablekeeper/tracker"
	"tablekeeper/tracker/trackertest"
)

// startHost shares a new practice campaign on loopback.
func startHost(t testing.TB, o Options) (*Host, *tracker.Session) {
	t.Helper()
	if o.Session == nil {
		o.Session, _ = newSession(t)
	}
	if o.Table == nil {
		o.Table = fakeTable{}
	}
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	if o.Exec == nil {
		var mu sync.Mutex
		o.Exec = func(fn func()) { mu.Lock(); defer mu.Unlock(); fn() }
	}
	h, err := Start(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = h.Stop(); h.Wait() })
	return h, o.Session
}

func base(h *Host) string { return "http://127.0.0.1:" + strconv.Itoa(h.Port()) }

func joined(t testing.TB, h *Host, name, seat string) *phone {
	t.Helper()
	p := newPhone(base(h))
	if err := p.join(h.JoinCode(), "", name, seat); err != nil {
		t.Fatal(err)
	}
	return p
}

func wantWords(t testing.TB, what, words string) {
	t.Helper()
	if words == "" {
		t.Errorf("%s: no words", what)
		return
	}
	if bad := trackertest.NotPlayersWords(words); len(bad) > 0 {
		t.Errorf("%s: %q is not in players' words: %v", what, words, bad)
	}
}

func TestAPhoneJoinsTapsAndSeesItLive(t *testing.T) {
	h, s := startHost(t, Options{})
	if c := h.JoinCode(); len(c) != CodeLen || normalCode(strings.ToLower(c)) != c {
		t.Fatalf("join code %q", c)
	}
	if u := h.JoinURL(); !strings.Contains(u, "#join=") {
		t.Fatalf("join URL %q", u)
	}
	ana := joined(t, h, "Marta", "ana")
	watcher := joined(t, h, "Sofa", "")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, st, err := watcher.stream(ctx, "")
	if err != nil || st != 200 {
		t.Fatal(st, err)
	}
	first := next(t, ch)
	if !first.Fresh || first.Seq != 0 || first.You.Name != "Sofa" || first.You.Role != RolePlay || first.You.Seat != "" || len(first.Seats) != 2 {
		t.Fatalf("first push %+v", first)
	}
	a := ana.tap(t, Action{Name: "plus", Figure: "ana", Arg: "first"})
	if a.Status != "accepted" || a.Event != 1 || !strings.Contains(a.Line, "+1 for ana") {
		t.Fatalf("answer %+v", a)
	}
	p := until(t, ch, 1)
	if len(p.Lines) != 1 || p.Lines[0].By != "Marta" || !strings.Contains(p.Lines[0].Text, "+1 for ana") || p.Digest != s.Digest() {
		t.Fatalf("push %+v (host digest %s)", p, s.Digest())
	}
	if got := figureOf(p.View, "ana").Stats[0].Value; got != 1 {
		t.Fatalf("the watcher sees %d notes", got)
	}
	// The same number again: the same answer, nothing applied.
	again, st, _, err := ana.send(ana.seq, Action{Name: "plus", Figure: "ana", Arg: "first"})
	if err != nil || st != 200 || again.Status != "accepted" || !again.Repeat || again.Event != 1 || s.LastSeq() != 1 {
		t.Fatalf("retry: %+v %d %v, %d events", again, st, err, s.LastSeq())
	}
	// Devices as the window lists them.
	ds := h.Devices()
	if len(ds) != 2 || ds[0].Name != "Marta" || ds[0].SeatName != "Ana" || ds[1].Connected != true || ds[0].LastSeen.IsZero() {
		t.Fatalf("devices %+v", ds)
	}
}

func TestRefusalsAreTheRulesWordsAndKept(t *testing.T) {
	h, s := startHost(t, Options{})
	ana := joined(t, h, "Marta", "ana")
	if a := ana.tap(t, Action{Name: "clock"}); a.Status != "accepted" {
		t.Fatalf("%+v", a)
	}
	r := ana.tap(t, Action{Name: "clock"})
	if r.Status != "refused" || !strings.Contains(r.Words, "already running") {
		t.Fatalf("%+v", r)
	}
	wantWords(t, "refusal", r.Words)
	n := s.LastSeq()
	// Another's figure, a made-up action, the enemy's step.
	for _, c := range []struct {
		a    Action
		want string
	}{
		{Action{Name: "plus", Figure: "ben"}, "only its own figure"},
		{Action{Name: "plus", Figure: "../../etc/passwd"}, "only its own figure"},
		{Action{Name: "phantom.attack", Figure: "Raider 1"}, "not something a phone can do"},
		{Action{Name: "reset"}, "The host plays the enemy's steps"},
		{Action{Name: ""}, "names no action"},
	} {
		got := ana.tap(t, c.a)
		if got.Status != "refused" || !strings.Contains(got.Words, c.want) {
			t.Errorf("%+v: %+v", c.a, got)
		}
		wantWords(t, c.a.Name, got.Words)
	}
	if s.LastSeq() != n {
		t.Fatal("a refused tap was recorded")
	}
	// The refusal of the enemy's step is kept: allowed now, its retry is
	// still refused; a new tap is taken.
	h.SetAllowResolve(true)
	again, _, _, _ := ana.send(ana.seq-1, Action{Name: "reset"})
	if again.Status != "refused" || !again.Repeat {
		t.Fatalf("the retry of a refused tap: %+v", again)
	}
	if a := ana.tap(t, Action{Name: "reset"}); a.Status != "accepted" {
		t.Fatalf("%+v", a)
	}
}

func TestWatchOnlyIsEnforcedByTheHost(t *testing.T) {
	h, s := startHost(t, Options{})
	ana := joined(t, h, "Marta", "ana")
	if err := h.SetRole(ana.device, RoleWatch); err != nil {
		t.Fatal(err)
	}
	for _, a := range []Action{{Name: "plus", Figure: "ana"}, {Name: "note", Arg: "hello"}, {Name: "undo"}} {
		r := ana.tap(t, a)
		if r.Status != "refused" || !strings.Contains(r.Words, "watch only") {
			t.Fatalf("%+v: %+v", a, r)
		}
	}
	if s.LastSeq() != 0 {
		t.Fatal("a watcher's tap was recorded")
	}
	_ = h.SetRole(ana.device, RolePlay)
	if r := ana.tap(t, Action{Name: "plus", Figure: "ana"}); r.Status != "accepted" {
		t.Fatalf("%+v", r)
	}
	// A device that chose to watch may write notes, not play a figure.
	w := joined(t, h, "Sofa", "")
	if r := w.tap(t, Action{Name: "plus", Figure: "ana"}); r.Status != "refused" || !strings.Contains(r.Words, "pick a seat") {
		t.Fatalf("%+v", r)
	}
	if r := w.tap(t, Action{Name: "note", Arg: "nice move"}); r.Status != "accepted" || r.Line != "Note: Sofa: nice move" {
		t.Fatalf("%+v", r)
	}
}

func TestUndoFromAPhoneIsItsOwnNewest(t *testing.T) {
	h, s := startHost(t, Options{})
	ana := joined(t, h, "Marta", "ana")
	ben := joined(t, h, "Jon", "ben")
	ana.tap(t, Action{Name: "plus", Figure: "ana"})
	ben.tap(t, Action{Name: "plus", Figure: "ben"})
	if r := ana.tap(t, Action{Name: "undo"}); r.Status != "refused" || !strings.Contains(r.Words, "not one of yours") {
		t.Fatalf("%+v", r)
	}
	if r := ben.tap(t, Action{Name: "undo"}); r.Status != "accepted" || !strings.HasPrefix(r.Line, "Undid: Note: +1 for ben") {
		t.Fatalf("%+v", r)
	}
	if notesBy(s, "ben") != 0 || notesBy(s, "ana") != 1 {
		t.Fatal("the wrong action was undone")
	}
}

func TestStopEndsEverythingAndACrashDoesNot(t *testing.T) {
	devs := MemoryDevices()
	s, _ := newSession(t)
	h, _ := startHost(t, Options{Session: s, Devices: devs})
	ana := joined(t, h, "Marta", "ana")
	code := h.JoinCode()
	// A crash: the process is gone, nothing was stopped. A new host on
	// the same file lets the same phone in, with the same code.
	crash(h)
	h2, _ := startHost(t, Options{Session: s, Devices: devs})
	ana.base = base(h2)
	if h2.JoinCode() != code {
		t.Fatal("the join code changed across a crash")
	}
	if r := ana.tap(t, Action{Name: "plus", Figure: "ana"}); r.Status != "accepted" {
		t.Fatalf("after a crash: %+v", r)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, _, _ := ana.stream(ctx, "")
	next(t, ch)
	if err := h2.Stop(); err != nil {
		t.Fatal(err)
	}
	// The table as it stands may come first (the tap's frame, made after
	// the stream opened with the one before it); then the stop.
	told := time.After(5 * time.Second)
waitStop:
	for {
		select {
		case e := <-ch:
			if e.event == "table" {
				continue
			}
			if e.event != "stopped" || !strings.Contains(string(e.data), "stopped sharing") {
				t.Fatalf("the stream's last event: %q %s", e.event, e.data)
			}
			break waitStop
		case <-told:
			t.Fatal("the stream was not told the host stopped")
		}
	}
	if h2.JoinCode() != "" || h2.JoinURL() != "" {
		t.Fatal("a stopped host still shows a code")
	}
	if _, _, _, err := ana.send(ana.seq+1, Action{Name: "plus", Figure: "ana"}); err == nil {
		t.Fatal("a stopped host answered")
	}
	// Sharing again: the old key and code are worthless.
	h3, _ := startHost(t, Options{Session: s, Devices: devs})
	ana.base = base(h3)
	if _, st, pr, _ := ana.send(ana.seq+1, Action{Name: "plus", Figure: "ana"}); st != 401 || pr.Reason != reasonKey {
		t.Fatalf("an old key after a stop: %d %+v", st, pr)
	}
	if h3.JoinCode() == code {
		t.Fatal("the same code after a stop")
	}
	if err := newPhone(base(h3)).join(code, "", "Marta", "ana"); err == nil {
		t.Fatal("the old code still joins")
	}
}

// crash ends a host as a killed process would: connections gone, nothing
// forgotten.
func crash(h *Host) {
	h.stopped.Store(true)
	h.stopWatch()
	_ = h.srv.Close()
	<-h.serveDone
	h.stopOnce.Do(func() { close(h.done) })
}

func TestRemovedDeviceIsSentAway(t *testing.T) {
	s, mem := newSession(t)
	h, _ := startHost(t, Options{Session: s})
	ana := joined(t, h, "Marta", "ana")
	ana.tap(t, Action{Name: "note", Arg: "hello"})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, _, _ := ana.stream(ctx, "")
	next(t, ch)
	changed := make(chan struct{}, 8)
	h.OnChange(func() { changed <- struct{}{} })
	if err := h.Remove(ana.device); err != nil {
		t.Fatal(err)
	}
	select {
	case e := <-ch:
		if e.event != "removed" {
			t.Fatalf("%q", e.event)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("not told")
	}
	select {
	case <-changed:
	case <-time.After(5 * time.Second):
		t.Fatal("OnChange was not called")
	}
	if _, st, _, _ := ana.send(9, Action{Name: "plus", Figure: "ana"}); st != 401 {
		t.Fatalf("a removed device's tap: %d", st)
	}
	if len(h.Devices()) != 0 {
		t.Fatal("still listed")
	}
	if d, _ := mem.Answers(s.Campaign().ID, ana.device); len(d.List) != 0 {
		t.Fatal("its answers are still kept")
	}
}

func TestAPhoneBackFromAwayCatchesUp(t *testing.T) {
	h, _ := startHost(t, Options{})
	ana := joined(t, h, "Marta", "ana")
	for range 5 {
		ana.tap(t, Action{Name: "note", Arg: "n"})
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Back after event 3: the two lines missed, not fresh.
	ch, _, _ := ana.stream(ctx, "3")
	p := next(t, ch)
	if p.Fresh || len(p.Lines) != 2 || p.Lines[0].Seq != 4 || p.Seq != 5 {
		t.Fatalf("resumed: fresh %v, %d lines, seq %d", p.Fresh, len(p.Lines), p.Seq)
	}
	// Away longer than the ring holds: the newest lines, afresh.
	for range linesKept + 5 {
		ana.tap(t, Action{Name: "note", Arg: "n"})
	}
	ch2, _, _ := ana.stream(ctx, "2")
	p = next(t, ch2)
	if !p.Fresh || len(p.Lines) != freshLines || p.Lines[len(p.Lines)-1].Seq != p.Seq {
		t.Fatalf("long away: fresh %v, %d lines", p.Fresh, len(p.Lines))
	}
	// A number from a host that was ahead (a restored file): afresh.
	ch3, _, _ := ana.stream(ctx, "999999")
	if p = next(t, ch3); !p.Fresh {
		t.Fatal("a phone ahead of the host was not given the view afresh")
	}
}

func TestBoardPicture(t *testing.T) {
	h, _ := startHost(t, Options{Table: fakeTable{board: true}})
	p := joined(t, h, "TV", "")
	st, _, err := p.call("GET", "/api/board?w=300&h=200&dark=1", nil, nil)
	if err != nil || st != 200 {
		t.Fatalf("%d %v", st, err)
	}
	h2, _ := startHost(t, Options{Table: Basic(tracker.Alone)})
	p2 := joined(t, h2, "TV", "")
	if st, _, _ := p2.call("GET", "/api/board", nil, nil); st != 204 {
		t.Fatalf("a game without a board: %d", st)
	}
}

func TestBasicTableKeepsNotesAndUndo(t *testing.T) {
	h, s := startHost(t, Options{Table: Basic(tracker.Alone)})
	p := joined(t, h, "Marta", "")
	if r := p.tap(t, Action{Name: "note", Arg: "the door is locked"}); r.Status != "accepted" {
		t.Fatalf("%+v", r)
	}
	if r := p.tap(t, Action{Name: "undo"}); r.Status != "accepted" {
		t.Fatalf("%+v", r)
	}
	if r := p.tap(t, Action{Name: "move", Figure: "hero"}); r.Status != "refused" {
		t.Fatalf("%+v", r)
	}
	if len(allNotes(s)) != 0 {
		t.Fatal("the note was not undone")
	}
	if v := Basic(tracker.Alone).View(s, ""); v.Heading != "Alone" {
		t.Fatalf("heading %q", v.Heading)
	}
}

func figureOf(v View, seat string) Figure {
	for _, f := range v.Figures {
		if f.Seat == seat {
			return f
		}
	}
	return Figure{}
}

// TestTheAppsGoroutineNeverWaitsForItself: with Exec running functions on
// one goroutine of its own (as fyne.DoAndWait runs them on Fyne's), the
// window may start the host, list its devices and stop it on that very
// goroutine, even while a phone's tap waits for it.
func TestTheAppsGoroutineNeverWaitsForItself(t *testing.T) {
	ui := make(chan func())
	quit := make(chan struct{})
	go func() {
		for {
			select {
			case fn := <-ui:
				fn()
			case <-quit:
				return
			}
		}
	}()
	defer close(quit)
	onUI := func(fn func()) {
		done := make(chan struct{})
		ui <- func() { fn(); close(done) }
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("the app's goroutine is stuck")
		}
	}
	s, _ := newSession(t)
	var h *Host
	var err error
	onUI(func() {
		h, err = Start(Options{Session: s, Table: fakeTable{}, Exec: onUIWait(ui), Addr: "127.0.0.1:0"})
	})
	if err != nil {
		t.Fatal(err)
	}
	p := joined(t, h, "Marta", "ana")
	if r := p.tap(t, Action{Name: "plus", Figure: "ana"}); r.Status != "accepted" {
		t.Fatalf("%+v", r)
	}
	answered := make(chan int, 1)
	onUI(func() {
		if len(h.Devices()) != 1 {
			t.Error("Devices on the app's goroutine")
		}
		// A tap arrives and waits for this goroutine; the window stops
		// sharing meanwhile.
		go func() {
			_, st, _, _ := p.send(p.seq+1, Action{Name: "plus", Figure: "ana"})
			answered <- st
		}()
		time.Sleep(200 * time.Millisecond)
		if err := h.Stop(); err != nil {
			t.Error(err)
		}
	})
	select {
	case st := <-answered:
		if st == 200 {
			t.Fatal("a tap was taken after the host stopped")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the waiting tap was never answered")
	}
	if notesBy(s, "ana") != 1 {
		t.Fatalf("%d notes", notesBy(s, "ana"))
	}
	h.Wait()
}

// onUIWait is an Exec that runs fn on the goroutine reading ui and waits.
func onUIWait(ui chan func()) func(func()) {
	return func(fn func()) {
		done := make(chan struct{})
		ui <- func() { fn(); close(done) }
		<-done
	}
}

// TestANumberUsedAgainOrLongAgoChangesNothing: a tap's number sent again
// with another action (two tabs of one device) is sent back to be
// renumbered; one older than the answers kept is answered "not known";
// neither is applied.
func TestANumberUsedAgainOrLongAgoChangesNothing(t *testing.T) {
	h, s := startHost(t, Options{})
	p := joined(t, h, "Marta", "ana")
	p.tap(t, Action{Name: "note", Arg: "first"})
	n := s.LastSeq()
	a, st, _, err := p.send(p.seq, Action{Name: "note", Arg: "another"})
	if err != nil || st != 200 || a.Status != "renumber" || s.LastSeq() != n {
		t.Fatalf("a number used again: %d %v %+v", st, err, a)
	}
	wantWords(t, "renumber", a.Words)
	for range tracker.AnswersKept + 3 {
		p.tap(t, Action{Name: "note", Arg: "more"})
	}
	n = s.LastSeq()
	a, st, _, err = p.send(1, Action{Name: "note", Arg: "first"})
	if err != nil || st != 200 || a.Status != "unknown" || s.LastSeq() != n {
		t.Fatalf("a number long ago: %d %v %+v", st, err, a)
	}
	wantWords(t, "unknown", a.Words)
}
