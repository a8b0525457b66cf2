package share

import (
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tablekeeper/tracker"
)

// Options say what a host shares and how.
type Options struct {
	// Session is the open campaign. The host touches it only through Exec.
	Session *tracker.Session
	// Table is the game's face on the page (Basic for a game without one).
	Table Table
	// Exec runs fn where the session may be touched, and returns when fn
	// has: the app passes fyne.DoAndWait (its screens read the state on
	// Fyne's goroutine, and the rules may change it in place); a host with
	// nothing else touching the session may leave it nil (a mutex).
	Exec func(fn func())
	// Devices keeps the join code and the devices across a restart
	// (storage.DB, in the campaign's file); nil keeps them in memory.
	Devices Devices
	// Addr is where to listen: "" is a free port on every interface.
	Addr string
	// AllowResolve lets phones play the enemy's steps.
	AllowResolve bool
	// AllowOutside answers beyond the local network (not only loopback,
	// private and link-local addresses).
	AllowOutside bool
	// Clock is the time, for tests; nil is time.Now.
	Clock func() time.Time
}

// A Host shares one open campaign with the phones and tablets at the table:
// it serves the page, lets devices join, streams the table to them and
// takes their commands into the session. Start makes one; Stop ends it.
//
// The app window's side: show Addresses (or JoinURL as a QR code) and
// JoinCode; list Devices, with SetRole and Remove; call SetAllowResolve
// from a switch; register OnChange to refresh that list. A phone's command
// lands through Session.DoAs inside Exec, so the window's own Session.Watch
// sees it as it sees its own. Start and every method of a Host may be
// called on the app's own goroutine: none of them waits for Exec.
type Host struct {
	opts Options
	camp tracker.Campaign
	reg  *registry
	hub  *hub
	srv  *http.Server
	ln   net.Listener
	// names are this computer's names a request may use (see
	// hostNameIsOurs).
	names []string

	cmds  *limiter // per device
	joins *limiter // per address
	board boardCache

	allowResolve atomic.Bool
	stopped      atomic.Bool
	done         chan struct{}
	stopOnce     sync.Once
	stopWatch    func()
	streams      sync.WaitGroup
	serveDone    chan struct{}

	mu        sync.Mutex
	listeners []func()
}

// Start shares the campaign: it listens, and serves until Stop.
func Start(o Options) (*Host, error) {
	if o.Session == nil || o.Table == nil {
		return nil, errors.New("nothing to share: no campaign is open")
	}
	if o.Exec == nil {
		var mu sync.Mutex
		o.Exec = func(fn func()) { mu.Lock(); defer mu.Unlock(); fn() }
	}
	if o.Devices == nil {
		o.Devices = MemoryDevices()
	}
	if o.Clock == nil {
		o.Clock = time.Now
	}
	if o.Addr == "" {
		o.Addr = ":0"
	}
	h := &Host{opts: o, done: make(chan struct{}), serveDone: make(chan struct{})}
	h.allowResolve.Store(o.AllowResolve)
	// The campaign's record is a copy the session hands out under its own
	// lock: Start may be called on the app's goroutine, where Exec
	// (fyne.DoAndWait) must not be.
	h.camp = o.Session.Campaign()
	reg, err := loadRegistry(o.Devices, h.camp.ID)
	if err != nil {
		return nil, err
	}
	h.reg = reg
	h.cmds = newLimiter(commandRate, commandBurst, time.Now)
	h.joins = newLimiter(joinRate, joinBurst, time.Now)
	if n, err := os.Hostname(); err == nil && n != "" {
		n = strings.ToLower(n)
		h.names = []string{n, n + ".local", n + ".lan", n + ".home"}
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return nil, fmt.Errorf("sharing cannot start: %w", err)
	}
	h.ln = ln
	h.hub = newHub(h)
	h.stopWatch = o.Session.Watch(func(tracker.Event) { h.hub.wake() })
	h.srv = &http.Server{
		Handler:           h.routes(),
		ReadHeaderTimeout: timeouts.header,
		ReadTimeout:       timeouts.read,
		IdleTimeout:       timeouts.idle,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          quietLog(),
	}
	go h.hub.run()
	go func() {
		defer close(h.serveDone)
		_ = h.srv.Serve(ln)
	}()
	return h, nil
}

// now is the host's clock.
func (h *Host) now() time.Time { return h.opts.Clock() }

// exec runs fn through the executor, unless the host has stopped (the app
// may have closed the session since): false when it did not run.
func (h *Host) exec(fn func()) bool {
	if h.stopped.Load() {
		return false
	}
	ran := false
	h.opts.Exec(func() {
		if h.stopped.Load() {
			return
		}
		ran = true
		fn()
	})
	return ran
}

// Port is the port the host listens on.
func (h *Host) Port() int { return h.ln.Addr().(*net.TCPAddr).Port }

// Addresses are the addresses a phone may open, those on the local
// network first (a private address before a link-local one), then this
// computer's own (loopback). With AllowOutside, other addresses follow.
func (h *Host) Addresses() []string {
	port := h.Port()
	bound := h.ln.Addr().(*net.TCPAddr).IP
	var ips []netip.Addr
	if !bound.IsUnspecified() {
		if a, ok := netip.AddrFromSlice(bound); ok {
			ips = append(ips, a.Unmap())
		}
	} else if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if p, err := netip.ParsePrefix(a.String()); err == nil {
				ips = append(ips, p.Addr().Unmap())
			}
		}
	}
	rank := func(a netip.Addr) int {
		switch {
		case a.IsPrivate() && a.Is4():
			return 0
		case a.IsPrivate():
			return 1
		case a.IsLinkLocalUnicast() && a.Is4():
			return 2
		case a.IsLinkLocalUnicast():
			return 8 // needs a zone a phone's browser cannot type
		case a.IsLoopback() && a.Is4():
			return 3
		case a.IsLoopback():
			return 4
		case a.IsGlobalUnicast() && h.opts.AllowOutside:
			return 5
		}
		return 9
	}
	sort.SliceStable(ips, func(i, j int) bool { return rank(ips[i]) < rank(ips[j]) })
	var out []string
	for _, a := range ips {
		if rank(a) >= 8 {
			continue
		}
		out = append(out, "http://"+netip.AddrPortFrom(a, uint16(port)).String()+"/")
	}
	return out
}

// JoinCode is the code a phone types to join ("" once stopped).
func (h *Host) JoinCode() string {
	if h.stopped.Load() {
		return ""
	}
	return h.reg.join.Code
}

// JoinURL is the first address with the join token in it, for a QR code:
// opening it joins without typing the code ("" once stopped).
func (h *Host) JoinURL() string {
	a := h.Addresses()
	if h.stopped.Load() || len(a) == 0 {
		return ""
	}
	return a[0] + "#join=" + h.reg.join.Token
}

// TableURL is the first address of the table view (a TV, a spare tablet).
func (h *Host) TableURL() string {
	a := h.Addresses()
	if len(a) == 0 {
		return ""
	}
	return a[0] + "table"
}

// Devices lists the devices joined, in the order they joined. Their seats'
// names are the table's as last read, so the window may call it on its own
// goroutine (it never waits for Exec).
func (h *Host) Devices() []Device {
	names := map[string]string{}
	if f := h.hub.frame(); f != nil {
		for _, s := range f.seats {
			names[s.ID] = s.Name
		}
	}
	return h.reg.list(func(id string) string { return names[id] })
}

// SetRole lets a device play its seat, or makes it watch only: its taps
// are then refused by the host, whatever its page shows.
func (h *Host) SetRole(id string, role Role) error {
	if role != RolePlay && role != RoleWatch {
		return fmt.Errorf("a device may play or watch, not %q", role)
	}
	if _, err := h.reg.update(id, func(d *deviceRecord) { d.Watch = role == RoleWatch }); err != nil {
		return err
	}
	h.changed()
	return nil
}

// Remove sends a device away: its key is worthless from now on and its
// streams are closed. It may join again with the code.
func (h *Host) Remove(id string) error {
	if err := h.reg.remove(id); err != nil {
		return err
	}
	h.hub.kick(id)
	h.changed()
	// Its key is worthless now, so no retry of its can come: its answers
	// are no longer needed.
	return h.opts.Session.ForgetDevice(id)
}

// SetAllowResolve says whether phones may play the enemy's steps.
func (h *Host) SetAllowResolve(allow bool) {
	h.allowResolve.Store(allow)
	h.changed()
}

// AllowResolve says whether phones may play the enemy's steps.
func (h *Host) AllowResolve() bool { return h.allowResolve.Load() }

// OnChange registers fn, called whenever the device list or a device's
// connection changes. It is called on one of the host's goroutines, never
// inside Exec: to touch the screen, the window wraps it in fyne.Do.
func (h *Host) OnChange(fn func()) {
	h.mu.Lock()
	h.listeners = append(h.listeners, fn)
	h.mu.Unlock()
}

// changed tells the listeners and the streams that the devices changed.
func (h *Host) changed() {
	h.hub.touch()
	h.mu.Lock()
	ls := append([]func(){}, h.listeners...)
	h.mu.Unlock()
	for _, fn := range ls {
		go fn()
	}
}

// Stop ends sharing: every stream is told so and closed, the server
// stops, and the join code and every device's key are forgotten (in the
// file too), so an old code or key is worthless. It may be called from
// inside Exec (the app's screen), since it never waits for it; it does not
// close the session. A host that crashes is not stopped: its keys stay
// and a host started again lets the same phones in.
func (h *Host) Stop() error {
	var err error
	h.stopOnce.Do(func() {
		h.stopped.Store(true)
		h.stopWatch()
		close(h.done)
		// The streams say goodbye, then the server closes what is left.
		waited := make(chan struct{})
		go func() { h.streams.Wait(); close(waited) }()
		select {
		case <-waited:
		case <-time.After(time.Second):
		}
		_ = h.srv.Close()
		<-h.serveDone
		err = h.opts.Devices.ClearShare(h.camp.ID)
		h.changed()
	})
	return err
}

// Wait returns once every goroutine of a stopped host has ended. Never
// call it from inside Exec: a request may be waiting there.
func (h *Host) Wait() {
	<-h.done
	<-h.serveDone
	h.hub.wait()
}

// refuse answers a request that is refused before it reaches the table.
func (h *Host) refuse(w http.ResponseWriter, status int, reason, words string) {
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, status, problem{Reason: reason, Words: words})
}

const (
	versionWords = "This page is from another version of Tablekeeper than the host's: it reloads itself."
	stoppedWords = "The host stopped sharing this table."
	keyWords     = "This device is not joined to this table (the host stopped sharing, or removed it): join with the code on the host's screen."
	busyWords    = "Too many taps at once: the host takes them a little slower. Nothing was lost."
)

// routes is every address the host answers. Nothing else is there: no
// other campaign, file, backup, setting or action of the app.
func (h *Host) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", only("GET", h.handlePage, h))
	mux.HandleFunc("/table", only("GET", h.handlePage, h))
	mux.HandleFunc("/page/{file}", only("GET", h.handleAsset, h))
	mux.HandleFunc("/api/seats", only("POST", h.joinLimited(h.handleSeats), h))
	mux.HandleFunc("/api/join", only("POST", h.joinLimited(h.handleJoin), h))
	mux.HandleFunc("/api/me", only("GET", h.keyed(h.handleMe), h))
	mux.HandleFunc("/api/stream", only("GET", h.keyed(h.handleStream), h))
	mux.HandleFunc("/api/command", only("POST", h.keyed(h.handleCommand), h))
	mux.HandleFunc("/api/seat", only("POST", h.keyed(h.handleSeat), h))
	mux.HandleFunc("/api/board", only("GET", h.keyed(h.handleBoard), h))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		h.refuse(w, http.StatusNotFound, reasonNotFound, "Nothing is here: this host shares one table, and only through its page.")
	})
	return h.guard(mux)
}

// only answers one method, and refuses any other in words.
func only(method string, next http.HandlerFunc, h *Host) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != method && !(method == "GET" && r.Method == "HEAD") {
			w.Header().Set("Allow", method)
			h.refuse(w, http.StatusMethodNotAllowed, reasonBad, "This address takes what the page sends, nothing else.")
			return
		}
		next(w, r)
	}
}

// guard answers the local network only, and only requests naming this
// host; it sets what a browser should allow the page.
func (h *Host) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.opts.AllowOutside && !localAddress(r.RemoteAddr) {
			h.refuse(w, http.StatusForbidden, reasonLocal, "This table is shared with the local network only.")
			return
		}
		if !hostNameIsOurs(r.Host, h.names) {
			h.refuse(w, http.StatusMisdirectedRequest, reasonNotFound, "Open this table by the address the host's screen shows.")
			return
		}
		hd := w.Header()
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' blob:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
		// A path with dots or doubled slashes leads nowhere here (the
		// router would redirect it to its clean form).
		if p := r.URL.Path; p == "" || p[0] != '/' || path.Clean(p) != p || strings.Contains(r.URL.RawPath, "%2") {
			h.refuse(w, http.StatusNotFound, reasonNotFound, "Nothing is here: this host shares one table, and only through its page.")
			return
		}
		if h.stopped.Load() && strings.HasPrefix(r.URL.Path, "/api/") {
			h.refuse(w, http.StatusGone, reasonStopped, stoppedWords)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// joinLimited slows whoever asks without a key, by address.
func (h *Host) joinLimited(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !h.versionOK(w, r) {
			return
		}
		if !h.joins.take(clientIP(r), waitForTurn) {
			h.refuse(w, http.StatusTooManyRequests, reasonBusy, "Too many tries to join from this device: wait a moment.")
			return
		}
		next(w, r)
	}
}

func (h *Host) versionOK(w http.ResponseWriter, r *http.Request) bool {
	if v := r.Header.Get(ProtocolHeader); v != fmt.Sprint(Protocol) {
		h.refuse(w, http.StatusConflict, reasonVersion, versionWords)
		return false
	}
	return true
}

// keyed lets through a request with a joined device's key, at that
// device's rate.
func (h *Host) keyed(next func(http.ResponseWriter, *http.Request, deviceRecord)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !h.versionOK(w, r) {
			return
		}
		key, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Device ")
		d := h.reg.byKeyOf(key)
		if !ok || d == nil {
			h.failedJoin(r)
			h.refuse(w, http.StatusUnauthorized, reasonKey, keyWords)
			return
		}
		if !h.cmds.enter(d.ID) {
			h.refuse(w, http.StatusTooManyRequests, reasonBusy, busyWords)
			return
		}
		defer h.cmds.leave(d.ID)
		if r.URL.Path != "/api/stream" && !h.cmds.take(d.ID, waitForTurn) {
			h.refuse(w, http.StatusTooManyRequests, reasonBusy, busyWords)
			return
		}
		h.reg.touch(d.ID, h.now())
		next(w, r, *d)
	}
}

// handleMe tells a page who its device is now.
func (h *Host) handleMe(w http.ResponseWriter, r *http.Request, d deviceRecord) {
	writeJSON(w, http.StatusOK, joinAnswer{Protocol: Protocol, Device: d.ID, Share: h.reg.join.Share, Campaign: h.camp.ID, You: h.you(d)})
}

func (h *Host) you(d deviceRecord) You {
	return You{Device: d.ID, Name: d.Name, Seat: d.Seat, Role: d.role()}
}

func (h *Host) title() string {
	c := h.opts.Session.Campaign()
	t := c.Game.Title()
	if strings.Contains(c.Name, t) {
		return c.Name
	}
	return c.Name + " · " + t
}

// writeDeadline lets a handler's answer take at most timeouts.write.
func writeDeadline(w http.ResponseWriter) {
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(timeouts.write))
}

// quietLog keeps the server's own complaints (a phone gone mid-answer, a
// slow client timed out) out of the app's output: they are the network's
// weather, not faults.
func quietLog() *log.Logger { return log.New(io.Discard, "", 0) }
