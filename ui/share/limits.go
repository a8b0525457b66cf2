package share

import (
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// Who may come in, and how much they may ask: the host answers the local
// network only (unless the players allow more), bounds every body, times
// out slow and idle connections, and slows a device that floods it without
// holding up the others.

// MaxBody bounds a request's body, as any action is bounded.
const MaxBody = 1 << 20

// timeouts of the host's connections; tests shorten them.
var timeouts = struct {
	header, read, idle, write time.Duration
}{header: 5 * time.Second, read: 15 * time.Second, idle: 60 * time.Second, write: 15 * time.Second}

// Rates: a player taps a few times a second at most; a device's commands
// are let through at commandRate a second after a burst of commandBurst,
// and anything asked without a key (joining) at joinRate from one address.
const (
	commandRate  = 30
	commandBurst = 60
	joinRate     = 3
	joinBurst    = 10
	// waitForTurn is how long a request over its rate waits for its turn
	// before it is refused as too many.
	waitForTurn = 2 * time.Second
	// inFlight bounds one device's requests being answered at once.
	inFlight = 8
	// maxStreams bounds the open streams of one device (a phone's tabs
	// and reconnections) and of the whole host.
	maxStreamsPerDevice = 4
	maxStreams          = 128
)

// localAddress says whether a client's address is on the local network:
// loopback, the private ranges and link-local.
func localAddress(remote string) bool {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	ip = ip.Unmap()
	return ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast()
}

// hostNameIsOurs guards against a web page elsewhere that names itself
// with this host's address (DNS rebinding): a request must name the host
// by an address, or as localhost or this computer's own name.
func hostNameIsOurs(host string, names []string) bool {
	h, _, err := net.SplitHostPort(host)
	if err != nil {
		h = host
	}
	h = strings.TrimSuffix(strings.Trim(h, "[]"), ".")
	if _, err := netip.ParseAddr(h); err == nil {
		return true
	}
	h = strings.ToLower(h)
	if h == "localhost" {
		return true
	}
	for _, n := range names {
		if h == n {
			return true
		}
	}
	return false
}

// A bucket lets rate requests a second through after a burst.
type bucket struct {
	tokens float64
	last   time.Time
}

// limiter keeps a bucket for each device or address.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	buckets map[string]*bucket
	busy    map[string]int
	now     func() time.Time
}

func newLimiter(rate, burst float64, now func() time.Time) *limiter {
	return &limiter{rate: rate, burst: burst, buckets: map[string]*bucket{}, busy: map[string]int{}, now: now}
}

// take waits for who's turn, up to wait; false: too many, refuse it.
// Buckets of whoever has been quiet long enough are dropped, so the map
// holds only those asking now.
func (l *limiter) take(who string, wait time.Duration) bool {
	deadline := time.Now().Add(wait)
	for {
		l.mu.Lock()
		now := l.now()
		b, ok := l.buckets[who]
		if !ok {
			if len(l.buckets) > 4096 {
				l.sweep(now)
			}
			b = &bucket{tokens: l.burst, last: now}
			l.buckets[who] = b
		}
		b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
		b.last = now
		if b.tokens >= 1 {
			b.tokens--
			l.mu.Unlock()
			return true
		}
		need := time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
		l.mu.Unlock()
		if time.Now().Add(need).After(deadline) {
			return false
		}
		time.Sleep(need)
	}
}

func (l *limiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		if now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.buckets, k)
		}
	}
}

// enter counts a request of who being answered; false if it has inFlight
// already. leave must follow a true.
func (l *limiter) enter(who string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.busy[who] >= inFlight {
		return false
	}
	l.busy[who]++
	return true
}

func (l *limiter) leave(who string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.busy[who]--; l.busy[who] <= 0 {
		delete(l.busy, who)
	}
}

// readBody reads a JSON body of at most MaxBody bytes into v, refusing in
// words anything else.
func (h *Host) readBody(w http.ResponseWriter, r *http.Request, v any) bool {
	if r.Method != http.MethodPost {
		h.refuse(w, http.StatusMethodNotAllowed, reasonBad, "This address takes what the page sends, nothing else.")
		return false
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		h.refuse(w, http.StatusUnsupportedMediaType, reasonBad, "This address takes what the page sends, nothing else.")
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			h.refuse(w, http.StatusRequestEntityTooLarge, reasonBad, "That is more than the page ever sends (at most 1 MB): nothing was done.")
			return false
		}
		h.refuse(w, http.StatusBadRequest, reasonBad, "The host did not understand that request: nothing was done.")
		return false
	}
	if dec.More() {
		h.refuse(w, http.StatusBadRequest, reasonBad, "The host did not understand that request: nothing was done.")
		return false
	}
	return true
}

// failedJoin slows whoever tries codes: each wrong one costs the address
// its turn.
func (h *Host) failedJoin(r *http.Request) {
	h.joins.take(clientIP(r), waitForTurn)
}

func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
