//go:build unix

package share

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestASlowPhoneHoldsUpNoOne: a phone that stops reading its stream (its
// socket's buffer small and full) does not slow the others' pushes; its
// stream is cut when a write cannot get through, and when it comes back
// from that far behind it gets the view afresh.
func TestASlowPhoneHoldsUpNoOne(t *testing.T) {
	saved := timeouts
	// Long enough that a host waiting on the stuck phone would show it
	// in the other phone's times (over 2 s), short enough to cut it soon.
	timeouts.write = 4 * time.Second
	defer func() { timeouts = saved }()
	h, s := startHost(t, Options{Table: fakeTable{pad: 32 << 10}})
	slow := joined(t, h, "Slow", "ben")
	fast := joined(t, h, "Fast", "ana")
	// The slow phone: a stream on a socket with a tiny buffer, never read.
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var err error
		_ = c.Control(func(fd uintptr) { err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1024) })
		return err
	}}
	conn, err := d.Dial("tcp", "127.0.0.1:"+strconv.Itoa(h.Port()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n%s: 1\r\nAuthorization: Device %s\r\n\r\n", ProtocolHeader, slow.key)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, _, _ := fast.stream(ctx, "")
	next(t, ch)
	var worst time.Duration
	for i := 0; i < 300; i++ {
		t0 := time.Now()
		a := fast.tap(t, Action{Name: "note", Arg: fmt.Sprintf("tap %d with some words to make every push longer than the last", i)})
		until(t, ch, a.Event)
		worst = max(worst, time.Since(t0))
	}
	t.Logf("300 taps; the fast phone's slowest push came %v after its tap", worst.Round(time.Millisecond))
	if worst > 2*time.Second {
		t.Errorf("a slow phone held the others up: %v", worst)
	}
	// The slow phone's stream was cut (nothing more could be written).
	deadline := time.Now().Add(20 * time.Second)
	for h.hub.connected(slow.device) > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := h.hub.connected(slow.device); n != 0 {
		t.Fatalf("the stuck stream is still open (%d)", n)
	}
	// Back from event 1, further behind than the ring: afresh.
	ch2, _, _ := slow.stream(ctx, "1")
	p := next(t, ch2)
	if !p.Fresh || p.Seq != s.LastSeq() {
		t.Fatalf("back from far behind: fresh %v, event %d of %d", p.Fresh, p.Seq, s.LastSeq())
	}
}
