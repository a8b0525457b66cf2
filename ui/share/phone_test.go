package share

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// phone is a device as the tests drive it: the page's requests, in Go.
type phone struct {
	base     string
	hc       *http.Client
	device   string
	key      string
	campaign string
	seq      uint64
}

func newPhone(base string) *phone {
	return &phone{base: base, hc: &http.Client{Timeout: 20 * time.Second}}
}

// call sends a request with the page's headers; the body's answer is
// decoded into out when the status is 200.
func (p *phone) call(method, path string, body any, out any) (int, problem, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.base+path, rd)
	req.Header.Set(ProtocolHeader, strconv.Itoa(Protocol))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if p.key != "" {
		req.Header.Set("Authorization", "Device "+p.key)
	}
	res, err := p.hc.Do(req)
	if err != nil {
		return 0, problem{}, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return res.StatusCode, problem{}, err
	}
	if res.StatusCode != http.StatusOK {
		var pr problem
		if err := json.Unmarshal(b, &pr); err != nil {
			return res.StatusCode, pr, fmt.Errorf("status %d, an answer that is not a problem: %q", res.StatusCode, b)
		}
		return res.StatusCode, pr, nil
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return res.StatusCode, problem{}, err
		}
	}
	return res.StatusCode, problem{}, nil
}

func (p *phone) join(code, token, name, seat string) error {
	var a joinAnswer
	st, pr, err := p.call("POST", "/api/join", joinRequest{Protocol: Protocol, Code: code, Token: token, Name: name, Seat: seat}, &a)
	if err != nil {
		return err
	}
	if st != 200 {
		return fmt.Errorf("join: %d %s", st, pr.Words)
	}
	p.device, p.key, p.campaign = a.Device, a.Key, a.Campaign
	return nil
}

// send sends a tap under a number of its own.
func (p *phone) send(seq uint64, a Action) (commandAnswer, int, problem, error) {
	var ans commandAnswer
	st, pr, err := p.call("POST", "/api/command", commandRequest{Seq: seq, Campaign: p.campaign, Action: a}, &ans)
	return ans, st, pr, err
}

// tap numbers a tap and sends it once.
func (p *phone) tap(t testing.TB, a Action) commandAnswer {
	t.Helper()
	p.seq++
	ans, st, pr, err := p.send(p.seq, a)
	if err != nil || st != 200 {
		t.Fatalf("tap %+v: %d %v %s", a, st, err, pr.Words)
	}
	return ans
}

// sse is one event of a stream.
type sse struct {
	event string
	id    string
	data  []byte
}

// stream opens the phone's stream (after last, when set) and sends its
// events on the channel until ctx ends or the stream does.
func (p *phone) stream(ctx context.Context, last string) (<-chan sse, int, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", p.base+"/api/stream", nil)
	req.Header.Set(ProtocolHeader, strconv.Itoa(Protocol))
	req.Header.Set("Authorization", "Device "+p.key)
	if last != "" {
		req.Header.Set("Last-Event-ID", last)
	}
	hc := &http.Client{}
	res, err := hc.Do(req)
	if err != nil {
		return nil, 0, err
	}
	if res.StatusCode != 200 {
		res.Body.Close()
		return nil, res.StatusCode, nil
	}
	ch := make(chan sse, 64)
	go func() {
		defer close(ch)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<16), 4<<20)
		var cur sse
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if cur.event != "" {
					select {
					case ch <- cur:
					case <-ctx.Done():
						return
					}
				}
				cur = sse{}
			case strings.HasPrefix(line, "event: "):
				cur.event = line[7:]
			case strings.HasPrefix(line, "id: "):
				cur.id = line[4:]
			case strings.HasPrefix(line, "data: "):
				cur.data = append(cur.data, line[6:]...)
			}
		}
	}()
	return ch, 200, nil
}

// seenPush is a push as a test reads it, its view decoded.
type seenPush struct {
	push
	View View `json:"view"`
}

// next waits for the next table push on a stream.
func next(t testing.TB, ch <-chan sse) seenPush {
	t.Helper()
	select {
	case e, ok := <-ch:
		if !ok {
			t.Fatal("the stream ended")
		}
		if e.event != "table" {
			t.Fatalf("event %q: %s", e.event, e.data)
		}
		var p seenPush
		if err := json.Unmarshal(e.data, &p); err != nil {
			t.Fatal(err)
		}
		return p
	case <-time.After(10 * time.Second):
		t.Fatal("no push within 10 s")
	}
	return seenPush{}
}

// until reads pushes until one reaches seq.
func until(t testing.TB, ch <-chan sse, seq uint64) seenPush {
	t.Helper()
	for {
		p := next(t, ch)
		if p.Seq >= seq {
			return p
		}
	}
}
