package games

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// Every known game opens, keeps a note, undoes it, and round-trips through
// export and import, whatever its own rules are.
func TestEveryGameOpensAndRoundTrips(t *testing.T) {
	reg := Registry()
	for _, g := range tracker.KnownGames {
		rules, err := reg.Rules(g)
		if err != nil {
			t.Fatal(err)
		}
		if rules.Game() != g {
			t.Fatalf("%s: rules say they are %s", g, rules.Game())
		}
		mem := tracker.NewMemStore()
		c, _ := tracker.NewCampaign(g, "Round trip", 11, time.Now())
		_ = mem.Create(c)
		s, err := tracker.Open(mem, rules, c.ID)
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		// A new campaign's state must survive the JSON round trip snapshots use.
		enc, err := json.Marshal(s.State())
		if err != nil {
			t.Fatalf("%s: state does not marshal: %v", g, err)
		}
		dec, err := rules.DecodeState(enc)
		if err != nil {
			t.Fatalf("%s: state does not decode: %v", g, err)
		}
		if !reflect.DeepEqual(dec, s.State()) {
			t.Fatalf("%s: state changes through JSON", g)
		}
		for _, cmd := range []tracker.Command{tracker.AddNote{Text: "hello"}, tracker.AddNote{Text: "again"}} {
			if _, err := s.Do(cmd); err != nil {
				t.Fatalf("%s: %v", g, err)
			}
		}
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		x, err := tracker.ExportCampaign(mem, c.ID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		data, _ := x.Encode()
		back, err := tracker.ParseExport(data, reg)
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		if back.Campaign.Events != 3 {
			t.Fatalf("%s: %d events after import", g, back.Campaign.Events)
		}
	}
}
