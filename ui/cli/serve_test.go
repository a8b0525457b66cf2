package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	"tablekeeper/ui/share"
)

// TestServeSharesTheMostRecentCampaignAndStopsCleanly runs the verb in
// this process: it prints the address and the join code, a phone joins
// and writes a note, and on the stop the file is closed with the note in
// it and the devices forgotten.
func TestServeSharesTheMostRecentCampaignAndStopsCleanly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tk.db")
	db, err := storage.Open(path, games.Registry())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.NewCampaign(tracker.Alone, "Older", 1); err != nil {
		t.Fatal(err)
	}
	time.Sleep(10 * time.Millisecond)
	c, _ := db.NewCampaign(tracker.Eternaut, "Newest", 2)
	db.Close()

	outR, outW := io.Pipe()
	stop := make(chan struct{})
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- Run([]string{"--db", path, "serve", "--addr", "127.0.0.1:0"}, Env{Stdin: strings.NewReader(""), Stdout: outW, Stderr: &errb,
			Registry: games.Registry(), Stop: stop})
		outW.Close()
	}()
	sc := bufio.NewScanner(outR)
	var addr, code, text string
	for sc.Scan() {
		line := sc.Text()
		text += line + "\n"
		if m := regexp.MustCompile(`phone or tablet:\s+(http://\S+)`).FindStringSubmatch(line); m != nil {
			addr = m[1]
		}
		if m := regexp.MustCompile(`Join code:\s+([A-Z]{6})$`).FindStringSubmatch(line); m != nil {
			code = m[1]
		}
		if strings.HasPrefix(line, "Press Ctrl+C") {
			break
		}
	}
	if addr == "" || code == "" || !strings.Contains(text, "“Newest” (The Eternaut)") {
		t.Fatalf("serve printed:\n%s%s", text, errb.String())
	}
	go func() { _, _ = io.Copy(io.Discard, outR) }()
	post := func(path, key string, body any, out any) int {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", strings.TrimSuffix(addr, "/")+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(share.ProtocolHeader, strconv.Itoa(share.Protocol))
		if key != "" {
			req.Header.Set("Authorization", "Device "+key)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		_ = json.NewDecoder(res.Body).Decode(out)
		return res.StatusCode
	}
	var j struct{ Key string }
	if st := post("/api/join", "", map[string]any{"protocol": share.Protocol, "code": strings.ToLower(code), "name": "Marta", "seat": ""}, &j); st != 200 || j.Key == "" {
		t.Fatalf("join: %d", st)
	}
	var a struct{ Status, Line string }
	if st := post("/api/command", j.Key, map[string]any{"seq": 1, "action": map[string]any{"name": "note", "arg": "from the sofa"}}, &a); st != 200 || a.Status != "accepted" {
		t.Fatalf("note: %d %+v", st, a)
	}
	close(stop)
	select {
	case rc := <-done:
		if rc != 0 {
			t.Fatalf("exit %d: %s", rc, errb.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	// The file is closed (it opens at once) and holds the note; the
	// devices are forgotten.
	db, err = storage.Open(path, games.Registry())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, _ := db.OpenSession(c.ID)
	if n, _ := s.Notes(10, 0); len(n) != 1 || n[0].Text != "Marta: from the sofa" {
		t.Fatalf("notes %+v", n)
	}
	if kept, _ := db.LoadShare(c.ID); len(kept) != 0 {
		t.Fatalf("still kept after the stop: %v", kept)
	}
}

func TestServeRefusesWhatItCannotShare(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tk.db")
	env := Env{Registry: games.Registry()}
	r := run(t, env, "--db", path, "serve")
	if r.code != 1 || !strings.Contains(r.stderr, "no campaign to share yet") {
		t.Fatalf("%+v", r)
	}
	run(t, env, "--db", path, "new", "alone", "One")
	r = run(t, env, "--db", path, "serve", "ffff")
	if r.code != 1 || !strings.Contains(r.stderr, "no campaign has an ID starting with") {
		t.Fatalf("%+v", r)
	}
	r = run(t, env, "--db", path, "serve", "a", "b")
	if r.code != 2 {
		t.Fatalf("%+v", r)
	}
	r = run(t, env, "--db", path, "serve", "--addr", "999.1.1.1:0")
	if r.code != 1 || !strings.Contains(r.stderr, "sharing cannot start") {
		t.Fatalf("%+v", r)
	}
}
