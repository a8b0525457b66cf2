package share

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
)

// Commands: a phone posts {its number for the tap, the action}; the host
// turns the action into the game's command (Table.Command, or its own note
// and undo) and runs it through Session.DoAs inside Exec, so the number is
// recorded with the event in the same transaction and a retry is answered
// the same way. Every refusal once the device is known is kept as its
// answer too (Session.RefuseAs): a retry is never allowed after the phone
// was told no.

// The host's own actions, the same in every game.
const (
	ActionNote = "note" // Arg: the note's text, written with the device's name
	ActionUndo = "undo" // the device's own last action, while it is the newest
)

// Limits of an action's fields: more than any page sends.
const (
	maxActionName = 64
	maxFigure     = 200
	maxArg        = tracker.MaxNoteLen
)

// sumOf is the digest of what a device asked for, kept with its answer
// (tracker.Origin.Sum).
func sumOf(a Action) uint64 {
	h := sha256.New()
	fmt.Fprintf(h, "%d:%s|%d:%s|%d:%s|%d", len(a.Name), a.Name, len(a.Figure), a.Figure, len(a.Arg), a.Arg, a.N)
	return binary.BigEndian.Uint64(h.Sum(nil))
}

func checkAction(a Action) error {
	switch {
	case a.Name == "":
		return errors.New("the tap names no action")
	case len(a.Name) > maxActionName || len(a.Figure) > maxFigure:
		return errors.New("the tap names an action no page offers")
	case utf8.RuneCountInString(a.Arg) > maxArg:
		return fmt.Errorf("the text is %d characters long; at most %d fit", utf8.RuneCountInString(a.Arg), maxArg)
	case !utf8.ValidString(a.Name + a.Figure + a.Arg):
		return errors.New("the tap's text is not readable")
	}
	return nil
}

func (h *Host) handleCommand(w http.ResponseWriter, r *http.Request, d deviceRecord) {
	writeDeadline(w)
	var req commandRequest
	if !h.readBody(w, r, &req) {
		return
	}
	if req.Campaign != "" && req.Campaign != h.camp.ID {
		h.refuse(w, http.StatusConflict, reasonCampaign, "This page belongs to another campaign than the one shared here now: join this table with its code.")
		return
	}
	o := tracker.Origin{Device: d.ID, Seq: req.Seq, Sum: sumOf(req.Action)}
	if err := o.Check(); err != nil {
		h.refuse(w, http.StatusBadRequest, reasonBad, "The host did not understand that request: nothing was done.")
		return
	}
	var ans tracker.Answer
	var line string
	var err error
	ran := h.exec(func() {
		ans, err = h.command(o, d, req.Action)
		if err == nil && ans.Accepted() {
			line = h.opts.Session.Describe(ans.Event)
		}
	})
	switch {
	case !ran:
		h.refuse(w, http.StatusGone, reasonStopped, stoppedWords)
	case errors.Is(err, tracker.ErrOriginReused):
		writeJSON(w, http.StatusOK, commandAnswer{Seq: req.Seq, Status: "renumber", Words: "That tap's number was used already: it is sent again under a new one."})
	case errors.Is(err, tracker.ErrOriginForgotten):
		writeJSON(w, http.StatusOK, commandAnswer{Seq: req.Seq, Status: "unknown", Words: "This tap was sent too long ago for the host to say whether it counted: look at the Log."})
	case err != nil:
		h.refuse(w, http.StatusServiceUnavailable, reasonFailed, "The host could not record it ("+shell.Words(err)+"): the tap stays here and is sent again.")
	case ans.Accepted():
		writeJSON(w, http.StatusOK, commandAnswer{Seq: req.Seq, Status: "accepted", Line: line, Event: ans.Event.Seq, Repeat: ans.Repeat})
	default:
		writeJSON(w, http.StatusOK, commandAnswer{Seq: req.Seq, Status: "refused", Words: refusalWords(ans.Refusal), Repeat: ans.Repeat})
	}
}

// refusalWords are a refusal as the app's screens say it.
func refusalWords(err error) string {
	w := strings.TrimSpace(shell.Words(err))
	if w == "" {
		return "Refused."
	}
	r, n := utf8.DecodeRuneInString(w)
	return strings.ToUpper(string(r)) + w[n:]
}

// command answers one tap, inside Exec: an answer already given, the
// host's own refusals (kept as answers), or the command's.
func (h *Host) command(o tracker.Origin, d deviceRecord, a Action) (tracker.Answer, error) {
	s := h.opts.Session
	if prev, ok, err := s.Answered(o); err != nil || ok {
		return prev, err
	}
	// The device as it is now: the host may have made it watch only
	// since the request came in.
	if cur, ok := h.reg.get(d.ID); ok {
		d = cur
	}
	if err := checkAction(a); err != nil {
		return s.RefuseAs(o, err)
	}
	if d.Watch {
		return s.RefuseAs(o, errors.New("the host made this device watch only, so it cannot change the table"))
	}
	switch a.Name {
	case ActionNote:
		if strings.TrimSpace(a.Arg) == "" {
			return s.RefuseAs(o, errors.New("the note is empty"))
		}
		return s.DoAs(o, tracker.AddNote{Text: d.Name + ": " + strings.TrimSpace(a.Arg)})
	case ActionUndo:
		return s.UndoAs(o)
	}
	if d.Seat == "" {
		return s.RefuseAs(o, errors.New("this device is watching: pick a seat to play"))
	}
	known := false
	for _, seat := range h.opts.Table.Seats(s) {
		known = known || seat.ID == d.Seat
	}
	if !known {
		return s.RefuseAs(o, errors.New("this device's seat is no longer at the table: pick another"))
	}
	in, err := h.opts.Table.Command(s, d.Seat, a)
	if err != nil {
		return s.RefuseAs(o, err)
	}
	if in.Command == nil {
		return s.RefuseAs(o, errors.New("that is not something a phone can do at this table"))
	}
	if in.Resolve && !h.allowResolve.Load() {
		return s.RefuseAs(o, errors.New("the host plays the enemy's steps at this table; ask the host to let phones play them"))
	}
	return s.DoAs(o, in.Command)
}
