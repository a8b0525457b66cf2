package share

import (
	"bytes"
	"context"
	"io"
	"math/rand"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// faultProxy stands between the phones and the host on loopback and does
// what a table's Wi-Fi does: it drops requests before they reach the host
// and answers after the host acted, sends a request twice, delays either
// way, and cuts streams; it can also cut every command (the browser test's
// host that cannot be reached).
type faultProxy struct {
	target atomic.Value // "http://127.0.0.1:port"
	mu     sync.Mutex
	rng    *rand.Rand
	// The chances of each fault, from 0 to 1.
	dropRequest, dropAnswer, double, delay float64
	maxDelay                               time.Duration
	streamCut                              atomic.Int64 // a stream is cut within this many nanoseconds (0: never)
	blockCommands                          atomic.Bool
	// versionSkew answers every request of the page as a host of another
	// protocol would (the host was updated while the page was open).
	versionSkew atomic.Bool
	counts      struct{ dropped, lost, doubled, delayed, cut atomic.Int64 }
	srv         *http.Server
	ln          net.Listener
	client      *http.Client
}

func newFaultProxy(t testing.TB, target string, seed int64) *faultProxy {
	p := &faultProxy{rng: rand.New(rand.NewSource(seed)), client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	p.target.Store(target)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.ln = ln
	p.srv = &http.Server{Handler: p, ErrorLog: quietLog()}
	go func() { _ = p.srv.Serve(ln) }()
	t.Cleanup(func() { _ = p.srv.Close() })
	return p
}

func (p *faultProxy) url() string { return "http://" + p.ln.Addr().String() }

func (p *faultProxy) chance(f float64) bool {
	if f <= 0 {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.rng.Float64() < f
}

func (p *faultProxy) wait() {
	if p.maxDelay <= 0 || !p.chance(p.delay) {
		return
	}
	p.mu.Lock()
	d := time.Duration(p.rng.Int63n(int64(p.maxDelay)))
	p.mu.Unlock()
	p.counts.delayed.Add(1)
	time.Sleep(d)
}

// abort closes the phone's connection without an answer.
func abort() { panic(http.ErrAbortHandler) }

func (p *faultProxy) forward(ctx context.Context, r *http.Request, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, r.Method, p.target.Load().(string)+r.URL.RequestURI(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header = r.Header.Clone()
	return p.client.Do(req)
}

func (p *faultProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
	isCommand := r.URL.Path == "/api/command"
	if p.versionSkew.Load() && strings.HasPrefix(r.URL.Path, "/api/") {
		writeJSON(w, http.StatusConflict, problem{Reason: reasonVersion, Words: versionWords})
		return
	}
	if isCommand && p.blockCommands.Load() {
		abort()
	}
	if r.URL.Path == "/api/stream" {
		p.stream(w, r, body)
		return
	}
	if isCommand {
		p.wait()
		if p.chance(p.dropRequest) {
			p.counts.dropped.Add(1)
			abort()
		}
	}
	res, err := p.forward(r.Context(), r, body)
	if err != nil {
		abort()
	}
	b, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		abort()
	}
	if isCommand {
		if p.chance(p.double) {
			// The request again, as a network that resends it would; the
			// phone gets one of the two answers.
			p.counts.doubled.Add(1)
			if res2, err := p.forward(context.Background(), r, body); err == nil {
				b2, err := io.ReadAll(res2.Body)
				res2.Body.Close()
				if err == nil && p.chance(0.5) {
					res, b = res2, b2
				}
			}
		}
		if p.chance(p.dropAnswer) {
			p.counts.lost.Add(1)
			abort()
		}
		p.wait()
	}
	for k, v := range res.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(res.StatusCode)
	_, _ = w.Write(b)
}

// stream passes a stream through, cutting it at a random moment.
func (p *faultProxy) stream(w http.ResponseWriter, r *http.Request, body []byte) {
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	if cut := p.streamCut.Load(); cut > 0 {
		p.mu.Lock()
		d := time.Duration(p.rng.Int63n(cut))
		p.mu.Unlock()
		t := time.AfterFunc(d, func() { p.counts.cut.Add(1); cancel() })
		defer t.Stop()
	}
	res, err := p.forward(ctx, r, body)
	if err != nil {
		abort()
	}
	defer res.Body.Close()
	for k, v := range res.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(res.StatusCode)
	rc := http.NewResponseController(w)
	_ = rc.Flush()
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return
			}
			_ = rc.Flush()
		}
		if err != nil {
			if !strings.Contains(err.Error(), "EOF") {
				abort()
			}
			return
		}
	}
}
