package eternaut

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/tracker"
)

func FuzzBuildParagraph(f *testing.F) {
	for _, p := range [][2]string{{"901", "232"}, {"403", "226"}, {"011", "012"}, {"999", "001"}, {"9XX", "232"}, {"XXX", "9xx"}, {"600", "903"}, {"", ""}, {"9", "99"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		p, err := BuildParagraph(a, b)
		if err != nil {
			return
		}
		q, err := BuildParagraph(b, a)
		if err != nil || p != q {
			t.Fatalf("order matters: %q vs %q (%v)", p, q, err)
		}
		if len(p) != 7 || p[3] != '-' {
			t.Fatalf("paragraph %q is not LLL-HHH", p)
		}
		for _, k := range []string{Rummage, Start, Death, Hit, TimerToken, "x"} {
			_, _ = Interaction(k, a, b)
		}
		_, _ = CandidateParagraphs(a, b)
		_ = IDKind(a)
	})
}

func FuzzCorrectDiaryValue(f *testing.F) {
	for _, v := range []string{"3", "-1", "SK-01:Science, SK-07", "046, 011", "true", "#A", "a | b", "", "SK-01:perception"} {
		f.Add("B", "skills", "901", v)
		f.Add("B", "ammo", "", v)
		f.Add("", "quest2", "", v)
	}
	f.Fuzz(func(t *testing.T, section, field, char, value string) {
		s := &State{}
		_ = NewCampaign{Players: 2, Roster: roster()}.run(s, &exec{})
		ch, err := Rules{}.Decide(s, CorrectDiary{Section: section, Field: field, Char: char, Value: value}, tracker.NewDice(1, 0))
		if err != nil {
			var re *tracker.RuleError
			if !errorsAs(err, &re) {
				t.Fatalf("not a rule refusal: %v", err)
			}
			return
		}
		payload, _ := json.Marshal(ch.Payload)
		got, err := Rules{}.Apply(s, tracker.Event{Kind: ch.Kind, Payload: payload})
		if err != nil {
			t.Fatalf("Decide accepted what Apply refuses: %v", err)
		}
		work := got.(*State)
		// What was accepted must survive the state's JSON round trip.
		b, _ := json.Marshal(work)
		back, err := Rules{}.DecodeState(b)
		if err != nil {
			t.Fatal(err)
		}
		b2, _ := json.Marshal(back)
		if string(b) != string(b2) {
			t.Fatalf("round trip differs after %s/%s=%q", section, field, value)
		}
	})
}

func errorsAs(err error, re **tracker.RuleError) bool {
	r, ok := err.(*tracker.RuleError)
	if ok {
		*re = r
	}
	return ok
}

func FuzzDecodeState(f *testing.F) {
	s := &State{}
	_ = NewCampaign{Players: 3, Roster: roster()}.run(s, &exec{})
	b, _ := json.Marshal(s)
	f.Add(b)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"scenario":{"events":{"3":["001"]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := Rules{}.DecodeState(data)
		if err != nil {
			return
		}
		// Whatever decodes can be described and exported without a panic.
		_ = Rules{}.Where(st)
		_ = DiaryMarkdown(st.(*State))
		_ = strings.TrimSpace("")
	})
}
