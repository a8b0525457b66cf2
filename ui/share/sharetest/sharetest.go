// Package sharetest checks a game's face on the shared page (a
// share.Table) as the games' tests use it: what its page shows, in the
// players' words; that every action it offers is taken by the rules and
// shows; that it refuses what is not a seat's; that its board picture is
// one. It is apart from package uitest, which the sharing host's own
// tests use: uitest cannot import share.
package sharetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/tracker"
	"tablekeeper/ui/share"
	"tablekeeper/ui/uitest"
)

// Shown is what a phone's page shows of a View, a line each, the way
// a player reads it: the heading, each track, each figure with its stats,
// tags, choices, lines and buttons, the steps, the decision and its Why,
// the diary. Actions are not shown (they are what a tap sends); a button
// that cannot be tapped shows its Why.
func Shown(v share.View) string {
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	line("%s", v.Heading)
	for _, t := range v.Tracks {
		line("%s %d (%d to %d) %s", t.Label, t.Value, t.Min, t.Max, t.Text)
	}
	for _, f := range v.Figures {
		line("%s %s", f.Name, f.Down)
		for _, s := range f.Stats {
			line("%s %d of %d %s", s.Label, s.Value, s.Max, s.Text)
		}
		for _, t := range f.Tags {
			line("%s", t.Label)
		}
		for _, c := range f.Add {
			line("%s", c.Label)
		}
		for _, l := range f.Lines {
			line("%s", l)
		}
		for _, c := range f.Controls {
			line("[%s] %s", c.Label, c.Why)
		}
	}
	for _, c := range v.Steps {
		line("[%s] %s", c.Label, c.Why)
	}
	if d := v.Decision; d != nil {
		line("%s", d.Title)
		for _, w := range d.Why {
			line("%s", w)
		}
	}
	for _, d := range v.Diary {
		line("%s", d)
	}
	return b.String()
}

// Texts are the texts of a View a player reads, each alone (for
// PlayersWords, and to find an empty one).
func Texts(v share.View) []string {
	out := []string{v.Heading}
	for _, t := range v.Tracks {
		out = append(out, t.Label)
		if t.Text != "" {
			out = append(out, t.Text)
		}
	}
	for _, f := range v.Figures {
		out = append(out, f.Name)
		if f.Down != "" {
			out = append(out, f.Down)
		}
		for _, s := range f.Stats {
			out = append(out, s.Label)
			if s.Text != "" {
				out = append(out, s.Text)
			}
		}
		for _, t := range f.Tags {
			out = append(out, t.Label)
		}
		for _, c := range f.Add {
			out = append(out, c.Label)
		}
		out = append(out, f.Lines...)
		for _, c := range f.Controls {
			out = append(out, c.Label)
			if c.Why != "" {
				out = append(out, c.Why)
			}
		}
	}
	for _, c := range v.Steps {
		out = append(out, c.Label)
		if c.Why != "" {
			out = append(out, c.Why)
		}
	}
	if d := v.Decision; d != nil {
		out = append(out, d.Title)
		out = append(out, d.Why...)
	}
	return append(out, v.Diary...)
}

// CheckWords fails t for each text of v a player must not read
// (PlayersWords) and for an empty one.
func CheckWords(t testing.TB, what string, v share.View) {
	t.Helper()
	for _, s := range Texts(v) {
		if strings.TrimSpace(s) == "" {
			t.Errorf("%s: an empty text on the page:\n%s", what, Shown(v))
			continue
		}
		for _, p := range uitest.PlayersWords(s) {
			t.Errorf("%s: %s", what, p)
		}
	}
}

// A Offer is an action a View offers, and where.
type Offer struct {
	Where   string
	Action  share.Action
	Resolve bool
}

// Offers are every action v offers: the stats' − and +, the tags'
// removals, the choices, the figures' buttons and the steps (not a
// button that says why it cannot be tapped).
func Offers(v share.View) []Offer {
	var out []Offer
	for _, f := range v.Figures {
		for _, s := range f.Stats {
			if s.Minus != nil {
				out = append(out, Offer{Where: f.Name + " " + s.Label + " −", Action: *s.Minus})
			}
			if s.Plus != nil {
				out = append(out, Offer{Where: f.Name + " " + s.Label + " +", Action: *s.Plus})
			}
		}
		for _, t := range f.Tags {
			if t.Remove != nil {
				out = append(out, Offer{Where: f.Name + " remove " + t.Label, Action: *t.Remove})
			}
		}
		for _, c := range f.Add {
			out = append(out, Offer{Where: f.Name + " add " + c.Label, Action: c.Action})
		}
		for _, c := range f.Controls {
			if c.Why == "" {
				out = append(out, Offer{Where: f.Name + " " + c.Label, Action: c.Action, Resolve: c.Resolve})
			}
		}
	}
	for _, c := range v.Steps {
		if c.Why == "" {
			out = append(out, Offer{Where: c.Label, Action: c.Action, Resolve: c.Resolve})
		}
	}
	return out
}

// EveryOffer takes every action the View of seat offers, one at a
// time from the same moment: each must turn into a command the rules
// accept (Session.Do), flagged Resolve as its button is, and change what
// the page shows; it is then undone, and the page must show what it
// showed before. It returns how many it took.
func EveryOffer(t testing.TB, s *tracker.Session, tb share.Table, seat string) int {
	t.Helper()
	before := tb.View(s, seat)
	shown := Shown(before)
	n := 0
	for _, of := range Offers(before) {
		in, err := tb.Command(s, seat, of.Action)
		if err != nil {
			t.Errorf("%s (%+v) was offered to %s and refused: %v", of.Where, of.Action, seat, err)
			continue
		}
		if in.Resolve != of.Resolve {
			t.Errorf("%s: the command says Resolve %v, its button %v", of.Where, in.Resolve, of.Resolve)
		}
		if _, err := s.Do(in.Command); err != nil {
			t.Errorf("%s (%T %+v): the rules refused the command: %v", of.Where, in.Command, in.Command, err)
			continue
		}
		n++
		if after := Shown(tb.View(s, seat)); after == shown {
			t.Errorf("%s: the page shows no change after it:\n%s", of.Where, after)
		}
		if _, err := s.Undo(); err != nil {
			t.Fatalf("%s: undo: %v", of.Where, err)
		}
		if again := Shown(tb.View(s, seat)); again != shown {
			t.Fatalf("%s: after undo the page differs:\n%s\nwas:\n%s", of.Where, again, shown)
		}
	}
	return n
}

// SameEvent fails t unless two events are the same action: kind and
// payload (the sequence number, ID and time aside).
func SameEvent(t testing.TB, what string, phone, screen tracker.Event) {
	t.Helper()
	if phone.Kind != screen.Kind || !sameJSON(phone.Payload, screen.Payload) {
		t.Errorf("%s: the phone recorded %s %s, the screen %s %s", what, phone.Kind, phone.Payload, screen.Kind, screen.Payload)
	}
}

func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return string(a) == string(b)
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return string(ja) == string(jb)
}

// Refusals checks a Table's refusals at seat, whose figure is mine,
// beside another seat's figure theirs: an action on theirs, anything from
// a watcher, and malformed actions (an unknown name, figure or argument)
// are each refused with words a player reads, and the campaign stays
// unchanged. ownAction is an action the seat is offered on its figure;
// other is the same on theirs.
func Refusals(t testing.TB, s *tracker.Session, tb share.Table, seat string, ownAction, other share.Action) {
	t.Helper()
	last := s.LastSeq()
	refused := func(what, seat string, a share.Action) {
		t.Helper()
		in, err := tb.Command(s, seat, a)
		if err == nil {
			t.Errorf("%s: %+v from %q was taken: %T %+v", what, a, seat, in.Command, in.Command)
			return
		}
		for _, p := range uitest.PlayersWords(err.Error()) {
			t.Errorf("%s: %s", what, p)
		}
		t.Logf("%s: %v", what, err)
	}
	if _, err := tb.Command(s, seat, ownAction); err != nil {
		t.Fatalf("the seat's own action %+v is refused: %v", ownAction, err)
	}
	refused("another seat's figure", seat, other)
	refused("a watcher", "", ownAction)
	refused("a seat the table does not have", "nobody at all", ownAction)
	bad := ownAction
	bad.Name = "explode-the-table"
	refused("an unknown action", seat, bad)
	bad = ownAction
	bad.Name = ""
	refused("no action", seat, bad)
	bad = ownAction
	bad.Figure = "Nobody\u202e"
	refused("an unknown figure", seat, bad)
	bad = ownAction
	bad.Arg = "../../etc/passwd"
	refused("an argument never offered", seat, bad)
	bad = ownAction
	bad.N = 1 << 30
	refused("a number never offered", seat, bad)
	if s.LastSeq() != last {
		t.Fatalf("refused actions changed the campaign: events %d → %d", last, s.LastSeq())
	}
}

// CheckPicture fails t unless img is a board picture: it encodes as a PNG
// and decodes back the same size, is not blank (many colours), and holds
// each colour of want (the decision's marks) somewhere. With
// TABLEKEEPER_PICTURES set to a folder it is written there as name.png,
// to be looked at.
func CheckPicture(t testing.TB, name string, img image.Image, want ...color.Color) {
	t.Helper()
	if img == nil {
		t.Fatalf("%s: no picture", name)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	back, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil || back.Bounds() != img.Bounds() {
		t.Fatalf("%s: decoded %v, %v; drawn %v", name, back.Bounds(), err, img.Bounds())
	}
	if dir := os.Getenv("TABLEKEEPER_PICTURES"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[color.NRGBA]int{}
	b := back.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			seen[color.NRGBAModel.Convert(back.At(x, y)).(color.NRGBA)]++
		}
	}
	if len(seen) < 16 {
		t.Errorf("%s: only %d colours: a blank picture", name, len(seen))
	}
	for _, c := range want {
		if n := seen[color.NRGBAModel.Convert(c).(color.NRGBA)]; n < 20 {
			t.Errorf("%s: the colour %v is drawn on %d pixels: the decision is not on the map", name, c, n)
		}
	}
}
