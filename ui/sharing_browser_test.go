package ui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"github.com/chromedp/chromedp"

	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/uitest/headless"
)

// Each game's practice campaign shared from the app's panel and opened in
// a real browser (Debian's chromium, headless, as ui/share's tests start
// it) by the address the tablet's QR code holds, with nothing typed but
// the phone's name: the phone page at 390×844 and the table view at
// 1280×800. With TABLEKEEPER_SHOTS=DIR the screenshots go there, to be
// looked at. Chromium is required unless TABLEKEEPER_NO_BROWSER=1.

// runLoop runs the app's loop on a goroutine of its own until the
// returned stop: the test's goroutine then only waits on the browser.
func (l *appLoop) runLoop() (stop func()) {
	done, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		for {
			l.run()
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	return func() { close(done); <-ended; l.run() }
}

func TestEachGamesPracticeSharedInARealBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	bctx := headless.Browser(t, 390, 844)
	for _, g := range []tracker.GameID{tracker.Eternaut, tracker.PhantomEpoch, tracker.Reichbusters, tracker.Alone} {
		t.Run(string(g), func(t *testing.T) { sharePracticeInBrowser(t, bctx, g) })
	}
}

func sharePracticeInBrowser(t *testing.T, bctx context.Context, g tracker.GameID) {
	u := New(test.NewTempApp(t), Options{DBPath: filepath.Join(t.TempDir(), "t.db"), Registry: games.Registry()})
	defer u.Shutdown()
	l := &appLoop{}
	u.exec, u.post = l.exec, l.post
	u.shareAddr = "127.0.0.1:0"
	u.startPractice(g)
	cs := u.camp
	if cs == nil {
		t.Fatalf("no practice campaign:\n%s", screenText(u))
	}
	cs.showSharePanel()
	tapButton(t, u, "Share this table")
	h := cs.share.host
	if h == nil {
		t.Fatalf("not sharing:\n%s", screenText(u))
	}
	join := theQR(t, u).Text() // the address the tablet shows
	stop := l.runLoop()
	defer func() {
		stop()
		_ = cs.share.stop()
		waitHost(t, l, h)
	}()

	ctx, cancel := chromedp.NewContext(bctx)
	defer cancel()
	// The first run on a context makes its tab, which lives as long as
	// that run's context: never one with a timeout.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("a new tab: %v", err)
	}
	run := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		if err := chromedp.Do(c, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	wait := func(what, expr string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			c, cancel := context.WithTimeout(ctx, 2*time.Second)
			ok, err := chromedp.Run(c, chromedp.Evaluate[bool](expr))
			cancel()
			if err == nil && ok {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		c, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		html, err := chromedp.Run(c, chromedp.Evaluate[string](`location.href + "\n" + document.documentElement.outerHTML.slice(0, 2000)`))
		t.Fatalf("%s: never; the page reads:\n%s\n%s %v", what, browserText(t, ctx), html, err)
	}
	shoot := func(name string, w, h int64) {
		t.Helper()
		dir := os.Getenv("TABLEKEEPER_SHOTS")
		if dir == "" {
			return
		}
		run("the viewport", chromedp.EmulateViewport(w, h), chromedp.Sleep(400*time.Millisecond))
		c, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		b, err := chromedp.Run(c, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		_ = os.MkdirAll(dir, 0o755)
		p := filepath.Join(dir, string(g)+"-"+name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot %s", p)
	}

	// The phone: the QR code's address, a name, the first seat offered
	// (or Just watch where the game has no seats).
	run("opening the QR code's address", chromedp.EmulateViewport(390, 844), chromedp.Navigate(join))
	wait("the seats to pick from", `document.body.innerText.includes("Just watch") && !!document.getElementById('name')`)
	shoot("phone-join-390x844.png", 390, 844)
	seat, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const b = [...document.querySelectorAll('button')].find(x => x.textContent.includes(' · '));
		return b ? b.textContent : '';
	})()`))
	pick := "Just watch"
	if seat != "" {
		pick = seat
	}
	run("joining", chromedp.SendKeys(chromedp.CSS(`#name`), "Marta"),
		chromedp.Click(chromedp.Search(fmt.Sprintf(`//button[contains(., %q)]`, pick))))
	wait("connected", `['Connected', 'Watching'].includes(document.getElementById('conn').textContent)`)
	if len(h.Devices()) != 1 || h.Devices()[0].Name != "Marta" {
		t.Fatalf("the host lists %+v", h.Devices())
	}
	phone := browserText(t, ctx)
	shoot("phone-390x844.png", 390, 844)

	// The table view, a TV's.
	base := join[:strings.Index(join, "#")]
	token := join[strings.Index(join, "#"):]
	run("the table view", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(base+"table"+token))
	// The same browser is joined already (the phone's tab): the table
	// view uses its device; a browser of its own would ask first.
	wait("the table view", `document.getElementById('conn') && ['Connected', 'Watching'].includes(document.getElementById('conn').textContent)`)
	time.Sleep(time.Second) // the board picture, where the game has one
	shoot("table-1280x800.png", 1280, 800)
	table := browserText(t, ctx)
	for _, text := range []string{phone, table} {
		if bad := uitest.PlayersWords(text); len(bad) > 0 {
			t.Errorf("not players' words on the page: %v\n%s", bad, text)
		}
	}

	// The tablet's panel lists the phone, connected.
	stop()
	eventually(t, l, "the panel lists the phone", func() bool {
		s := screenText(u)
		return strings.Contains(s, "1 device joined") && strings.Contains(s, "Marta") && strings.Contains(s, "Connected")
	})
	stop = l.runLoop()
}

func browserText(t *testing.T, ctx context.Context) string {
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	s, _ := chromedp.Run(c, chromedp.Evaluate[string](`document.body.innerText`))
	return s
}

// tapButton taps the button whose words begin with label.
func tapButton(t *testing.T, u *App, label string) { test.Tap(findButton(t, u, label)) }
