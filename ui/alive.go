package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"time"

	"tablekeeper/tracker"
)

// The app's last sign of life, so the clocks count only time the app ran
// (tracker.AppStopped). While a campaign is open the frame writes, every
// aliveEvery, which campaign and when into a small file beside the
// campaign file (tablekeeper.db.alive); closing the campaign writes it a
// last time. When a campaign opens with a clock left running (the app was
// killed, or closed with the turn clock running), the time in that file is
// when the app last ran: the gap past a minute is left out of the clocks,
// and the Log says so. Without the file (another device's campaign, a lost
// file), the campaign's last event is the last sign of life known.
//
// The file is not the campaign's: losing it costs at most a clock that
// counts a gap it might have left out. It is written whole (a new file
// renamed over the old), never synced: a write lost in a crash is an older
// sign of life, a minute or less of play not counted.

// aliveEvery is how often the sign of life is written.
const aliveEvery = 15 * time.Second

// aliveNote is what the file holds.
type aliveNote struct {
	Campaign string    `json:"campaign"`
	Time     time.Time `json:"time"`
	// Background says the app went to the background with the clocks
	// counting, as the players chose in Settings: the time after it is
	// theirs to count, not a gap.
	Background bool `json:"background,omitempty"`
}

// alivePath is the file beside the campaign file ("" without one).
func (u *App) alivePath() string {
	if u.DB == nil {
		return ""
	}
	return u.DB.Path() + ".alive"
}

// writeAlive records the app's sign of life for campaign id at t.
func (u *App) writeAlive(id string, t time.Time, background bool) {
	path := u.alivePath()
	if path == "" {
		return
	}
	data, _ := json.Marshal(aliveNote{Campaign: id, Time: t.UTC(), Background: background})
	tmp, err := os.CreateTemp(filepath.Dir(path), ".alive-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return
	}
	if os.Rename(tmp.Name(), path) != nil {
		os.Remove(tmp.Name())
	}
}

// lastAlive is when the app last ran with campaign c open: the file's time
// if it speaks of c, else c's last event. background says the app was in
// the background by the players' choice then.
func (u *App) lastAlive(c tracker.Campaign) (t time.Time, background bool) {
	t = c.LastPlayed
	path := u.alivePath()
	if path == "" {
		return t, false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return t, false
	}
	var n aliveNote
	if json.Unmarshal(data, &n) != nil || n.Campaign != c.ID || n.Time.Before(t) {
		return t, false
	}
	return n.Time, n.Background
}
