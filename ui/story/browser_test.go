package story

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tablekeeper/ui/uitest/headless"
)

// The stories in a real browser: Debian's chromium, headless, started as
// ui/share's tests start it (headless.Browser; TABLEKEEPER_NO_BROWSER=1 on
// a machine that has none on purpose, TABLEKEEPER_SHOTS=DIR to keep the
// screenshots and PDFs to look at).

// colourScheme makes the page see the reader's dark or light theme.
func colourScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		return err
	})
}

// TestStoriesInARealBrowser: each game's HTML story, opened from a file
// in headless Chromium at a phone's width (390 px): nothing is wider than
// the phone (a wide table scrolls in its own box), every picture loaded,
// every chart drawn at the page's width; then printed to PDF on A4. With
// TABLEKEEPER_SHOTS=DIR the whole page's screenshots, light and dark, and
// the PDF are written there to be looked at.
func TestStoriesInARealBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	ctx := headless.Browser(t, 390, 844)
	dir := t.TempDir()
	shots := os.Getenv("TABLEKEEPER_SHOTS")
	for _, g := range goldenCampaigns {
		tb := g.build(t)
		var b bytes.Buffer
		if err := HTML(&b, tb.s, storyOptions()); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, string(g.game)+".html")
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		run := func(steps ...chromedp.Action[chromedp.Void]) {
			t.Helper()
			c, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			if err := chromedp.Do(c, steps...); err != nil {
				t.Fatalf("%s in the browser: %v", g.game, err)
			}
		}
		eval := func(expr string) float64 {
			t.Helper()
			c, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			v, err := chromedp.Run(c, chromedp.Evaluate[float64](expr))
			if err != nil {
				t.Fatalf("%s: %s: %v", g.game, expr, err)
			}
			return v
		}
		run(chromedp.EmulateViewport(390, 844), colourScheme("light"), chromedp.Navigate("file://"+file))
		if w := eval(`document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s: the page is %v px wide on a 390 px phone", g.game, w)
		}
		if n := eval(`[...document.images].filter(i => !i.complete || i.naturalWidth == 0).length`); n > 0 {
			t.Errorf("%s: %v pictures did not load", g.game, n)
		}
		if n := eval(`[...document.querySelectorAll('svg')].filter(s => s.getBoundingClientRect().width < 300).length`); n > 0 {
			t.Errorf("%s: %v charts narrower than the phone's page", g.game, n)
		}
		if n := eval(`document.querySelectorAll('svg').length`); n == 0 {
			t.Errorf("%s: no chart in the page", g.game)
		}
		if px := eval(`parseFloat(getComputedStyle(document.body).fontSize)`); px < 15 {
			t.Errorf("%s: the text is %v px on a phone", g.game, px)
		}
		shot := func(name string) {
			if shots == "" {
				return
			}
			c, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			png, err := chromedp.Run(c, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			writeShot(t, filepath.Join(shots, name), png)
		}
		shot("story-" + string(g.game) + "-390-light.png")
		run(colourScheme("dark"))
		shot("story-" + string(g.game) + "-390-dark.png")
		c, cancel := context.WithTimeout(ctx, 60*time.Second)
		pdf, err := chromedp.Run(c, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4),
			func(p *cdppage.PrintToPDFParams) { yes := true; p.PreferCSSPageSize = &yes }))
		cancel()
		if err != nil {
			t.Fatalf("%s: printing to PDF: %v", g.game, err)
		}
		if !bytes.HasPrefix(pdf, []byte("%PDF-")) || len(pdf) < 2000 {
			t.Fatalf("%s: the PDF is %d bytes", g.game, len(pdf))
		}
		if shots != "" {
			writeShot(t, filepath.Join(shots, "story-"+string(g.game)+".pdf"), pdf)
		}
		t.Logf("%s: %d KB of HTML, a PDF of %d KB", g.game, b.Len()>>10, len(pdf)>>10)
	}
}

func writeShot(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("written %s", path)
}
