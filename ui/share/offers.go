package share

import (
	"errors"
	"fmt"

	"tablekeeper/tracker"
)

// Offers are the actions a game's Table offers one seat in a View, each
// with the command the app's own screen sends for the same tap. A Table
// builds them beside the View (the same code decides what the page shows
// and what a tap on it may do), and its Command looks the phone's action
// up in them: an action the View never offered is refused, in words that
// say why, before the rules are asked.
type Offers struct {
	seat    string
	offered map[Action]offer
	// figures are every figure the table knows, by the ID its actions
	// name, with its name and the seat it belongs to ("" none).
	figures map[string]figureSeat
	names   map[string]bool
	seats   map[string]string
}

type offer struct {
	cmd     func() tracker.Command
	resolve bool
}

type figureSeat struct{ name, seat string }

// NewOffers starts the offers for seat ("" a watcher), at a table whose
// seats are seats and whose actions are named names (every name the game
// may ever offer, so an unknown one is told apart from one not open now).
func NewOffers(seat string, seats []Seat, names ...string) *Offers {
	o := &Offers{seat: seat, offered: map[Action]offer{}, figures: map[string]figureSeat{},
		names: map[string]bool{}, seats: map[string]string{}}
	for _, s := range seats {
		o.seats[s.ID] = s.Name
	}
	for _, n := range names {
		o.names[n] = true
	}
	return o
}

// Seat is the seat the offers are for.
func (o *Offers) Seat() string { return o.seat }

// Figure tells the offers of a figure of the table: the ID its actions
// name, its name, and the seat it belongs to ("" for none: an adversary).
func (o *Offers) Figure(id, name, seat string) { o.figures[id] = figureSeat{name: name, seat: seat} }

// Mine says whether the figure id belongs to the offers' seat.
func (o *Offers) Mine(id string) bool {
	f, ok := o.figures[id]
	return ok && o.seat != "" && f.seat == o.seat
}

// Offer adds a, which cmd turns into the app's command (resolve marks one
// of the enemy's steps), and returns a copy for the View to carry. A
// watcher is offered nothing: Offer then returns nil, and the View shows
// no button.
func (o *Offers) Offer(a Action, resolve bool, cmd func() tracker.Command) *Action {
	if o.seat == "" {
		return nil
	}
	o.offered[a] = offer{cmd: cmd, resolve: resolve}
	return &a
}

// Control is a button for a, offered as Offer does; hold marks a step
// that changes the game for everyone. A watcher gets none (ok false).
func (o *Offers) Control(label string, a Action, hold, resolve bool, cmd func() tracker.Command) (Control, bool) {
	p := o.Offer(a, resolve, cmd)
	if p == nil {
		return Control{}, false
	}
	return Control{Label: label, Action: *p, Hold: hold, Resolve: resolve}, true
}

// Intent is the command an offered action stands for, or the refusal of
// one that was not offered, saying why in the players' words.
func (o *Offers) Intent(a Action) (Intent, error) {
	if of, ok := o.offered[a]; ok && of.cmd != nil {
		cmd := of.cmd()
		if cmd == nil {
			return Intent{}, errors.New("that step cannot be taken now: the page may be a moment behind, it shows what is open")
		}
		return Intent{Command: cmd, Resolve: of.resolve}, nil
	}
	return Intent{}, o.refusal(a)
}

// refusal says why a was not offered: asked of a seat the table does not
// have, by a watcher, an unknown action or figure, another seat's figure,
// or a step not open now (the page is behind, or was made up).
func (o *Offers) refusal(a Action) error {
	if _, ok := o.seats[o.seat]; o.seat != "" && !ok {
		return errors.New("this phone sits as someone no longer at this table: choose who you are again")
	}
	if o.seat == "" {
		return errors.New("a phone that only watches cannot change the game: choose who you are to play")
	}
	if a.Name == "" {
		return errors.New("the phone asked for no action")
	}
	if !o.names[a.Name] {
		return fmt.Errorf("this game has no action called “%s”", printable(a.Name))
	}
	if a.Figure != "" {
		f, ok := o.figures[a.Figure]
		switch {
		case !ok:
			return fmt.Errorf("there is no figure “%s” at this table", printable(a.Figure))
		case f.seat == "":
			return fmt.Errorf("no phone changes %s: that is the table's to do", f.name)
		case f.seat != o.seat:
			return fmt.Errorf("only %s's phone can change %s", o.seats[f.seat], f.name)
		}
	}
	return errors.New("that step is not open to this phone now: the page may be a moment behind, it shows what is open")
}

// printable cuts a name a phone sent to a length a message can quote, and
// drops what is not a letter a player could read.
func printable(s string) string {
	var out []rune
	for _, r := range s {
		if len(out) == 40 {
			out = append(out, '…')
			break
		}
		if r < ' ' || r == 0x7f || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			continue
		}
		out = append(out, r)
	}
	return string(out)
}
