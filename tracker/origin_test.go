package tracker

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

// words is how the app turns a refusal into players' words (ui/shell.Words,
// which tracker cannot import): the rule's Why in place of the rule's text.
func words(err error) string {
	var re *RuleError
	if !errors.As(err, &re) {
		return err.Error()
	}
	return strings.Replace(err.Error(), re.Error(), re.Why+" [p]", 1)
}

func mustAnswer(t *testing.T) func(Answer, error) Answer {
	return func(a Answer, err error) Answer {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
}

func TestDoAsAppliesOnceAndAnswersTheSameAgain(t *testing.T) {
	s, mem := newTestSession(t)
	o := Origin{Device: "phone-1", Seq: 1, Sum: 7}
	a := mustAnswer(t)(s.DoAs(o, damage{3}))
	if !a.Accepted() || a.Repeat || a.Event.Seq != 1 || a.Event.Origin == nil || a.Event.Origin.Device != "phone-1" || a.Event.Origin.Seq != 1 {
		t.Fatalf("first answer %+v", a)
	}
	for range 3 {
		b := mustAnswer(t)(s.DoAs(o, damage{3}))
		if !b.Repeat || b.Event.ID != a.Event.ID || s.Describe(b.Event) != s.Describe(a.Event) {
			t.Fatalf("repeat answered %+v, want the first event again", b)
		}
	}
	if life(s) != 7 || s.LastSeq() != 1 {
		t.Fatalf("a repeat was applied: life %d, %d events", life(s), s.LastSeq())
	}
	// The answer is in the store, not only in the session: a session
	// opened afresh (a host restarted) answers the retry the same way.
	s2, err := Open(mem, counterRules{}, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	b := mustAnswer(t)(s2.DoAs(o, damage{3}))
	if !b.Repeat || b.Event.ID != a.Event.ID || life(s2) != 7 {
		t.Fatalf("after reopening: %+v, life %d", b, life(s2))
	}
	// The digest is never in the event, nor in its export.
	js, _ := json.Marshal(a.Event)
	if strings.Contains(string(js), "sum") || !strings.Contains(string(js), `"origin":{"device":"phone-1","seq":1}`) {
		t.Fatalf("event as stored: %s", js)
	}
}

func TestDoAsRemembersARefusalInTheSameWords(t *testing.T) {
	s, _ := newTestSession(t)
	o := Origin{Device: "d", Seq: 5}
	// Life is at its most: healing is refused by the rules.
	a := mustAnswer(t)(s.DoAs(o, heal{1}))
	if a.Accepted() || a.Repeat {
		t.Fatalf("first answer %+v", a)
	}
	first := words(a.Refusal)
	if !strings.Contains(first, "life cannot go above 10 [p]") {
		t.Fatalf("refusal reads %q", first)
	}
	// Now it would be allowed; the retry still gets the first answer.
	must(t)(s.Do(damage{2}))
	b := mustAnswer(t)(s.DoAs(o, heal{1}))
	if b.Accepted() || !b.Repeat || words(b.Refusal) != first || b.Refusal.Error() != a.Refusal.Error() {
		t.Fatalf("repeat %+v reads %q, want %q", b, words(b.Refusal), first)
	}
	if life(s) != 8 || s.LastSeq() != 1 {
		t.Fatalf("the refused retry was applied: life %d", life(s))
	}
	// The host's own refusals (RefuseAs) are kept the same way, and a
	// command for an origin refused so is never applied.
	r := mustAnswer(t)(s.RefuseAs(Origin{Device: "d", Seq: 6}, errors.New("only the host may do that")))
	if r.Accepted() {
		t.Fatal("RefuseAs accepted")
	}
	c := mustAnswer(t)(s.DoAs(Origin{Device: "d", Seq: 6}, damage{1}))
	if c.Accepted() || !c.Repeat || c.Refusal.Error() != "only the host may do that" || life(s) != 8 {
		t.Fatalf("a command after RefuseAs: %+v, life %d", c, life(s))
	}
	// RefuseAs of an accepted origin keeps the acceptance.
	ok := mustAnswer(t)(s.DoAs(Origin{Device: "d", Seq: 7}, damage{1}))
	again := mustAnswer(t)(s.RefuseAs(Origin{Device: "d", Seq: 7}, errors.New("no")))
	if !again.Accepted() || again.Event.ID != ok.Event.ID {
		t.Fatalf("RefuseAs turned an acceptance into %+v", again)
	}
}

func TestAnOriginReusedForAnotherActionDoesNothing(t *testing.T) {
	s, _ := newTestSession(t)
	mustAnswer(t)(s.DoAs(Origin{Device: "d", Seq: 1, Sum: 1}, damage{1}))
	if _, err := s.DoAs(Origin{Device: "d", Seq: 1, Sum: 2}, damage{4}); !errors.Is(err, ErrOriginReused) {
		t.Fatalf("reused number: %v", err)
	}
	if _, err := s.UndoAs(Origin{Device: "d", Seq: 1, Sum: 3}); !errors.Is(err, ErrOriginReused) {
		t.Fatalf("reused number for an undo: %v", err)
	}
	if life(s) != 9 || s.LastSeq() != 1 {
		t.Fatalf("life %d, %d events", life(s), s.LastSeq())
	}
}

func TestOriginsOfBadFormAreRefused(t *testing.T) {
	s, _ := newTestSession(t)
	for _, o := range []Origin{
		{Device: "", Seq: 1},
		{Device: "a/../b", Seq: 1},
		{Device: "ok", Seq: 0},
		{Device: "ok", Seq: MaxOriginSeq + 1},
		{Device: strings.Repeat("x", MaxDeviceIDLen+1), Seq: 1},
		{Device: "naïve", Seq: 1},
	} {
		if _, err := s.DoAs(o, damage{1}); err == nil {
			t.Errorf("%+v was taken", o)
		}
	}
	if s.LastSeq() != 0 {
		t.Fatal("a bad origin recorded something")
	}
}

// TestAnswersKeptAreBoundedAndOldOnesAreNeverApplied: each device keeps its
// newest AnswersKept answers; a number older than those is refused without
// being applied (it may have counted), and a number never seen within the
// window is new.
func TestAnswersKeptAreBoundedAndOldOnesAreNeverApplied(t *testing.T) {
	s, mem := newTestSession(t)
	for i := uint64(1); i <= AnswersKept+10; i++ {
		mustAnswer(t)(s.DoAs(Origin{Device: "d", Seq: i}, AddNote{Text: "n"}))
	}
	d, _ := mem.Answers(s.Campaign().ID, "d")
	if len(d.List) != AnswersKept || d.Below != 11 {
		t.Fatalf("kept %d answers, below %d", len(d.List), d.Below)
	}
	n := s.LastSeq()
	if _, err := s.DoAs(Origin{Device: "d", Seq: 3}, AddNote{Text: "n"}); !errors.Is(err, ErrOriginForgotten) {
		t.Fatalf("an old number: %v", err)
	}
	if a := mustAnswer(t)(s.DoAs(Origin{Device: "d", Seq: 20}, AddNote{Text: "n"})); !a.Repeat {
		t.Fatal("a kept number was applied again")
	}
	if s.LastSeq() != n {
		t.Fatal("something was recorded")
	}
	// Another device has its own numbers.
	if a := mustAnswer(t)(s.DoAs(Origin{Device: "e", Seq: 3}, AddNote{Text: "n"})); a.Repeat || !a.Accepted() {
		t.Fatalf("another device's number 3: %+v", a)
	}
	// A number skipped (two tabs of one device racing) is still new.
	if a := mustAnswer(t)(s.DoAs(Origin{Device: "d", Seq: 200}, AddNote{Text: "n"})); a.Repeat {
		t.Fatal("200 was a repeat")
	}
	if a := mustAnswer(t)(s.DoAs(Origin{Device: "d", Seq: 150}, AddNote{Text: "n"})); a.Repeat || !a.Accepted() {
		t.Fatalf("150 after 200: %+v", a)
	}
}

func TestUndoAsTakesBackOnlyTheDevicesOwnNewestAction(t *testing.T) {
	s, _ := newTestSession(t)
	mustAnswer(t)(s.DoAs(Origin{Device: "a", Seq: 1}, damage{1}))
	mustAnswer(t)(s.DoAs(Origin{Device: "b", Seq: 1}, damage{2}))
	// a's action is no longer the newest.
	r := mustAnswer(t)(s.UndoAs(Origin{Device: "a", Seq: 2}))
	if r.Accepted() || !strings.Contains(r.Refusal.Error(), "not one of yours") || life(s) != 7 {
		t.Fatalf("a undid b's action: %+v, life %d", r, life(s))
	}
	u := mustAnswer(t)(s.UndoAs(Origin{Device: "b", Seq: 2}))
	if !u.Accepted() || u.Event.Kind != KindUndo || u.Event.Origin == nil || u.Event.Origin.Device != "b" || life(s) != 9 {
		t.Fatalf("b's undo: %+v, life %d", u, life(s))
	}
	if got := s.Describe(u.Event); got != "Undid: life 9 → 7" {
		t.Fatalf("undo line %q", got)
	}
	// Its retry is the same undo, not a second one.
	again := mustAnswer(t)(s.UndoAs(Origin{Device: "b", Seq: 2}))
	if !again.Repeat || again.Event.ID != u.Event.ID || life(s) != 9 || s.Depth() != 1 {
		t.Fatalf("the undo's retry: %+v, life %d, depth %d", again, life(s), s.Depth())
	}
	// Now a's action is the newest again.
	mustAnswer(t)(s.UndoAs(Origin{Device: "a", Seq: 3}))
	if life(s) != 10 || s.Depth() != 0 {
		t.Fatalf("life %d", life(s))
	}
	if r := mustAnswer(t)(s.UndoAs(Origin{Device: "a", Seq: 4})); r.Accepted() {
		t.Fatal("undo with nothing to undo")
	}
	// An action made on the host's own screen has no origin: no phone
	// undoes it.
	must(t)(s.Do(damage{1}))
	if r := mustAnswer(t)(s.UndoAs(Origin{Device: "a", Seq: 5})); r.Accepted() {
		t.Fatal("a phone undid the host's action")
	}
}

// answerFailingStore fails to commit an answered event or a refusal.
type answerFailingStore struct{ *MemStore }

func (answerFailingStore) AppendAnswered(string, Event, string, DeviceAnswers) error {
	return errors.New("disk full")
}
func (answerFailingStore) PutAnswers(string, string, DeviceAnswers) error {
	return errors.New("disk full")
}

func TestAFailedWriteIsNoAnswer(t *testing.T) {
	mem := NewMemStore()
	c, _ := NewCampaign(testGame, "Full disk", 3, time.Now())
	_ = mem.Create(c)
	s, err := Open(answerFailingStore{mem}, counterRules{}, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DoAs(Origin{Device: "d", Seq: 1}, damage{1}); err == nil {
		t.Fatal("no error on a full disk")
	}
	if _, err := s.DoAs(Origin{Device: "d", Seq: 2}, heal{1}); err == nil {
		t.Fatal("a refusal that could not be kept was answered")
	}
	if life(s) != 10 || s.LastSeq() != 0 {
		t.Fatalf("life %d", life(s))
	}
	// The same numbers, once the disk has room, are answered afresh.
	s2, _ := Open(mem, counterRules{}, c.ID)
	if a := mustAnswer(t)(s2.DoAs(Origin{Device: "d", Seq: 1}, damage{1})); !a.Accepted() || a.Repeat {
		t.Fatalf("%+v", a)
	}
}

func TestAStoreWithoutAnswersRefusesDoAs(t *testing.T) {
	mem := NewMemStore()
	c, _ := NewCampaign(testGame, "Plain", 3, time.Now())
	_ = mem.Create(c)
	s, _ := Open(struct{ Store }{mem}, counterRules{}, c.ID)
	if _, err := s.DoAs(Origin{Device: "d", Seq: 1}, damage{1}); err == nil || life(s) != 10 {
		t.Fatal("DoAs on a store without answers")
	}
}

func TestWatchStops(t *testing.T) {
	s, _ := newTestSession(t)
	var a, b int
	stopA := s.Watch(func(Event) { a++ })
	s.Watch(func(Event) { b++ })
	must(t)(s.Do(damage{1}))
	stopA()
	stopA()
	must(t)(s.Do(damage{1}))
	if a != 1 || b != 2 {
		t.Fatalf("watchers called %d and %d times", a, b)
	}
}

func TestExportAndImportCarryTheOrigin(t *testing.T) {
	data := exportOf(t, func(s *Session) {
		mustAnswer(t)(s.DoAs(Origin{Device: "phone-1", Seq: 9}, AddNote{Text: "from a phone"}))
		mustAnswer(t)(s.UndoAs(Origin{Device: "phone-1", Seq: 10}))
		must(t)(s.Do(roll{}))
	})
	x, err := ParseExport(data, decidingRegistry)
	if err != nil {
		t.Fatal(err)
	}
	if o := x.Events[0].Origin; o == nil || o.Device != "phone-1" || o.Seq != 9 {
		t.Fatalf("note's origin %+v", o)
	}
	if o := x.Events[1].Origin; o == nil || o.Seq != 10 {
		t.Fatalf("undo's origin %+v", o)
	}
	if x.Events[2].Origin != nil {
		t.Fatal("the host's own roll has an origin")
	}
	bad := func(o any) []byte {
		return editJSON(t, data, func(m map[string]any) { eventAt(m, 0)["origin"] = o })
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"device ID like a path", bad(map[string]any{"device": "../../etc", "seq": 1}), "events[0] (seq 1): origin: the device's ID holds '.'"},
		{"long device ID", bad(map[string]any{"device": strings.Repeat("a", 65), "seq": 1}), "events[0] (seq 1): origin: the device's ID is 65 characters long"},
		{"no device", bad(map[string]any{"seq": 1}), "events[0] (seq 1): origin: the device has no ID"},
		{"number 0", bad(map[string]any{"device": "a", "seq": 0}), "origin: the device's number for the action, 0,"},
		{"number past 2^53", bad(map[string]any{"device": "a", "seq": uint64(1 << 60)}), "is not between 1 and 9007199254740991"},
		{"unknown field", bad(map[string]any{"device": "a", "seq": 1, "key": "secret"}), "events[0].origin.key: no field of that name belongs here"},
		{"not an object", bad("phone"), "events[0]"},
	} {
		wantRefused(t, c.name, c.data, decidingRegistry, c.want)
	}
}

func TestDigestFollowsTheState(t *testing.T) {
	s, mem := newTestSession(t)
	d0 := s.Digest()
	must(t)(s.Do(damage{1}))
	d1 := s.Digest()
	s2, _ := Open(mem, counterRules{}, s.Campaign().ID)
	if d0 == d1 || s2.Digest() != d1 || len(d1) != 16 {
		t.Fatalf("digests %s %s %s", d0, d1, s2.Digest())
	}
	must(t)(s.Undo())
	if s.Digest() != d0 {
		t.Fatal("undo did not give back the first state's digest")
	}
}
