package ui

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	"tablekeeper/ui/share"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// The sharing panel and the app's side of a shared table, with a phone
// played by an HTTP client against the host the app started: the test's
// goroutine stands for Fyne's (a queue it runs, as the app's loop runs
// fyne.Do and fyne.DoAndWait), so every call of the session is on it.

// appLoop is Fyne's goroutine as the tests keep it.
type appLoop struct {
	mu sync.Mutex
	q  []func()
}

func (l *appLoop) post(fn func()) {
	l.mu.Lock()
	l.q = append(l.q, fn)
	l.mu.Unlock()
}

func (l *appLoop) exec(fn func()) {
	done := make(chan struct{})
	l.post(func() { defer close(done); fn() })
	<-done
}

// run runs what is queued, on the caller's goroutine.
func (l *appLoop) run() {
	for {
		l.mu.Lock()
		q := l.q
		l.q = nil
		l.mu.Unlock()
		if len(q) == 0 {
			return
		}
		for _, fn := range q {
			fn()
		}
	}
}

// await runs the loop until fn, run on another goroutine (a phone's
// request), returns.
func await[T any](t *testing.T, l *appLoop, fn func() T) T {
	t.Helper()
	ch := make(chan T, 1)
	go func() { ch <- fn() }()
	deadline := time.After(20 * time.Second)
	for {
		l.run()
		select {
		case v := <-ch:
			l.run()
			return v
		case <-deadline:
			t.Fatal("a phone's request got no answer within 20 s")
		case <-time.After(2 * time.Millisecond):
		}
	}
}

// eventually runs the loop until cond holds.
func eventually(t *testing.T, l *appLoop, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		l.run()
		if cond() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// lifeTable is the test game's face on the page: Ana's seat, her life
// with − and +.
type lifeTable struct{}

func (lifeTable) Seats(*tracker.Session) []share.Seat {
	return []share.Seat{{ID: "ana", Name: "Ana", Kind: "Hero"}}
}

func (lifeTable) View(s *tracker.Session, seat string) share.View {
	life := s.State().(*lifeState).Life
	return share.View{Heading: s.Where(), Figures: []share.Figure{{Seat: "ana", Name: "Ana",
		Stats: []share.Stat{{Label: "Life", Value: life, Max: 10}}}}}
}

func (lifeTable) Command(s *tracker.Session, seat string, a share.Action) (share.Intent, error) {
	if a.Name != "life" || seat != "ana" {
		return share.Intent{}, errors.New("not offered")
	}
	return share.Intent{Command: setLife{To: s.State().(*lifeState).Life + a.N}}, nil
}

func (lifeTable) Board(*tracker.Session, image.Point, bool) (image.Image, error) { return nil, nil }

// sharedUI opens the test game's campaign in an app whose loop the test
// runs, sharing on loopback.
func sharedUI(t *testing.T) (*App, *campaignScreen, *appLoop) {
	t.Helper()
	u, cs, _ := openTest(t)
	l := &appLoop{}
	u.exec, u.post = l.exec, l.post
	u.tables = map[tracker.GameID]share.Table{testGame: lifeTable{}}
	u.shareAddr = "127.0.0.1:0"
	t.Cleanup(func() {
		// Whatever the test left shared ends with it.
		if u.camp != nil && u.camp.share.host != nil {
			h := u.camp.share.host
			_ = u.camp.share.stop()
			waitHost(t, l, h)
		}
	})
	return u, cs, l
}

// waitHost runs the loop until every goroutine of a stopped host ended.
func waitHost(t *testing.T, l *appLoop, h *share.Host) {
	t.Helper()
	await(t, l, func() struct{} { h.Wait(); return struct{}{} })
}

// testPhone is a phone's page, in Go.
type testPhone struct {
	base, key, campaign string
	seq                 uint64
	hc                  *http.Client
}

// joinFromQR joins with the address the tablet's QR code holds.
func joinFromQR(t *testing.T, l *appLoop, qr string, name, seat string) (*testPhone, int, string) {
	t.Helper()
	u, err := url.Parse(qr)
	if err != nil {
		t.Fatal(err)
	}
	token := strings.TrimPrefix(u.Fragment, "join=")
	p := &testPhone{base: u.Scheme + "://" + u.Host, hc: &http.Client{Timeout: 15 * time.Second}}
	var ans struct {
		Key, Campaign string
		Words         string
	}
	st := await(t, l, func() int {
		return p.call("POST", "/api/join", map[string]any{"protocol": share.Protocol, "token": token, "name": name, "seat": seat}, &ans)
	})
	p.key, p.campaign = ans.Key, ans.Campaign
	return p, st, ans.Words
}

// call sends a request as the page does and decodes its answer (a
// refusal's words too) into out; it returns the status, 0 when the host
// did not answer at all.
func (p *testPhone) call(method, path string, body, out any) int {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.base+path, rd)
	req.Header.Set(share.ProtocolHeader, strconv.Itoa(share.Protocol))
	req.Header.Set("Content-Type", "application/json")
	if p.key != "" {
		req.Header.Set("Authorization", "Device "+p.key)
	}
	res, err := p.hc.Do(req)
	if err != nil {
		return 0
	}
	defer res.Body.Close()
	if out != nil {
		_ = json.NewDecoder(res.Body).Decode(out)
	}
	return res.StatusCode
}

type tapAnswer struct {
	Status, Line, Words string
}

// tap sends one action under the phone's next number.
func (p *testPhone) tap(t *testing.T, l *appLoop, a share.Action) (tapAnswer, int) {
	t.Helper()
	p.seq++
	var ans tapAnswer
	st := await(t, l, func() int {
		return p.call("POST", "/api/command", map[string]any{"seq": p.seq, "campaign": p.campaign, "action": a}, &ans)
	})
	return ans, st
}

// stream follows the phone's stream: each event's name on the channel.
func (p *testPhone) stream(t *testing.T) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", p.base+"/api/stream", nil)
	req.Header.Set(share.ProtocolHeader, strconv.Itoa(share.Protocol))
	req.Header.Set("Authorization", "Device "+p.key)
	ch := make(chan string, 256)
	go func() {
		defer close(ch)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return
		}
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			if ev, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				ch <- ev
			}
		}
	}()
	return ch
}

// awaitEvent runs the loop until the stream sends want (or ends).
func awaitEvent(t *testing.T, l *appLoop, ch <-chan string, want string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		l.run()
		select {
		case ev, ok := <-ch:
			if !ok {
				t.Fatalf("the stream ended before %q", want)
			}
			if ev == want {
				return
			}
		case <-deadline:
			t.Fatalf("no %q on the stream within 10 s", want)
		case <-time.After(2 * time.Millisecond):
		}
	}
}

// theQR is the QR code on the sharing panel.
func theQR(t *testing.T, u *App) *widgets.QRCode {
	t.Helper()
	qrs := find[*widgets.QRCode](u)
	if len(qrs) != 1 {
		t.Fatalf("%d QR codes on screen:\n%s", len(qrs), screenText(u))
	}
	return qrs[0]
}

func TestSharingFromTheButtonAPhoneJoinsAndPlays(t *testing.T) {
	u, cs, l := sharedUI(t)
	ch := cs.chrome
	if ch.Share.Text != "Share" {
		t.Fatalf("the header's button reads %q before sharing", ch.Share.Text)
	}
	stepper := find[*widgets.Stepper](u)
	test.Tap(ch.Share)
	test.Tap(findButton(t, u, "Share this table"))
	sh := cs.share
	if sh.host == nil {
		t.Fatalf("not sharing:\n%s", screenText(u))
	}
	if ch.Share.Text != "Sharing" {
		t.Fatalf("the mark reads %q", ch.Share.Text)
	}
	// The panel shows the QR code of the join address, the address and
	// the code, in the players' words.
	qr := theQR(t, u)
	if qr.Text() != sh.host.JoinURL() || !strings.Contains(qr.Text(), "#join=") {
		t.Fatalf("the QR code holds %q, the join address is %q", qr.Text(), sh.host.JoinURL())
	}
	text := screenText(u)
	if !strings.Contains(text, spacedCode(sh.host.JoinCode())) || !strings.Contains(text, sh.host.Addresses()[0]) ||
		!strings.Contains(text, "No device has joined yet") || !strings.Contains(text, lockWords) {
		t.Fatalf("the panel reads:\n%s", text)
	}
	if bad := uitest.PlayersWords(text); len(bad) > 0 {
		t.Fatalf("not in the players' words: %v\n%s", bad, text)
	}

	// A phone joins by the QR code's address as Ana.
	p, st, words := joinFromQR(t, l, qr.Text(), "Marta", "ana")
	if st != 200 {
		t.Fatalf("join: %d %s", st, words)
	}
	events := p.stream(t)
	awaitEvent(t, l, events, "table")
	eventually(t, l, "the panel lists the phone, connected", func() bool {
		s := screenText(u)
		return strings.Contains(s, "Marta") && strings.Contains(s, "Sits as Ana.") && strings.Contains(s, "Connected, seen") &&
			strings.Contains(s, "1 device joined") && ch.Share.Text == "Sharing"
	})

	// It plays: Ana's life on the tablet's stepper, the message line,
	// the Log's line from the phone, undo and redo as after a tap here.
	ans, code := p.tap(t, l, share.Action{Name: "life", N: -3})
	if code != 200 || ans.Status != "accepted" || ans.Line != "Ana's life 10 → 7" {
		t.Fatalf("tap: %d %+v", code, ans)
	}
	eventually(t, l, "the tablet shows the phone's change", func() bool {
		return life(cs) == 7 && cs.messageText() == "Marta: Ana's life 10 → 7"
	})
	if len(stepper) == 0 || stepper[0].Value != 7 {
		t.Fatalf("the Play tab's stepper did not follow: %+v", stepper)
	}
	cs.hideSharePanel()
	cs.selectTab("log")
	rows := cs.log.Rows()
	if !strings.Contains(rows[0], "· from Marta\nAna's life 10 → 7") {
		t.Fatalf("the Log's newest row: %q", rows[0])
	}
	if cs.chrome.Undo.Disabled() || !cs.chrome.Redo.Disabled() {
		t.Fatal("undo and redo are not as after a tap on the tablet")
	}
	// The phone takes its own action back: the tablet's Redo is ready.
	if ans, _ := p.tap(t, l, share.Action{Name: share.ActionUndo}); ans.Status != "accepted" {
		t.Fatalf("undo from the phone: %+v", ans)
	}
	eventually(t, l, "the phone's undo on the tablet", func() bool { return life(cs) == 10 && !cs.chrome.Redo.Disabled() })

	// A note from the phone is written with its name.
	if ans, _ := p.tap(t, l, share.Action{Name: share.ActionNote, Arg: "on the sofa"}); ans.Status != "accepted" {
		t.Fatalf("note: %+v", ans)
	}
	eventually(t, l, "the note in the Log", func() bool {
		r := cs.log.Rows()
		return len(r) > 0 && strings.Contains(r[0], "from Marta") && strings.Contains(r[0], "Marta: on the sofa")
	})

	// The mark stays on every tab.
	for _, tab := range []string{"play", "campaign", "enemy", "log"} {
		cs.selectTab(tab)
		if !ch.Share.Visible() || ch.Share.Text != "Sharing" {
			t.Fatalf("on %s the mark reads %q", tab, ch.Share.Text)
		}
	}
}

func TestSharingWatchOnlyRemoveAndStopTakeEffectOnThePhone(t *testing.T) {
	u, cs, l := sharedUI(t)
	cs.showSharePanel()
	test.Tap(findButton(t, u, "Share this table"))
	h := cs.share.host
	qr := theQR(t, u).Text()
	p, _, _ := joinFromQR(t, l, qr, "Marta", "ana")
	q, _, _ := joinFromQR(t, l, qr, "Jonas", "")
	eventually(t, l, "both phones listed", func() bool { return strings.Contains(screenText(u), "2 devices joined") })

	// Watch only: the phone's taps are refused by the host, in words.
	test.Tap(findButton(t, u, "Watch only"))
	eventually(t, l, "Marta watch only", func() bool {
		return strings.Contains(screenText(u), "Watch only: the host refuses its taps.") && findButton(t, u, "Let it play") != nil
	})
	ans, _ := p.tap(t, l, share.Action{Name: "life", N: -1})
	if ans.Status != "refused" || !strings.Contains(ans.Words, "watch only") || life(cs) != 10 {
		t.Fatalf("a watcher's tap: %+v, life %d", ans, life(cs))
	}
	test.Tap(findButton(t, u, "Let it play"))
	if ans, _ := p.tap(t, l, share.Action{Name: "life", N: -1}); ans.Status != "accepted" {
		t.Fatalf("let play again: %+v", ans)
	}

	// The table lock is against stray taps on the tablet: the phone
	// still plays, and the panel says so; the panel's own buttons are
	// refused while it is on.
	cs.setLocked(true)
	if !cs.chrome.Share.Visible() {
		t.Fatal("the mark is hidden by the lock")
	}
	if ans, _ := p.tap(t, l, share.Action{Name: "life", N: -1}); ans.Status != "accepted" || life(cs) != 8 {
		t.Fatalf("a phone's tap while the table is locked: %+v, life %d", ans, life(cs))
	}
	test.Tap(findButton(t, u, "Remove"))
	if len(h.Devices()) != 2 {
		t.Fatal("a device was removed while the table was locked")
	}
	cs.setLocked(false)

	// Remove: its stream is told and closed, its key is worthless.
	events := p.stream(t)
	awaitEvent(t, l, events, "table")
	test.Tap(findButton(t, u, "Remove"))
	awaitEvent(t, l, events, "removed")
	if _, st := p.tap(t, l, share.Action{Name: "life", N: -1}); st != http.StatusUnauthorized {
		t.Fatalf("a removed phone's tap: %d", st)
	}
	eventually(t, l, "one device left", func() bool { return strings.Contains(screenText(u), "1 device joined") })
	if !strings.Contains(cs.messageText(), "Removed Marta from the table") {
		t.Fatalf("message %q", cs.messageText())
	}

	// Stop, confirmed: the other phone is told, nothing answers at the
	// old address, and the old code is worthless when sharing again.
	qEvents := q.stream(t)
	awaitEvent(t, l, qEvents, "table")
	oldCode := h.JoinCode()
	test.Tap(findButton(t, u, "Stop sharing"))
	if cs.share.host == nil {
		t.Fatal("stopped without being asked")
	}
	test.Tap(findButton(t, u, "Keep sharing"))
	if cs.share.host != h {
		t.Fatal("Keep sharing stopped it")
	}
	test.Tap(findButton(t, u, "Stop sharing"))
	test.Tap(findButton(t, u, "Stop sharing")) // the dialog's
	if cs.share.host != nil || cs.chrome.Share.Text != "Share" {
		t.Fatalf("still sharing: %q", cs.chrome.Share.Text)
	}
	awaitEvent(t, l, qEvents, "stopped")
	waitHost(t, l, h)
	if _, st := q.tap(t, l, share.Action{Name: share.ActionNote, Arg: "still here?"}); st != 0 && st != http.StatusGone {
		t.Fatalf("a tap after the stop: %d", st)
	}
	if kept, _ := u.DB.LoadShare(cs.s.Campaign().ID); len(kept) != 0 {
		t.Fatalf("the file still keeps the sharing: %v", kept)
	}
	test.Tap(findButton(t, u, "Share this table"))
	if cs.share.host == nil || cs.share.host.JoinCode() == oldCode {
		t.Fatal("sharing again kept the old code")
	}
	// The old token at the new host's address.
	old, _ := url.Parse(qr)
	again, _ := url.Parse(cs.share.host.JoinURL())
	again.Fragment = old.Fragment
	if _, st, _ := joinFromQR(t, l, again.String(), "Marta", ""); st != http.StatusForbidden {
		t.Fatalf("the old QR code after a new sharing: %d", st)
	}
}

func TestLeavingTheCampaignStopsSharing(t *testing.T) {
	u, cs, l := sharedUI(t)
	cs.showSharePanel()
	test.Tap(findButton(t, u, "Share this table"))
	h := cs.share.host
	p, _, _ := joinFromQR(t, l, theQR(t, u).Text(), "Marta", "ana")
	events := p.stream(t)
	awaitEvent(t, l, events, "table")
	id := cs.s.Campaign().ID
	test.Tap(cs.chrome.Home)
	if u.camp != nil {
		t.Fatal("still in the campaign")
	}
	awaitEvent(t, l, events, "stopped")
	waitHost(t, l, h)
	if _, st := p.tap(t, l, share.Action{Name: "life", N: -1}); st != 0 {
		t.Fatalf("the host still answers after Home: %d", st)
	}
	if kept, _ := u.DB.LoadShare(id); len(kept) != 0 {
		t.Fatalf("the file still keeps the sharing: %v", kept)
	}
	// Shutdown (the window closed, Ctrl+Q) goes the same way.
	u.openCampaign(id)
	cs = u.camp
	cs.showSharePanel()
	test.Tap(findButton(t, u, "Share this table"))
	h = cs.share.host
	addr := h.Addresses()[0]
	if err := u.Shutdown(); err != nil {
		t.Fatal(err)
	}
	waitHost(t, l, h)
	if res, err := http.Get(addr); err == nil {
		res.Body.Close()
		t.Fatalf("the host still answers after the app closed: %s", res.Status)
	}
}

// TestSharingPanelFitsTheTablet: the panel before and while sharing, with
// devices joined (one with the longest name), fits 1280×800 and 800×1280
// at every text size, its targets are at least 48 dp at Normal text, and
// it speaks the players' words; the header's mark fits beside the clocks.
func TestSharingPanelFitsTheTablet(t *testing.T) {
	u, cs, l := sharedUI(t)
	cs.showSharePanel()
	check := func(what string) {
		t.Helper()
		for _, size := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
			for _, ts := range uitest.TextScales {
				u.setSettings(shell.Settings{Theme: "dark", TextScale: ts})
				u.Window.Resize(size)
				u.Window.Content().Refresh()
				for _, bad := range uitest.TooBig(u.Window.Content(), size.SubtractWidthHeight(8, 8)) {
					t.Errorf("%s at %v, text %.2f: %s", what, size, ts, bad)
				}
				if ts == 1 {
					for _, bad := range uitest.WindowSmallTargets(u.Window) {
						t.Errorf("%s at %v: a small target: %s", what, size, bad)
					}
				}
			}
		}
		if bad := uitest.PlayersWords(uitest.WindowText(u.Window)); len(bad) > 0 {
			t.Errorf("%s: %v", what, bad)
		}
	}
	check("before sharing")
	test.Tap(findButton(t, u, "Share this table"))
	qr := theQR(t, u).Text()
	joinFromQR(t, l, qr, strings.Repeat("Wolfgang", 5), "ana")
	joinFromQR(t, l, qr, "Jonas", "")
	eventually(t, l, "two devices", func() bool { return strings.Contains(screenText(u), "2 devices joined") })
	check("while sharing")
	cs.setLocked(true)
	check("while sharing, locked")
}
