package eternaut

import (
	"bytes"
	"strings"
	"testing"
)

func TestDiaryCorrectionAndExport(t *testing.T) {
	tb := newTable(t)
	tb.toB1()
	d := NewDiaryScreen(tb.ctx)
	tb.show(d.Object())
	score := d.Fields["A/score"]
	if score == nil || !strings.Contains(score.Text, "Final score: 3") {
		t.Fatalf("score field %v", score)
	}
	tap(t, score)
	f := d.last
	n := f.Items[0].Widget.(*spin)
	n.Set(-2)
	if n.Value != 3 || n.Min != 0 {
		t.Fatalf("a negative score on the stepper: %d", n.Value)
	}
	n.Set(5)
	if err := f.Submit(); err != nil {
		t.Fatal(err)
	}
	if tb.st().Section("A").Score != 5 || !strings.Contains(d.Fields["A/score"].Text, "5") {
		t.Fatalf("score %d, field %q", tb.st().Section("A").Score, d.Fields["A/score"].Text)
	}
	// A row's Fatigue, and the Played box through its check.
	tap(t, d.Fields["A/903/fatigue"])
	d.last.Items[0].Widget.(*spin).Set(2)
	if err := d.last.Submit(); err != nil {
		t.Fatal(err)
	}
	if tb.st().Section("A").Row("903").Penalties.Fatigue != 2 || tb.st().Char("903").Penalties.Fatigue != 2 {
		t.Fatal("the row's Fatigue (and what B's setup reads)")
	}
	// The correction is an event with its own diary line.
	if !strings.Contains(tb.msgs[len(tb.msgs)-1], "Corrected by hand") {
		t.Fatalf("message %q", tb.msgs[len(tb.msgs)-1])
	}
	var buf bytes.Buffer
	if err := d.ExportTo(&buf); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	for _, want := range []string{"# Chronicle Diary", "## Scenario A", "Final score: 5", "Storybook: [x] B1"} {
		if !strings.Contains(md, want) {
			t.Fatalf("export lacks %q:\n%s", want, md)
		}
	}
	tap(t, d.Export) // opens the save dialog without failing
}

func TestSettingsChange(t *testing.T) {
	tb := newTable(t)
	tb.toB1()
	d := NewDiaryScreen(tb.ctx)
	tb.show(d.Object())
	f := d.settings
	tap(t, f.Save)
	if tb.bubble() != "Nothing changed." {
		t.Fatalf("saving no change: %q", tb.bubble())
	}
	f.TimerMax.Set(16)
	f.PassFirst.Set(true)
	tap(t, f.Save)
	if s := tb.st().Settings; s.TimerMax != 16 || !s.PassFirstPlayer {
		t.Fatalf("settings %+v", s)
	}
}
