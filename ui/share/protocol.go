package share

import "encoding/json"

// Protocol is the version of what the page and the host say to each
// other. The page sends it with every request and the host refuses another
// one, in words, with "reload": a page left open across an update of the
// host fetches the new page instead of speaking a language the host no
// longer speaks.
const Protocol = 1

// ProtocolHeader carries the page's protocol version on every request.
const ProtocolHeader = "X-Tablekeeper-Protocol"

// What the page and the host send each other, as JSON.

type joinRequest struct {
	Protocol int    `json:"protocol"`
	Code     string `json:"code,omitempty"`
	Token    string `json:"token,omitempty"`
	Name     string `json:"name"`
	Seat     string `json:"seat"`
}

type joinAnswer struct {
	Protocol int    `json:"protocol"`
	Device   string `json:"device"`
	Key      string `json:"key"`
	Share    string `json:"share"`
	Campaign string `json:"campaign"`
	You      You    `json:"you"`
}

// seatsAnswer is what a phone about to join may pick from.
type seatsAnswer struct {
	Title string `json:"title"`
	Seats []Seat `json:"seats"`
}

type seatRequest struct {
	Seat string `json:"seat"`
}

type commandRequest struct {
	Seq      uint64 `json:"seq"`
	Campaign string `json:"campaign,omitempty"`
	Action   Action `json:"action"`
}

// A command's answer: Status is "accepted" (Line is what the Log now
// says), "refused" (Words say why, as the app's own screens would),
// "unknown" (sent too long ago to say; nothing was done now) or
// "renumber" (the device used that number for another tap: send it again
// under a new one; nothing was done).
type commandAnswer struct {
	Seq    uint64 `json:"seq"`
	Status string `json:"status"`
	Line   string `json:"line,omitempty"`
	Words  string `json:"words,omitempty"`
	Event  uint64 `json:"event,omitempty"`
	Repeat bool   `json:"repeat,omitempty"`
}

// problem is every answer that is not one: a request refused before it
// reached the table (a key the host does not know, another version, too
// many requests). Reason tells the page what to do; Words tell the player.
type problem struct {
	Reason string `json:"reason"`
	Words  string `json:"words"`
}

// Reasons a request is refused before it reaches the table.
const (
	reasonKey      = "key"      // no key, or one the host does not know: join again
	reasonVersion  = "version"  // another protocol: reload the page
	reasonStopped  = "stopped"  // the host stopped sharing
	reasonBusy     = "busy"     // too many requests: try again later
	reasonBad      = "bad"      // a request the page never sends
	reasonCode     = "code"     // a join code or token that is not this table's
	reasonLocal    = "local"    // from beyond the local network
	reasonFull     = "full"     // too many devices joined
	reasonNotFound = "notfound" // nothing there
	reasonFailed   = "failed"   // the host could not record it: try again
	reasonCampaign = "campaign" // the page belongs to another campaign
)

// A push is what a phone's stream sends whenever the table changes: the
// seat's whole view (small: a phone never patches state, it replaces it),
// the Log's lines it has not had, and who it is now.
type push struct {
	// Seq is the campaign's newest event; the stream's event ID.
	Seq uint64 `json:"seq"`
	// Digest is the host's state's fingerprint at Seq (Session.Digest).
	Digest string `json:"digest"`
	Title  string `json:"title"`
	Game   string `json:"game"`
	// View is the seat's View, as the frame made it once for every phone.
	View json.RawMessage `json:"view"`
	// Lines are Log lines after the phone's last event, oldest first;
	// Fresh says they replace the page's Log (a new or long-away phone).
	Lines        []Line `json:"lines"`
	Fresh        bool   `json:"fresh,omitempty"`
	Seats        []Seat `json:"seats"`
	You          You    `json:"you"`
	AllowResolve bool   `json:"allowResolve,omitempty"`
}

// A Line is one line of the campaign's Log.
type Line struct {
	Seq   uint64 `json:"seq"`
	Text  string `json:"text"`
	Where string `json:"where,omitempty"`
	// By names the device that asked for it, when one did.
	By string `json:"by,omitempty"`
}

// You is the phone as the host sees it.
type You struct {
	Device string `json:"device"`
	Name   string `json:"name"`
	Seat   string `json:"seat,omitempty"`
	Role   Role   `json:"role"`
}
