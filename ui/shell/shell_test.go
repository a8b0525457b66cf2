package shell

import (
	"errors"
	"strings"
	"testing"

	"tablekeeper/tracker"
)

func session(t *testing.T) *tracker.Session {
	t.Helper()
	mem := tracker.NewMemStore()
	c, err := tracker.NewCampaign(tracker.Alone, "Solo", 5, mustNow())
	if err != nil {
		t.Fatal(err)
	}
	if err := mem.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(mem, tracker.Basic(tracker.Alone), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestContextDoLockMessagesAndListeners(t *testing.T) {
	s := session(t)
	locked := false
	var msgs []string
	ctx := NewContext(s, nil, Hooks{
		Locked: func() bool { return locked },
		Message: func(text string, isError bool) {
			msgs = append(msgs, map[bool]string{true: "!", false: ""}[isError]+text)
		},
	})
	var changes int
	ctx.OnChange(func(tracker.Event) { changes++ })

	if _, ok := ctx.Do(tracker.AddNote{Text: "found a key"}); !ok || changes != 1 {
		t.Fatalf("ok %v, changes %d", ok, changes)
	}
	if _, ok := ctx.Do(tracker.AddNote{Text: " "}); ok || changes != 1 {
		t.Fatal("an empty note was taken")
	}
	locked = true
	if _, ok := ctx.Do(tracker.AddNote{Text: "x"}); ok {
		t.Fatal("locked, yet done")
	}
	if _, ok := ctx.Run(s.Undo); ok || s.Depth() != 1 {
		t.Fatal("locked, yet undone")
	}
	locked = false
	if _, ok := ctx.Run(s.Undo); !ok || s.Depth() != 0 || changes != 2 {
		t.Fatalf("undo: depth %d, changes %d", s.Depth(), changes)
	}
	want := []string{"Note: found a key", "!the note is empty", "!" + ErrLocked.Error(), "!" + ErrLocked.Error(), "Undid: Note: found a key"}
	if strings.Join(msgs, "|") != strings.Join(want, "|") {
		t.Fatalf("messages:\n%q\nwant\n%q", msgs, want)
	}
	if ctx.Settings().TextScale != 1 {
		t.Fatal("default settings")
	}
	if !errors.Is(ErrLocked, ErrLocked) || TabLog.String() != "Log" || Resolve.String() != "Resolve" || Next.String() != "Next" {
		t.Fatal("names")
	}
}

func TestZeroHooksDoNothing(t *testing.T) {
	ctx := NewContext(session(t), nil, Hooks{})
	if ctx.Locked() {
		t.Fatal("locked without a hook")
	}
	ctx.Message("x", true)
	if _, ok := ctx.Do(tracker.AddNote{Text: "n"}); !ok {
		t.Fatal("not done")
	}
}
