package phantom

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/tracker"
	"tablekeeper/tracker/trackertest"
)

// The diary writes a change of settings as the Settings tab words it:
// what the setting is about and the reading now played, never its key,
// true or false, or a spec section (issue 13 item 6). Every setting is
// changed, each way, and then all at once.
func TestSettingsLineSpeaksThePlayersWords(t *testing.T) {
	s := withContent(t)
	check := func(line string, want ...string) {
		t.Helper()
		for _, p := range trackertest.NotPlayersWords(line) {
			t.Error(p)
		}
		for _, w := range want {
			if !strings.Contains(line, w) {
				t.Errorf("the diary says %q, not %q", line, w)
			}
		}
	}
	with := func(base Settings, key string, on bool) Settings {
		m := settingsOn(base)
		m[key] = on
		var out Settings
		if err := json.Unmarshal(raw(m), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	def := DefaultSettings()
	all := def
	var titles []string
	for _, info := range SettingsInfo() {
		on := settingsOn(def)[info.Key]
		flipped := with(def, info.Key, !on)
		now, back := info.On, info.Off
		if on {
			now, back = info.Off, info.On
		}
		check(s.Describe(do1(t, s, ChangeSettings{Settings: flipped})), info.About+" — "+now)
		check(s.Describe(do1(t, s, ChangeSettings{Settings: def})), info.About+" — "+back)
		all = with(all, info.Key, !on)
		titles = append(titles, info.About)
	}
	check(s.Describe(do1(t, s, ChangeSettings{Settings: all})), titles...)
}

// do1 runs one command and gives its event.
func do1(t *testing.T, s *tracker.Session, cmd tracker.Command) tracker.Event {
	t.Helper()
	e, err := s.Do(cmd)
	if err != nil {
		t.Fatalf("%T: %v", cmd, err)
	}
	return e
}
