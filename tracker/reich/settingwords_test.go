package reich

import (
	"strings"
	"testing"

	"tablekeeper/tracker/trackertest"
)

// The diary writes a change of a house rule as the Settings screen words
// it: the rule's title and the reading now played (or, for a number, the
// number), never its key, true or false, or a spec section (issue 13
// item 6). Every setting is changed to every value it has, and back.
func TestSettingsLineSpeaksThePlayersWords(t *testing.T) {
	s, _ := newSession(t)
	def := DefaultSettings()
	for _, info := range def.Describe() {
		w := settingWords[info.Key]
		if w.Title == "" {
			t.Errorf("the house rule %s has no title in the players' words", info.Key)
			continue
		}
		var values []string
		switch info.Kind {
		case "bool":
			values = []string{"true", "false"}
		case "choice":
			values = info.Choices
		default:
			values = []string{"3", "7"}
		}
		for _, v := range append(values, info.Default) {
			if cur, _ := st(s).Settings.Get(info.Key); cur == v {
				continue
			}
			e := do(t, s, SetSetting{Key: info.Key, Value: v})
			line := s.Describe(e)
			for _, p := range trackertest.NotPlayersWords(line) {
				t.Error(p)
			}
			want := w.Title
			if info.Kind != "int" {
				want += " — " + w.Readings[v]
				if w.Readings[v] == "" {
					t.Errorf("%s has no sentence for %q", w.Title, v)
				}
			}
			if !strings.Contains(line, want) {
				t.Errorf("the diary says %q, not %q", line, want)
			}
		}
	}
}
