// Package headless starts the headless Chromium the browser tests drive
// (Debian's chromium, through its DevTools protocol with chromedp): one
// way of starting it for every package's tests, the way ui/share's tests
// start theirs. It is for tests only; the app never starts a browser.
package headless

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// Path finds the browser, or fails the test: a missing browser is an
// error unless TABLEKEEPER_NO_BROWSER=1 says there is deliberately none,
// and then the test is skipped.
func Path(t testing.TB) string {
	t.Helper()
	if os.Getenv("TABLEKEEPER_NO_BROWSER") == "1" {
		t.Skip("TABLEKEEPER_NO_BROWSER=1: no browser on this machine")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("chromium is not installed (apt-get install chromium), and TABLEKEEPER_NO_BROWSER=1 is not set")
	return ""
}

// Browser starts a headless chromium of the test's own, with a fresh
// profile and a window of width×height, stopped when the test ends.
func Browser(t testing.TB, width, height int) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(Path(t)),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.NoSandbox,
		chromedp.Flag("headless", "new"),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(width, height),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("chromium did not start: %v", err)
	}
	return ctx
}
