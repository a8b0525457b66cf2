package share

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
)

// Joining: a phone gives the join code (typed) or the token (in the QR
// code's address), names itself and picks a seat or "just watch"; the host
// answers with the device's ID and key, which the page keeps and sends
// with every request after.

// codeLetters are the letters of a join code: capitals that no hand or
// font mixes up (no I and L and 1, O and Q and 0, S and 5, B and 8, Z and
// 2, U and V).
const codeLetters = "ACDEFGHJKMNPRTWXY"

// CodeLen is the number of letters of a join code: 17⁶, 24 million codes,
// against a guesser slowed to a few tries a second.
const CodeLen = 6

func newCode() string {
	b := make([]byte, CodeLen)
	for i := range b {
		b[i] = codeLetters[randomInt(len(codeLetters))]
	}
	return string(b)
}

// normalCode reads a typed code in any case, with spaces or dashes, and
// returns it as kept, or "" if it cannot be one.
func normalCode(s string) string {
	if len(s) > 64 {
		return ""
	}
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch {
		case r == ' ' || r == '-':
		case strings.ContainsRune(codeLetters, r):
			b.WriteRune(r)
		default:
			return ""
		}
	}
	if b.Len() != CodeLen {
		return ""
	}
	return b.String()
}

func validCode(s string) bool { return normalCode(s) == s }

func randomInt(n int) int {
	// Rejection sampling: every letter equally likely.
	var b [1]byte
	limit := 256 - 256%n
	for {
		if _, err := rand.Read(b[:]); err != nil {
			panic(err)
		}
		if int(b[0]) < limit {
			return int(b[0]) % n
		}
	}
}

// randomText is n random bytes as URL-safe text.
func randomText(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func newDeviceID() string {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return "d" + hex.EncodeToString(b)
}

// handleJoin lets a device in: the code or the token, a name, a seat.
func (h *Host) handleJoin(w http.ResponseWriter, r *http.Request) {
	var req joinRequest
	if !h.readBody(w, r, &req) {
		return
	}
	if req.Protocol != Protocol {
		h.refuse(w, http.StatusConflict, reasonVersion, versionWords)
		return
	}
	if !h.reg.checkCode(req.Code, req.Token) {
		h.failedJoin(r)
		words := "That is not this table's join code: look again at the host's screen."
		if req.Token != "" {
			words = "This link is not this table's any more: scan the code on the host's screen again, or type the join code."
		}
		h.refuse(w, http.StatusForbidden, reasonCode, words)
		return
	}
	name, err := checkDeviceName(req.Name)
	if err != nil {
		h.refuse(w, http.StatusBadRequest, reasonBad, capital(err.Error())+".")
		return
	}
	if !h.seatIsAtTable(req.Seat) {
		h.refuse(w, http.StatusBadRequest, reasonBad, "That seat is not at this table: pick one of the seats shown, or just watch.")
		return
	}
	d, key, err := h.reg.add(name, req.Seat, h.now())
	if err != nil {
		h.refuse(w, http.StatusServiceUnavailable, reasonFull, capital(err.Error())+".")
		return
	}
	h.changed()
	share, campaign := h.reg.join.Share, h.camp.ID
	writeJSON(w, http.StatusOK, joinAnswer{Protocol: Protocol, Device: d.ID, Key: key, Share: share, Campaign: campaign, You: h.you(*d)})
}

// handleSeats tells a phone about to join the table's name and seats. It
// needs the code or the token, as joining does.
func (h *Host) handleSeats(w http.ResponseWriter, r *http.Request) {
	var req joinRequest
	if !h.readBody(w, r, &req) {
		return
	}
	if !h.reg.checkCode(req.Code, req.Token) {
		h.failedJoin(r)
		h.refuse(w, http.StatusForbidden, reasonCode, "That is not this table's join code: look again at the host's screen.")
		return
	}
	var ans seatsAnswer
	if !h.exec(func() {
		ans.Seats = h.opts.Table.Seats(h.opts.Session)
		ans.Title = h.title()
	}) {
		h.refuse(w, http.StatusGone, reasonStopped, stoppedWords)
		return
	}
	if ans.Seats == nil {
		ans.Seats = []Seat{}
	}
	writeJSON(w, http.StatusOK, ans)
}

// handleSeat lets a joined phone sit at another seat, or just watch.
func (h *Host) handleSeat(w http.ResponseWriter, r *http.Request, d deviceRecord) {
	var req seatRequest
	if !h.readBody(w, r, &req) {
		return
	}
	if !h.seatIsAtTable(req.Seat) {
		h.refuse(w, http.StatusBadRequest, reasonBad, "That seat is not at this table: pick one of the seats shown, or just watch.")
		return
	}
	nd, err := h.reg.update(d.ID, func(x *deviceRecord) { x.Seat = req.Seat })
	if err != nil {
		h.refuse(w, http.StatusServiceUnavailable, reasonFailed, "The host could not keep the seat: "+err.Error())
		return
	}
	h.changed()
	writeJSON(w, http.StatusOK, h.you(nd))
}

func (h *Host) seatIsAtTable(seat string) bool {
	if seat == "" {
		return true
	}
	if len(seat) > 200 {
		return false
	}
	ok := false
	h.exec(func() {
		for _, s := range h.opts.Table.Seats(h.opts.Session) {
			if s.ID == seat {
				ok = true
			}
		}
	})
	return ok
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b, _ = json.Marshal(problem{Reason: reasonFailed, Words: "The host could not write its answer."})
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
