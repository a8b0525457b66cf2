// Package tracker is the domain core of Tablekeeper: what is true at the
// table and every rule that changes it. A campaign is a log of events; its
// state is a fold of that log. Commands from the UI are validated by the
// game's Rules and become events, which are stored durably before they are
// applied. Undo and redo are events too, so history is never deleted.
//
// tracker never imports Fyne or bbolt: storage implements the Store
// interface declared here, and the games plug in through Rules.
package tracker

import (
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// GameID names a game everywhere: on the command line, in files, in storage.
type GameID string

// The games Tablekeeper serves.
const (
	Eternaut     GameID = "eternaut"
	PhantomEpoch GameID = "phantom-epoch"
	Reichbusters GameID = "reichbusters"
	Alone        GameID = "alone"
)

// KnownGames lists every game ID in the order the app shows them.
var KnownGames = []GameID{Eternaut, PhantomEpoch, Reichbusters, Alone}

var gameTitles = map[GameID]string{
	Eternaut:     "The Eternaut",
	PhantomEpoch: "Phantom Epoch",
	Reichbusters: "Reichbusters: Projekt Vril",
	Alone:        "Alone",
}

// Title is the game's name as printed on its box.
func (g GameID) Title() string {
	if t, ok := gameTitles[g]; ok {
		return t
	}
	return string(g)
}

// ParseGameID accepts a known game ID and refuses anything else with the
// list of known ones, so a typo on the command line is easy to fix.
func ParseGameID(s string) (GameID, error) {
	for _, g := range KnownGames {
		if string(g) == s {
			return g, nil
		}
	}
	names := make([]string, len(KnownGames))
	for i, g := range KnownGames {
		names[i] = string(g)
	}
	return "", fmt.Errorf("unknown game %q: the games are %s", s, strings.Join(names, ", "))
}

// A Campaign is one playthrough of a game. Its identity and seed never change;
// its name may, and LastPlayed and Where are kept by the store for the home
// screen.
type Campaign struct {
	ID      string    `json:"id"`
	Game    GameID    `json:"game"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	// Seed feeds every random draw of the campaign (see Dice).
	Seed uint64 `json:"seed"`

	// Practice marks a campaign started from made-up practice content
	// ("Try a practice game"), so Home can say so. It is only a label:
	// nothing is refused for it, it survives export, import and
	// duplication, and files written before it existed read as false.
	Practice bool `json:"practice,omitempty"`

	LastPlayed time.Time `json:"lastPlayed,omitzero"`
	Where      string    `json:"where,omitempty"`
	Events     uint64    `json:"events,omitempty"`
}

// MaxNameLen bounds a campaign's name so it fits on a home-screen card.
const MaxNameLen = 80

// NewCampaign makes a campaign record with a fresh ID. A zero seed asks for a
// random one.
func NewCampaign(game GameID, name string, seed uint64, now time.Time) (Campaign, error) {
	if _, err := ParseGameID(string(game)); err != nil {
		return Campaign{}, err
	}
	name, err := CheckName(name)
	if err != nil {
		return Campaign{}, err
	}
	for seed == 0 {
		u := uuid.New()
		for _, b := range u[:8] {
			seed = seed<<8 | uint64(b)
		}
	}
	return Campaign{ID: uuid.NewString(), Game: game, Name: name, Created: now.UTC(), Seed: seed}, nil
}

// CheckName trims a campaign name and refuses an empty or overlong one, or
// one that does not fit on one line as written (see checkLine).
func CheckName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", fmt.Errorf("a campaign needs a name")
	}
	if err := checkLine(name); err != nil {
		return "", fmt.Errorf("the name cannot be used: %w", err)
	}
	if n := len([]rune(name)); n > MaxNameLen {
		return "", fmt.Errorf("the name is %d characters long; at most %d fit", n, MaxNameLen)
	}
	return name, nil
}
