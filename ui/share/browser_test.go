package share

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"tablekeeper/ui/uitest"
	"tablekeeper/ui/uitest/headless"
)

// The page in a real browser: Debian's chromium, headless, driven through
// its DevTools protocol. The test fails when chromium is missing, unless
// TABLEKEEPER_NO_BROWSER=1 says there is deliberately none. With
// TABLEKEEPER_SHOTS=DIR it writes its screenshots there: the phone page at
// 390×844 and the table view at 1280×800.

// browser starts a headless chromium of its own, with a fresh profile, as
// every package's browser tests do (uitest/headless).
func browser(t testing.TB) context.Context {
	t.Helper()
	return headless.Browser(t, 390, 844)
}

// tab opens another tab of the same browser (the same origin's storage).
func tab(t testing.TB, parent context.Context) context.Context {
	ctx, cancel := chromedp.NewContext(parent)
	t.Cleanup(cancel)
	// The first run on a context makes its tab, and the tab lives as long
	// as the context of that run: never one with a timeout.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("a new tab: %v", err)
	}
	return ctx
}

func do(t testing.TB, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		t.Fatalf("in the browser: %v", err)
	}
}

// waitJS waits until a script's expression is true. It asks every 50 ms
// (a tab in the background draws no frames to poll on) and goes on asking
// across a reload of the page.
func waitJS(t testing.TB, ctx context.Context, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	var last error
	for time.Now().Before(deadline) {
		c, cancel := context.WithTimeout(ctx, 2*time.Second)
		ok, err := chromedp.Run(c, chromedp.Evaluate[bool](expr))
		cancel()
		if err == nil && ok {
			return
		}
		last = err
		time.Sleep(50 * time.Millisecond)
	}
	c2, cancel2 := context.WithTimeout(ctx, 5*time.Second)
	defer cancel2()
	text, _ := chromedp.Run(c2, chromedp.Evaluate[string](`document.body.innerText`))
	t.Fatalf("%s: never happened (%v); the page reads:\n%s", what, last, text)
}

func pageText(t testing.TB, ctx context.Context) string {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	s, err := chromedp.Run(c, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func hasText(s string) string {
	return fmt.Sprintf(`document.body.innerText.includes(%q)`, s)
}

// press holds the mouse on a button (found by its words) for d.
func press(t testing.TB, ctx context.Context, label string, d time.Duration) {
	t.Helper()
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
		const b = [...document.querySelectorAll('button')].find(x => x.textContent.includes(%q));
		b.scrollIntoView({block: 'center'});
		const r = b.getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2];
	})()`, label)))
	if err != nil {
		t.Fatal(err)
	}
	do(t, ctx,
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0], xy[1]),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.Sleep(d),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
}

func shot(t testing.TB, ctx context.Context, name string, w, h int64) {
	t.Helper()
	dir := os.Getenv("TABLEKEEPER_SHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.EmulateViewport(w, h), chromedp.Sleep(300*time.Millisecond))
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", p)
}

// TestThePageInARealBrowser: a phone joins by the QR code's address as a
// player, taps an edit and the host's campaign has it; a second tab sees
// it appear live; a refusal shows on the tab that made it, next to what
// was tapped; a tap made while the host cannot be reached stays waiting
// across a reload, then is sent and counts once; the table view shows
// every figure and the Log.
func TestThePageInARealBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	h, s := startHost(t, Options{Table: fakeTable{board: true}})
	px := newFaultProxy(t, base(h), 1)
	token := h.JoinURL()[strings.Index(h.JoinURL(), "#"):]
	ctx := browser(t)
	do(t, ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(px.url()+"/"+token))
	waitJS(t, ctx, "the seats to pick from", hasText("Ana · Character"))
	shot(t, ctx, "phone-join-390x844.png", 390, 844)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS(`#name`), "Marta"),
		chromedp.Click(chromedp.Search(`//button[contains(., "Ana · Character")]`)))
	waitJS(t, ctx, "connected", `document.getElementById('conn').textContent == 'Connected'`)
	if u, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`)); strings.Contains(u, "join=") {
		t.Fatalf("the join token stays in the address bar: %s", u)
	}

	// An edit: the host's campaign has it, and the page says it is done
	// only once the host answered.
	do(t, ctx, chromedp.Click(chromedp.CSS(`button[aria-label="Notes up by one"]`)))
	waitJS(t, ctx, "the tap's answer", hasText("Done: Note: +1 for ana"))
	if notesBy(s, "ana") != 1 {
		t.Fatalf("the host has %d notes for Ana", notesBy(s, "ana"))
	}

	// A second tab of the same browser is a second device (the first tab
	// holds its own): it watches, and sees the next tap appear live.
	ctx2 := tab(t, ctx)
	do(t, ctx2, chromedp.EmulateViewport(390, 844), chromedp.Navigate(px.url()+"/"+token))
	waitJS(t, ctx2, "the second tab's seats", hasText("Just watch"))
	do(t, ctx2, chromedp.SendKeys(chromedp.CSS(`#name`), "Sofía 狼"),
		chromedp.Click(chromedp.Search(`//button[contains(., "Just watch")]`)))
	waitJS(t, ctx2, "the second tab connected", `document.getElementById('conn').textContent == 'Watching'`)
	do(t, ctx, chromedp.Click(chromedp.CSS(`button[aria-label="Notes up by one"]`)))
	waitJS(t, ctx2, "the second tab sees Ana's two notes", `[...document.querySelectorAll('.card')].some(c => c.querySelector('h3') && c.querySelector('h3').textContent == 'Ana' && c.querySelector('.val').textContent.startsWith('2'))`)
	waitJS(t, ctx2, "the second tab's Log", hasText("from Marta"))

	// A press and hold: a quick tap does nothing; held, the rules take
	// it; held again, the rules refuse it, in their words, beside it.
	press(t, ctx, "Start the play clock", 100*time.Millisecond)
	time.Sleep(300 * time.Millisecond)
	if s.Core().Play.Running {
		t.Fatal("a quick tap on a hold button started the clock")
	}
	press(t, ctx, "Start the play clock", 1100*time.Millisecond)
	waitJS(t, ctx, "the held step's answer", hasText("Done: Play clock started"))
	press(t, ctx, "Start the play clock", 1100*time.Millisecond)
	waitJS(t, ctx, "the refusal", hasText("Refused: The play clock is already running"))
	// The refusal stands right after the step's button.
	near, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const b = [...document.querySelectorAll('button')].find(x => x.textContent.includes('Start the play clock'));
		const n = b.nextElementSibling;
		return !!n && n.textContent.includes('Refused');
	})()`))
	if !near {
		t.Error("the refusal is not shown next to the step that was tapped")
	}
	if strings.Contains(pageText(t, ctx2), "Refused") {
		t.Error("the refusal shows on the other tab")
	}
	shot(t, ctx, "phone-390x844.png", 390, 844)
	shot(t, ctx2, "phone-watching-390x844.png", 390, 844)

	// The host cannot be reached: the tap waits, kept across a reload,
	// and is never shown as done; back, it is sent and counts once.
	px.blockCommands.Store(true)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS(`#note`), "written while the host was away"),
		chromedp.Click(chromedp.Search(`//button[contains(., "Add the note")]`)))
	waitJS(t, ctx, "the waiting tap", hasText("Waiting for the host"))
	do(t, ctx, chromedp.Reload())
	waitJS(t, ctx, "the tap kept across the reload", hasText("Note: written while the host was away")+` && `+hasText("Waiting for the host"))
	if strings.Contains(pageText(t, ctx), "Done: Note: Marta: written") {
		t.Fatal("a tap the host never had is shown as done")
	}
	shot(t, ctx, "phone-waiting-390x844.png", 390, 844)
	px.blockCommands.Store(false)
	waitJS(t, ctx, "the kept tap's answer", hasText("Done: Note: Marta: written while the host was away"))
	n := 0
	for _, note := range allNotes(s) {
		if note.Text == "Marta: written while the host was away" {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("the kept tap is in the campaign %d times", n)
	}

	// The table view: another screen, every figure, the Log, the board.
	ctx3 := tab(t, ctx)
	do(t, ctx3, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(px.url()+"/table"+token))
	waitJS(t, ctx3, "the table view's join", `!!document.getElementById('name')`)
	do(t, ctx3, chromedp.Click(chromedp.Search(`//button[contains(., "Show the table")]`)))
	waitJS(t, ctx3, "the table view", hasText("Ben")+` && `+hasText("Ana")+` && `+hasText("Log")+` && !!document.querySelector('img.board')`)
	shot(t, ctx3, "table-1280x800.png", 1280, 800)
	shot(t, ctx, "phone-on-a-tablet-800x1280.png", 800, 1280)
	do(t, ctx3, chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(c, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	}))
	shot(t, ctx3, "table-dark-1280x800.png", 1280, 800)
	shot(t, ctx3, "table-dark-800x1280.png", 800, 1280)

	// Players' words on every page: no codes, no JSON.
	for _, c := range []context.Context{ctx, ctx2, ctx3} {
		text := pageText(t, c)
		if bad := uitest.PlayersWords(text); len(bad) > 0 {
			t.Errorf("not players' words on the page: %v", bad)
		}
		// A script's own words for nothing: a card that had nothing to
		// show printed "null" on every phone.
		for _, w := range strings.Fields(text) {
			switch strings.Trim(w, ".,:;()") {
			case "null", "undefined", "NaN", "[object":
				t.Errorf("the page shows the script's word %q: %q", w, text)
			}
		}
	}
	if len(h.Devices()) != 3 {
		t.Fatalf("%d devices joined", len(h.Devices()))
	}

	// The host is now of another version: the page reloads itself once to
	// fetch the host's; still another, it only watches, in words, and the
	// tap waits, never shown as done.
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.beforeReload = true`))
	px.versionSkew.Store(true)
	do(t, ctx, chromedp.Click(chromedp.CSS(`button[aria-label="Notes up by one"]`)))
	waitJS(t, ctx, "watch only after another version", `!window.beforeReload && `+hasText("another version of Tablekeeper"))
	if c, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('conn').textContent`)); c != "Watch only" {
		t.Errorf("the connection reads %q", c)
	}
	if !strings.Contains(pageText(t, ctx), "Waiting for the host") {
		t.Error("the tap made meanwhile is not shown as waiting")
	}
	px.versionSkew.Store(false)
	shot(t, ctx, "phone-other-version-390x844.png", 390, 844)
}
