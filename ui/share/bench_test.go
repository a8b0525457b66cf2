package share

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
)

// Benchmarks of what the table feels: a tap reaching every phone, the
// page's weight and first paint, and the host's memory with phones joined.
// Each reports its figures beside a bare baseline run in the same moment,
// so a loaded machine shows in both.

// fileHost shares a campaign kept in a real file (durable actions).
func fileHost(b testing.TB) (*Host, *tracker.Session) {
	b.Helper()
	path := filepath.Join(b.TempDir(), "tk.db")
	db, err := storage.Open(path, games.Registry())
	if err != nil {
		b.Fatal(err)
	}
	db.BackupEvery = 0
	b.Cleanup(func() { db.Close() })
	c, _ := db.NewCampaign(tracker.Alone, "Bench", 9)
	s, err := db.OpenSession(c.ID)
	if err != nil {
		b.Fatal(err)
	}
	return startHost(b, Options{Session: s, Devices: db})
}

func percentile(d []time.Duration, p float64) time.Duration {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[min(len(d)-1, int(float64(len(d))*p))]
}

// BenchmarkTapToEveryPhone: 8 phones follow the table on loopback; one
// taps; the time from sending the tap to the moment every phone's stream
// has shown it. Beside it, bare: the same durable action through the
// session alone, with no phone.
func BenchmarkTapToEveryPhone(b *testing.B) {
	h, s := fileHost(b)
	const phones = 8
	ps := make([]*phone, phones)
	seen := make([]chan uint64, phones)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for i := range ps {
		ps[i] = joined(b, h, fmt.Sprintf("Phone %d", i+1), fakeSeats[i%2].ID)
		ch, _, err := ps[i].stream(ctx, "")
		if err != nil {
			b.Fatal(err)
		}
		seen[i] = make(chan uint64, 1024)
		go func(ch <-chan sse, out chan<- uint64) {
			for e := range ch {
				if n, err := strconv.ParseUint(e.id, 10, 64); err == nil {
					out <- n
				}
			}
		}(ch, seen[i])
		<-seen[i]
	}
	var lat, bare []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := ps[i%phones]
		t0 := time.Now()
		a := p.tap(b, Action{Name: "note", Arg: "bench"})
		for _, ch := range seen {
			for n := <-ch; n < a.Event; n = <-ch {
			}
		}
		lat = append(lat, time.Since(t0))
		// The bare durable action, in the same moment.
		t1 := time.Now()
		var err error
		h.opts.Exec(func() { _, err = s.Do(tracker.AddNote{Text: "bare"}) })
		if err != nil {
			b.Fatal(err)
		}
		bare = append(bare, time.Since(t1))
		for _, ch := range seen {
			for n := <-ch; n < s.LastSeq(); n = <-ch {
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(percentile(lat, 0.5).Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(percentile(lat, 0.95).Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(percentile(bare, 0.5).Microseconds())/1000, "bare-durable-median-ms")
	b.ReportMetric(float64(percentile(bare, 0.95).Microseconds())/1000, "bare-durable-p95-ms")
}

// BenchmarkPageFirstPaint: the page's size, and its first contentful
// paint in headless chromium on loopback, beside a bare page of one line
// served by a plain server.
func BenchmarkPageFirstPaint(b *testing.B) {
	h, _ := startHost(b, Options{})
	bare := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprint(w, "<!doctype html><meta name=viewport content='width=device-width'><title>Bare</title><p>Join the table</p>")
	}), ErrorLog: quietLog()}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go func() { _ = bare.Serve(ln) }()
	defer bare.Close()
	ctx := browser(b)
	fcp := func(url string) time.Duration {
		do(b, ctx, chromedp.Navigate(url))
		ms, err := chromedp.Run(ctx, chromedp.Poll[float64](`(() => { const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : 0 })()`,
			chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
		if err != nil {
			b.Fatal(err)
		}
		return time.Duration(ms * float64(time.Millisecond))
	}
	var page, plain []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		page = append(page, fcp(fmt.Sprintf("%s/?n=%d", base(h), i)))
		plain = append(plain, fcp(fmt.Sprintf("http://%s/?n=%d", ln.Addr(), i)))
	}
	b.StopTimer()
	b.ReportMetric(float64(PageSize())/1024, "page-KB")
	b.ReportMetric(float64(percentile(page, 0.5).Microseconds())/1000, "first-paint-median-ms")
	b.ReportMetric(float64(percentile(page, 0.95).Microseconds())/1000, "first-paint-p95-ms")
	b.ReportMetric(float64(percentile(plain, 0.5).Microseconds())/1000, "bare-first-paint-median-ms")
}

// TestMemoryChild is not a test on its own: BenchmarkHostMemory runs the
// host in a child process and asks it for its memory.
func TestMemoryChild(t *testing.T) {
	path := os.Getenv("TK_MEM_DB")
	if path == "" {
		t.Skip("helper process for BenchmarkHostMemory")
	}
	db, err := storage.Open(path, games.Registry())
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	s, err := db.OpenSession(os.Getenv("TK_MEM_ID"))
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	h, err := Start(Options{Session: s, Table: fakeTable{}, Devices: db, Addr: "127.0.0.1:0"})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	fmt.Printf("port %d code %s\n", h.Port(), h.JoinCode())
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		fmt.Printf("mem %d %d\n", m.HeapAlloc+m.StackInuse, rss())
	}
	os.Exit(0)
}

// rss is the process's resident memory in bytes (Linux), 0 elsewhere.
func rss() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.ParseUint(f[1], 10, 64)
			return n << 10
		}
	}
	return 0
}

// BenchmarkHostMemory: the host's live memory (heap and stacks) and
// resident memory with 8 phones joined and following the table, against
// the same host with none.
func BenchmarkHostMemory(b *testing.B) {
	path := filepath.Join(b.TempDir(), "tk.db")
	db, err := storage.Open(path, games.Registry())
	if err != nil {
		b.Fatal(err)
	}
	c, _ := db.NewCampaign(tracker.Alone, "Memory", 4)
	s, _ := db.OpenSession(c.ID)
	for i := 0; i < 200; i++ {
		_, _ = s.Do(tracker.AddNote{Text: "a night of play"})
	}
	db.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestMemoryChild$")
	cmd.Env = append(os.Environ(), "TK_MEM_DB="+path, "TK_MEM_ID="+c.ID)
	stdin, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { stdin.Close(); _ = cmd.Wait() }()
	sc := bufio.NewScanner(out)
	sc.Scan()
	var port int
	var code string
	if _, err := fmt.Sscanf(sc.Text(), "port %d code %s", &port, &code); err != nil {
		b.Fatalf("the host said %q", sc.Text())
	}
	measure := func() (uint64, uint64) {
		var live, res uint64
		for k := 0; k < 3; k++ {
			fmt.Fprintln(stdin, "mem")
			sc.Scan()
			var l, r uint64
			fmt.Sscanf(sc.Text(), "mem %d %d", &l, &r)
			live, res = max(live, l), max(res, r)
		}
		return live, res
	}
	time.Sleep(200 * time.Millisecond)
	none, noneRSS := measure()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	url := "http://127.0.0.1:" + strconv.Itoa(port)
	for i := 0; i < 8; i++ {
		p := newPhone(url)
		if err := p.join(code, "", fmt.Sprintf("Phone %d", i+1), fakeSeats[i%2].ID); err != nil {
			b.Fatal(err)
		}
		ch, _, err := p.stream(ctx, "")
		if err != nil {
			b.Fatal(err)
		}
		<-ch
		p.tap(b, Action{Name: "note", Arg: "hello"})
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range ch {
			}
		}()
	}
	time.Sleep(500 * time.Millisecond)
	b.ResetTimer()
	var eight, eightRSS uint64
	for i := 0; i < b.N; i++ {
		eight, eightRSS = measure()
	}
	b.StopTimer()
	cancel()
	wg.Wait()
	b.ReportMetric(float64(none)/(1<<20), "live-MB-none")
	b.ReportMetric(float64(eight)/(1<<20), "live-MB-8-phones")
	b.ReportMetric(float64(eight)/float64(none), "live-ratio")
	b.ReportMetric(float64(noneRSS)/(1<<20), "rss-MB-none")
	b.ReportMetric(float64(eightRSS)/(1<<20), "rss-MB-8-phones")
	b.ReportMetric(float64(eightRSS)/float64(max(noneRSS, 1)), "rss-ratio")
}
