package share

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
)

// Hostile clients: each is refused in words, the campaign is unchanged,
// and the host goes on serving the others.

// raw sends a request as anything on the network could.
func raw(t *testing.T, method, url string, headers map[string]string, body []byte) (int, problem) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var p problem
	if res.StatusCode != 200 {
		if err := json.Unmarshal(b, &p); err != nil || p.Words == "" {
			t.Errorf("%s %s: %d answered %q, not in words", method, url, res.StatusCode, b)
		}
	}
	return res.StatusCode, p
}

// TestHostileRequestsAreRefusedInWordsAndChangeNothing: a campaign file
// on disk, a player and a watcher joined; every hostile request is refused
// with words, the file's log is as it was, and the player's next tap
// counts.
func TestHostileRequestsAreRefusedInWordsAndChangeNothing(t *testing.T) {
	path := t.TempDir() + "/tk.db"
	db, err := storage.Open(path, games.Registry())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, _ := db.NewCampaign(tracker.Alone, "Hostile night", 5)
	other, _ := db.NewCampaign(tracker.Eternaut, "Another campaign", 6)
	s, err := db.OpenSession(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := startHost(t, Options{Session: s, Devices: db})
	ana := joined(t, h, "Marta", "ana")
	ana.tap(t, Action{Name: "note", Arg: "before"})
	watcher := joined(t, h, "Sofa", "")
	_ = h.SetRole(watcher.device, RoleWatch)
	seq, digest := s.LastSeq(), s.Digest()
	u := base(h)
	key := "Device " + ana.key
	good := map[string]string{ProtocolHeader: strconv.Itoa(Protocol), "Authorization": key, "Content-Type": "application/json"}
	with := func(k, v string) map[string]string {
		m := map[string]string{}
		for a, b := range good {
			m[a] = b
		}
		if v == "" {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}
	cmd := func(v any) []byte { b, _ := json.Marshal(v); return b }
	note := cmd(commandRequest{Seq: 50, Action: Action{Name: "note", Arg: "x"}})
	huge := append(append([]byte(`{"seq":51,"action":{"name":"note","arg":"`), bytes.Repeat([]byte("a"), 2<<20)...), `"}}`...)
	cases := []struct {
		name    string
		method  string
		path    string
		headers map[string]string
		body    []byte
		status  int
	}{
		{"no key", "POST", "/api/command", with("Authorization", ""), note, 401},
		{"a wrong key", "POST", "/api/command", with("Authorization", "Device AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), note, 401},
		{"the key without its word", "POST", "/api/command", with("Authorization", ana.key), note, 401},
		{"the join code as a key", "POST", "/api/command", with("Authorization", "Device "+h.JoinCode()), note, 401},
		{"no protocol", "POST", "/api/command", with(ProtocolHeader, ""), note, 409},
		{"another protocol", "POST", "/api/command", with(ProtocolHeader, "99"), note, 409},
		{"a body of 2 MB", "POST", "/api/command", good, huge, 413},
		{"malformed JSON", "POST", "/api/command", good, []byte(`{"seq": 52, "action": {"name": "note"`), 400},
		{"not JSON at all", "POST", "/api/command", good, []byte("DROP TABLE campaigns"), 400},
		{"a field the page never sends", "POST", "/api/command", good, []byte(`{"seq":53,"action":{"name":"note","arg":"x"},"state":{"life":99}}`), 400},
		{"two bodies", "POST", "/api/command", good, []byte(`{"seq":54,"action":{"name":"note","arg":"x"}}{"seq":55}`), 400},
		{"as a form", "POST", "/api/command", with("Content-Type", "application/x-www-form-urlencoded"), []byte("seq=56"), 415},
		{"number 0", "POST", "/api/command", good, cmd(commandRequest{Seq: 0, Action: Action{Name: "note", Arg: "x"}}), 400},
		{"a number past 2^53", "POST", "/api/command", good, cmd(commandRequest{Seq: 1 << 60, Action: Action{Name: "note", Arg: "x"}}), 400},
		{"another campaign's ID", "POST", "/api/command", good, cmd(commandRequest{Seq: 57, Campaign: other.ID, Action: Action{Name: "note", Arg: "x"}}), 409},
		{"GET of a command", "GET", "/api/command", good, nil, 405},
		{"a stream by POST", "POST", "/api/stream", good, nil, 405},
		{"joining with a wrong code", "POST", "/api/join", with("Authorization", ""), cmd(joinRequest{Protocol: Protocol, Code: "AAAAAA", Name: "Eve"}), 403},
		{"joining with a wrong token", "POST", "/api/join", with("Authorization", ""), cmd(joinRequest{Protocol: Protocol, Token: "0123456789abcdef0123", Name: "Eve"}), 403},
		{"joining with no code", "POST", "/api/join", with("Authorization", ""), cmd(joinRequest{Protocol: Protocol, Name: "Eve"}), 403},
		{"joining a seat not at the table", "POST", "/api/join", with("Authorization", ""), cmd(joinRequest{Protocol: Protocol, Code: h.JoinCode(), Name: "Eve", Seat: "../../etc"}), 400},
		{"joining with a name of control characters", "POST", "/api/join", with("Authorization", ""), cmd(joinRequest{Protocol: Protocol, Code: h.JoinCode(), Name: "Eve\u202e\x00"}), 400},
		{"joining with a long name", "POST", "/api/join", with("Authorization", ""), cmd(joinRequest{Protocol: Protocol, Code: h.JoinCode(), Name: strings.Repeat("E", 500)}), 400},
		{"sitting at a seat not at the table", "POST", "/api/seat", good, cmd(seatRequest{Seat: "ben/../../ana"}), 400},
		{"a file's path", "GET", "/../../etc/passwd", good, nil, 404},
		{"the source", "GET", "/page/../host.go", good, nil, 404},
		{"the page's template", "GET", "/page/index.html", good, nil, 404},
		{"an escaped path", "GET", "/page/..%2fhost.go", good, nil, 404},
		{"backups", "GET", "/backups", good, nil, 404},
		{"the file", "GET", "/tablekeeper.db", good, nil, 404},
		{"another campaign", "GET", "/api/campaigns/" + other.ID, good, nil, 404},
		{"an export", "GET", "/api/export", good, nil, 404},
		{"an import", "POST", "/api/import", good, []byte(`{}`), 404},
		{"a restore", "POST", "/api/restore", good, []byte(`{}`), 404},
		{"a delete", "POST", "/api/delete", good, []byte(`{}`), 404},
		{"the settings", "GET", "/api/settings", good, nil, 404},
		{"another host's name", "GET", "/api/me", with("Host", "evil.example"), nil, 421},
	}
	for _, c := range cases {
		st, p := raw(t, c.method, u+c.path, c.headers, c.body)
		if st != c.status {
			t.Errorf("%s: status %d (%s), want %d", c.name, st, p.Words, c.status)
		}
		wantWords(t, c.name, p.Words)
	}
	// A watcher's edit and commands for another game or figure: refused
	// answers in words.
	for _, c := range []struct {
		who *phone
		a   Action
	}{
		{watcher, Action{Name: "plus", Figure: "ana"}},
		{watcher, Action{Name: "note", Arg: "sneaky"}},
		{ana, Action{Name: "eternaut.timer", N: 99}},
		{ana, Action{Name: "plus", Figure: "../../../../etc/passwd"}},
		{ana, Action{Name: strings.Repeat("x", 10000)}},
		{ana, Action{Name: "note", Arg: strings.Repeat("é", tracker.MaxNoteLen+1)}},
		{ana, Action{Name: "note", Arg: "   "}},
	} {
		got := c.who.tap(t, c.a)
		if got.Status != "refused" {
			t.Errorf("%.40q: %+v", c.a.Name, got)
		}
		wantWords(t, c.a.Name, got.Words)
	}
	if s.LastSeq() != seq || s.Digest() != digest {
		t.Fatalf("the campaign changed: %d events (was %d)", s.LastSeq(), seq)
	}
	// The other campaign in the same file is untouched.
	if oc, _ := db.Campaign(other.ID); oc.Events != 0 {
		t.Fatal("another campaign was written")
	}
	if r := ana.tap(t, Action{Name: "note", Arg: "after"}); r.Status != "accepted" {
		t.Fatalf("the host stopped serving: %+v", r)
	}
}

// TestOnlyTheLocalNetworkComesIn: loopback, private and link-local
// addresses are let in; others only when the players allow it.
func TestOnlyTheLocalNetworkComesIn(t *testing.T) {
	h, _ := startHost(t, Options{})
	for _, c := range []struct {
		addr string
		in   bool
	}{
		{"127.0.0.1:5000", true}, {"[::1]:5000", true}, {"192.168.1.20:5000", true}, {"10.0.0.7:1", true},
		{"172.16.4.4:1", true}, {"[fd00::5]:1", true}, {"169.254.3.3:1", true}, {"[fe80::1%eth0]:1", true},
		{"[::ffff:192.168.1.9]:1", true},
		{"8.8.8.8:5000", false}, {"100.64.0.1:1", false}, {"[2001:db8::1]:1", false}, {"172.32.0.1:1", false}, {"garbage", false},
	} {
		req := httptest.NewRequest("GET", "/api/me", nil)
		req.RemoteAddr = c.addr
		req.Host = "192.168.1.2:8080"
		rec := httptest.NewRecorder()
		h.srv.Handler.ServeHTTP(rec, req)
		refused := rec.Code == http.StatusForbidden && strings.Contains(rec.Body.String(), "local network only")
		if refused == c.in {
			t.Errorf("%s: %d %s", c.addr, rec.Code, rec.Body.String())
		}
	}
	out, _ := startHost(t, Options{AllowOutside: true})
	req := httptest.NewRequest("GET", "/", nil)
	req.RemoteAddr = "8.8.8.8:5000"
	req.Host = "203.0.113.5:8080"
	rec := httptest.NewRecorder()
	out.srv.Handler.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Fatalf("AllowOutside: %d", rec.Code)
	}
}

// TestSlowDripIsCutOff: a client that sends its request a byte at a time
// is cut off by the server's timeouts, while a phone is served.
func TestSlowDripIsCutOff(t *testing.T) {
	saved := timeouts
	timeouts.header, timeouts.read = 400*time.Millisecond, 800*time.Millisecond
	defer func() { timeouts = saved }()
	h, s := startHost(t, Options{})
	ana := joined(t, h, "Marta", "ana")
	for _, c := range []struct {
		name, head string
	}{
		{"headers a byte at a time", "GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\n"},
		{"a body a byte at a time", "POST /api/command HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
			ProtocolHeader + ": 1\r\nAuthorization: Device " + ana.key + "\r\nContent-Length: 200\r\n\r\n"},
	} {
		conn, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(h.Port()))
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		closed := make(chan time.Duration, 1)
		go func() {
			_, _ = io.Copy(io.Discard, conn)
			closed <- time.Since(start)
		}()
		go func() {
			if strings.HasPrefix(c.head, "POST") {
				_, _ = conn.Write([]byte(c.head))
			}
			for i := 0; i < 100; i++ {
				if _, err := conn.Write([]byte("x")); err != nil {
					return
				}
				time.Sleep(50 * time.Millisecond)
			}
		}()
		// Meanwhile a phone is answered.
		if r := ana.tap(t, Action{Name: "note", Arg: c.name}); r.Status != "accepted" {
			t.Fatalf("%s: the phone was not served: %+v", c.name, r)
		}
		select {
		case d := <-closed:
			if d > 3*time.Second {
				t.Errorf("%s: cut off after %v", c.name, d)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("%s: never cut off", c.name)
		}
		conn.Close()
	}
	if len(allNotes(s)) != 2 {
		t.Fatalf("%d notes", len(allNotes(s)))
	}
}

// TestAFloodFromOneDeviceIsSlowedWithoutStarvingOthers: one device sends
// as fast as it can from many connections; it is slowed (many refused as
// too many, in words), and another phone's taps are answered meanwhile.
func TestAFloodFromOneDeviceIsSlowedWithoutStarvingOthers(t *testing.T) {
	h, s := startHost(t, Options{})
	flood := joined(t, h, "Flood", "ana")
	ben := joined(t, h, "Jon", "ben")
	var ok, busy, seq atomic.Int64
	var words atomic.Value
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for g := 0; g < 24; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				n := uint64(seq.Add(1))
				_, st, pr, err := flood.send(n, Action{Name: "note", Arg: "flood"})
				switch {
				case err != nil:
				case st == 200:
					ok.Add(1)
				case st == 429:
					busy.Add(1)
					words.Store(pr.Words)
				}
			}
		}()
	}
	start := time.Now()
	var worst time.Duration
	for i := 0; i < 20; i++ {
		t0 := time.Now()
		if r := ben.tap(t, Action{Name: "plus", Figure: "ben"}); r.Status != "accepted" {
			t.Fatalf("%+v", r)
		}
		worst = max(worst, time.Since(t0))
		time.Sleep(50 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	elapsed := time.Since(start)
	limit := int64(commandBurst + commandRate*elapsed.Seconds() + 5)
	t.Logf("in %v the flood had %d taps taken and %d refused as too many; the other phone's slowest tap took %v", elapsed.Round(time.Millisecond), ok.Load(), busy.Load(), worst.Round(time.Millisecond))
	if ok.Load() > limit {
		t.Errorf("the flood had %d taps taken, more than its rate allows (%d)", ok.Load(), limit)
	}
	if busy.Load() == 0 {
		t.Error("the flood was never slowed")
	} else {
		wantWords(t, "too many", words.Load().(string))
	}
	if worst > 2*time.Second {
		t.Errorf("the other phone waited %v for a tap", worst)
	}
	if notesBy(s, "ben") != 20 {
		t.Fatalf("ben has %d", notesBy(s, "ben"))
	}
}

func TestJoiningIsBounded(t *testing.T) {
	h, _ := startHost(t, Options{})
	// Wrong codes from one address are slowed.
	start := time.Now()
	for i := 0; i < 8; i++ {
		p := newPhone(base(h))
		if err := p.join("XXXXXX", "", "Eve", ""); err == nil {
			t.Fatal("a wrong code joined")
		}
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("8 wrong codes took only %v", d)
	}
	// At most MaxDevices (the devices of a whole table join from one
	// address here: the address's rate is lifted).
	h.joins = newLimiter(1000, 1000, time.Now)
	for i := 0; i < MaxDevices; i++ {
		p := newPhone(base(h))
		var a joinAnswer
		for {
			st, pr, err := p.call("POST", "/api/join", joinRequest{Protocol: Protocol, Code: h.JoinCode(), Name: fmt.Sprintf("Phone %d", i)}, &a)
			if err != nil {
				t.Fatal(err)
			}
			if st == 429 {
				time.Sleep(200 * time.Millisecond)
				continue
			}
			if st != 200 {
				t.Fatalf("join %d: %d %s", i, st, pr.Words)
			}
			break
		}
	}
	p := newPhone(base(h))
	for {
		st, pr, _ := p.call("POST", "/api/join", joinRequest{Protocol: Protocol, Code: h.JoinCode(), Name: "One too many"}, nil)
		if st == 429 {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		if st != 503 || !strings.Contains(pr.Words, "the most it takes") {
			t.Fatalf("one device too many: %d %s", st, pr.Words)
		}
		wantWords(t, "too many devices", pr.Words)
		break
	}
}

func TestStreamsPerDeviceAreBounded(t *testing.T) {
	h, _ := startHost(t, Options{})
	p := joined(t, h, "Marta", "ana")
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	open := func() string {
		c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(h.Port()))
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n%s: 1\r\nAuthorization: Device %s\r\n\r\n", ProtocolHeader, p.key)
		line, _ := bufio.NewReader(c).ReadString('\n')
		return line
	}
	for i := 0; i < maxStreamsPerDevice; i++ {
		if l := open(); !strings.Contains(l, "200") {
			t.Fatalf("stream %d: %q", i, l)
		}
	}
	if l := open(); !strings.Contains(l, "429") {
		t.Fatalf("one stream too many: %q", l)
	}
}
