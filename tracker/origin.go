package tracker

import (
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"
)

// An Origin says which device asked for an action and which of that
// device's own actions it was: a phone at a shared table numbers every tap
// it sends. The origin is recorded with its event, and the answer the
// device was given is kept beside the log in the same transaction, so a
// tap sent twice (a retry after a dropped answer, a request a network
// doubled) is applied once and answered the same way both times.
type Origin struct {
	// Device is the device's ID: letters, digits, '-' and '_', at most
	// MaxDeviceIDLen of them.
	Device string `json:"device"`
	// Seq is the device's own number for the action, from 1 on.
	Seq uint64 `json:"seq"`
	// Sum is a digest of what the device asked for, kept with the answer
	// and never in the event: a number sent again with another action (two
	// browser tabs sharing a device's counter) is caught, instead of being
	// answered with the first action's answer.
	Sum uint64 `json:"-"`
}

// Limits of an origin, checked live and on import.
const (
	MaxDeviceIDLen = 64
	// MaxOriginSeq: a page counts in JavaScript numbers, exact up to 2^53.
	MaxOriginSeq = 1<<53 - 1
	// AnswersKept is how many answers are kept for each device: a retry
	// comes seconds after its first try, and a phone sends its taps one
	// at a time, so a phone never waits on one this far back.
	AnswersKept = 64
	// maxRefusalLen bounds a refusal kept as an answer.
	maxRefusalLen = 2000
)

// Check says what is wrong with an origin's form.
func (o Origin) Check() error {
	if o.Device == "" {
		return errors.New("the device has no ID")
	}
	if len(o.Device) > MaxDeviceIDLen {
		return fmt.Errorf("the device's ID is %d characters long; at most %d fit", len(o.Device), MaxDeviceIDLen)
	}
	for _, r := range o.Device {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return fmt.Errorf("the device's ID holds %q, which no device ID holds", r)
		}
	}
	if o.Seq == 0 || o.Seq > MaxOriginSeq {
		return fmt.Errorf("the device's number for the action, %d, is not between 1 and %d", o.Seq, uint64(MaxOriginSeq))
	}
	return nil
}

// An Answer is what a device was told about one of its actions: the event
// it recorded, or why it was refused.
type Answer struct {
	Origin Origin
	// Event is the event the action recorded (Seq 0 when refused).
	Event Event
	// Refusal says why the action was refused, nil when it was accepted.
	// It reads as the rules said it (a RuleError stays one), the first
	// time and every time after.
	Refusal error
	// Repeat: the origin had been answered before, and nothing was done
	// now.
	Repeat bool
}

// Accepted says the action was recorded.
func (a Answer) Accepted() bool { return a.Refusal == nil }

// ErrOriginReused is returned, with nothing done, for a device's number
// that was already used for another action.
var ErrOriginReused = errors.New("this device already used that number for another action: nothing was done")

// ErrOriginForgotten is returned, with nothing done, for a device's number
// older than the answers kept: whether it counted cannot be said any more.
var ErrOriginForgotten = errors.New("this action was sent too long ago to say whether it counted: nothing was done now; the Log says what was recorded")

// DeviceAnswers are the newest answers given to one device, as a store
// keeps them. A store writes them in the same transaction as the event an
// answer names (AnswerStore), so the answer survives whatever the event
// survives.
type DeviceAnswers struct {
	// Below: every number below it has been forgotten.
	Below uint64 `json:"below,omitempty"`
	// List holds at most AnswersKept answers, in the order of their
	// numbers.
	List []StoredAnswer `json:"answers"`
}

// A StoredAnswer is one answer: the event it recorded, or the refusal.
type StoredAnswer struct {
	Seq   uint64 `json:"seq"`
	Sum   uint64 `json:"sum,omitempty"`
	Event uint64 `json:"event,omitempty"`
	// Text is a refusal as it read; Rule and Why are the rule's own parts
	// of it, when the rules refused it.
	Text string `json:"text,omitempty"`
	Rule string `json:"rule,omitempty"`
	Why  string `json:"why,omitempty"`
}

// An AnswerStore keeps each device's answers with the campaign (see
// DeviceAnswers). Session.DoAs and UndoAs need a store that is one.
type AnswerStore interface {
	// Answers returns a device's answers; none yet is no error.
	Answers(campaignID, device string) (DeviceAnswers, error)
	// AppendAnswered commits e, as Append does, and the device's answers
	// with it, in one transaction: either both are on disk or neither.
	AppendAnswered(campaignID string, e Event, device string, a DeviceAnswers) error
	// PutAnswers records a device's answers alone (a refusal).
	PutAnswers(campaignID, device string, a DeviceAnswers) error
	// ForgetAnswers drops a device's answers (a device removed for good).
	ForgetAnswers(campaignID, device string) error
}

// Check says what is wrong with a device's answers as read back from a
// store: a damaged record is never trusted to say an action counted.
func (d DeviceAnswers) Check() error {
	if len(d.List) > AnswersKept {
		return fmt.Errorf("%d answers kept, more than %d", len(d.List), AnswersKept)
	}
	for i, a := range d.List {
		if a.Seq < d.Below || a.Seq == 0 || (i > 0 && a.Seq <= d.List[i-1].Seq) {
			return fmt.Errorf("answer %d is out of order", a.Seq)
		}
		if (a.Event == 0) == (a.Text == "") {
			return fmt.Errorf("answer %d is neither an event nor a refusal", a.Seq)
		}
	}
	return nil
}

func (d DeviceAnswers) find(seq uint64) (StoredAnswer, bool) {
	i, ok := slices.BinarySearchFunc(d.List, seq, func(a StoredAnswer, s uint64) int {
		switch {
		case a.Seq < s:
			return -1
		case a.Seq > s:
			return 1
		}
		return 0
	})
	if !ok {
		return StoredAnswer{}, false
	}
	return d.List[i], true
}

// with returns the answers with a added, the oldest forgotten past
// AnswersKept. The receiver is not changed.
func (d DeviceAnswers) with(a StoredAnswer) DeviceAnswers {
	list := make([]StoredAnswer, 0, len(d.List)+1)
	i := 0
	for i < len(d.List) && d.List[i].Seq < a.Seq {
		i++
	}
	list = append(append(append(list, d.List[:i]...), a), d.List[i:]...)
	below := d.Below
	for len(list) > AnswersKept {
		below = list[0].Seq + 1
		list = list[1:]
	}
	return DeviceAnswers{Below: below, List: list}
}

// rememberedRefusal is a refusal as an answer keeps it: its words, and the
// rule's own error inside them, so whatever turns an error into the
// players' words reads the same the first time and every time after.
type rememberedRefusal struct {
	text string
	rule *RuleError
}

func (r *rememberedRefusal) Error() string { return r.text }

func (r *rememberedRefusal) Unwrap() error {
	if r.rule == nil {
		return nil
	}
	return r.rule
}

func storedRefusal(seq, sum uint64, err error) StoredAnswer {
	a := StoredAnswer{Seq: seq, Sum: sum, Text: err.Error()}
	var re *RuleError
	if errors.As(err, &re) {
		a.Rule, a.Why = re.Rule, re.Why
	}
	if len(a.Text) > maxRefusalLen {
		// Cut at a letter's start; the rule's part is lost with the rest.
		n := maxRefusalLen
		for n > 0 && !utf8.RuneStart(a.Text[n]) {
			n--
		}
		a.Text, a.Rule, a.Why = a.Text[:n]+"…", "", ""
	}
	if a.Text == "" {
		a.Text = "refused"
	}
	return a
}

func (a StoredAnswer) refusal() error {
	r := &rememberedRefusal{text: a.Text}
	if a.Why != "" {
		r.rule = &RuleError{Rule: a.Rule, Why: a.Why}
	}
	return r
}

// answerStore is the session's store as an AnswerStore.
func (s *Session) answerStore() (AnswerStore, error) {
	as, ok := s.store.(AnswerStore)
	if !ok {
		return nil, errors.New("this campaign's store keeps no answers for devices")
	}
	return as, nil
}

// answered looks an origin up, with the session's lock held: the answer
// already given (ok), or the device's answers to add the new one to.
func (s *Session) answered(o Origin) (Answer, DeviceAnswers, bool, error) {
	if err := o.Check(); err != nil {
		return Answer{}, DeviceAnswers{}, false, err
	}
	as, err := s.answerStore()
	if err != nil {
		return Answer{}, DeviceAnswers{}, false, err
	}
	d, err := as.Answers(s.camp.ID, o.Device)
	if err != nil {
		return Answer{}, d, false, err
	}
	if err := d.Check(); err != nil {
		return Answer{}, d, false, fmt.Errorf("the answers kept for this device are damaged (%v): nothing was done", err)
	}
	if o.Seq < d.Below {
		return Answer{}, d, false, ErrOriginForgotten
	}
	a, ok := d.find(o.Seq)
	if !ok {
		return Answer{}, d, false, nil
	}
	if a.Sum != o.Sum {
		return Answer{}, d, false, ErrOriginReused
	}
	ans := Answer{Origin: o, Repeat: true}
	if a.Event == 0 {
		ans.Refusal = a.refusal()
		return ans, d, true, nil
	}
	if ans.Event, err = s.event(a.Event); err != nil {
		return Answer{}, d, false, err
	}
	return ans, d, true, nil
}

// refuse records a refusal as the origin's answer, with the lock held.
func (s *Session) refuse(o Origin, d DeviceAnswers, why error) (Answer, error) {
	as, err := s.answerStore()
	if err != nil {
		return Answer{}, err
	}
	a := storedRefusal(o.Seq, o.Sum, why)
	if err := as.PutAnswers(s.camp.ID, o.Device, d.with(a)); err != nil {
		return Answer{}, fmt.Errorf("the refusal could not be recorded, so nothing was answered: %w", err)
	}
	return Answer{Origin: o, Refusal: a.refusal()}, nil
}

// Answered returns the answer already given to an origin, if any. An error
// (a number reused or forgotten, a damaged record) means nothing may be
// done for it.
func (s *Session) Answered(o Origin) (Answer, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, _, ok, err := s.answered(o)
	return a, ok, err
}

// DoAs is Do for an action a device asked for. The first time an origin
// comes, the command is decided and, if the rules allow it, recorded with
// the origin, and the answer kept with it in the same transaction; a
// refusal is kept as the answer too. Every later time, the same answer is
// given (Repeat set) and nothing is applied. The error is for what is no
// answer: the origin's form, a number reused or forgotten, or a store that
// failed (nothing was recorded, and a retry may still be answered).
func (s *Session) DoAs(o Origin, cmd Command) (Answer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	prev, d, ok, err := s.answered(o)
	if err != nil || ok {
		return prev, err
	}
	e, refusal, err := s.do(cmd, &o, d)
	if err != nil {
		return Answer{}, err
	}
	if refusal != nil {
		return s.refuse(o, d, refusal)
	}
	return Answer{Origin: o, Event: e}, nil
}

// RefuseAs answers an origin with a refusal made before any command (the
// host's own checks: a watcher's tap, a figure that is not the device's),
// so a retry after the answer was lost is refused in the same words even
// if it would now be allowed. An origin already answered keeps its answer.
func (s *Session) RefuseAs(o Origin, why error) (Answer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	prev, d, ok, err := s.answered(o)
	if err != nil || ok {
		return prev, err
	}
	return s.refuse(o, d, why)
}

// UndoAs takes back a device's own last action, while it is still the
// newest action in effect; otherwise it refuses, in words, and nothing is
// undone. Its answer is kept as DoAs keeps one.
func (s *Session) UndoAs(o Origin) (Answer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	prev, d, ok, err := s.answered(o)
	if err != nil || ok {
		return prev, err
	}
	n := s.active.Len()
	if n == 0 {
		return s.refuse(o, d, errors.New("there is nothing to undo"))
	}
	top, err := s.event(s.active.at(n - 1))
	if err != nil {
		return Answer{}, err
	}
	if top.Origin == nil || top.Origin.Device != o.Device {
		return s.refuse(o, d, errors.New("the newest action at the table is not one of yours, so there is nothing of yours to undo from here: undo it on the host's screen"))
	}
	e, refusal, err := s.undoTo(n-1, &o, d)
	if err != nil {
		return Answer{}, err
	}
	if refusal != nil {
		return s.refuse(o, d, refusal)
	}
	return Answer{Origin: o, Event: e}, nil
}

// appendAs commits an event, with its origin's answer when it has one.
func (s *Session) appendAs(e Event, o *Origin, d DeviceAnswers) error {
	if o == nil {
		return s.store.Append(s.camp.ID, e)
	}
	as, err := s.answerStore()
	if err != nil {
		return err
	}
	return as.AppendAnswered(s.camp.ID, e, o.Device, d.with(StoredAnswer{Seq: o.Seq, Sum: o.Sum, Event: e.Seq}))
}

// ForgetDevice drops the answers kept for a device that is gone for good
// (removed from a shared table): they are a few KB, but a table that sees
// many devices come and go should not keep them all. It touches no state,
// only the store, so it may be called from anywhere.
func (s *Session) ForgetDevice(device string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	as, err := s.answerStore()
	if err != nil {
		return err
	}
	return as.ForgetAnswers(s.camp.ID, device)
}
