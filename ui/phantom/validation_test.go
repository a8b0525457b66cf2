package phantom

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/automa/hex"
	tp "tablekeeper/tracker/phantom"
)

// Spec §16 rules whose input is typed on a screen — the map editor, the
// content form, the mission setup — show their refusal on that screen, in
// the players' words, and change nothing.
func TestValidationRulesShownOnTheScreens(t *testing.T) {
	t.Run("map editor", func(t *testing.T) {
		rows := []struct {
			id   string
			edit func(e *Editor)
			want string
		}{
			// V-02: unique labels.
			{"V-02 label", func(e *Editor) { e.Label.SetText("A-1") }, "A-1"},
			// V-02: an object, a closed door and a gap exclude each other.
			{"V-02 object and door", func(e *Editor) {
				e.ObjectKind.SetSelected("indestructible")
				e.Door.SetSelected("closed")
			}, "cannot share one space"},
		}
		for _, r := range rows {
			t.Run(r.id, func(t *testing.T) {
				h := newHarness(t, nil)
				e := NewEditor(h.w)
				saved := false
				e.Save = func(id string, data []byte) bool {
					_, ok := h.ctx.Do(tp.SaveContent{Kind: tp.KindMap, ID: id, Data: data})
					saved = saved || ok
					return ok
				}
				h.w.SetContent(e.Object())
				for q := 0; q < 2; q++ {
					test.TapAt(e.View, e.View.Centre(hex.Coord{Q: q, R: 0}))
				}
				if e.Err != nil {
					t.Fatalf("two plain spaces are a valid map: %v", e.Err)
				}
				r.edit(e)
				if e.Err == nil || !strings.Contains(e.Status.Text, r.want) {
					t.Fatalf("the editor must show the refusal (%q), status %q", r.want, e.Status.Text)
				}
				e.ID.SetText("tiny")
				test.Tap(e.SaveButton)
				if saved || !strings.Contains(e.Status.Text, "Not saved") {
					t.Fatalf("an invalid map was saved; status %q", e.Status.Text)
				}
			})
		}
	})
	t.Run("content form", func(t *testing.T) {
		rows := []struct {
			id   string
			kind tp.ContentKind
			fill func(ed contentEditor)
			key  string
			want string
		}{
			// §15.5: an attachment needs its name.
			{"attachment name", tp.KindAttachment, func(contentEditor) {}, "id", "Write the attachment's name"},
			// §8.3: a class card's rows are printed in ascending AP order.
			{"class card rows", tp.KindClassCard, func(ed contentEditor) {
				f := ed.(*ClassCardForm)
				f.Class.SetText("Brute")
				f.AP[2].Set(1)
			}, "card.rows.2.ap", "lowest AP to the highest"},
			// V-25: a mission's difficulty is at least 1 and it needs a name.
			{"mission name", tp.KindMission, func(contentEditor) {}, "id", "Write the mission's name"},
		}
		for _, r := range rows {
			t.Run(r.id, func(t *testing.T) {
				h := newHarness(t, nil)
				c := NewCampaignScreen(h.ctx)
				h.w.SetContent(c.Object())
				c.Entry.Open(r.kind, "", nil)
				r.fill(c.Entry.Shown)
				test.Tap(c.Entry.SaveButton)
				if got := rowProblem(c.Entry.Shown, r.key); !strings.Contains(got, r.want) {
					t.Fatalf("the problem must show under %s (%q), got %q", r.key, r.want, got)
				}
				k := h.state().Content
				if len(k.Attachments)+len(k.ClassCards)+len(k.Missions) != 0 || h.s.LastSeq() != 0 {
					t.Fatal("a refused card was saved")
				}
			})
		}
	})
	t.Run("mission setup", func(t *testing.T) {
		rows := []struct {
			id   string
			fill func(f *SetupForm)
			want string
		}{
			// V-03: distinct entry points.
			{"V-03", func(f *SetupForm) {
				for _, n := range []string{"Ana", "Bo"} {
					f.Rows[n].Embark.SetChecked(true)
					f.Rows[n].Entry.SetSelected("D-1")
				}
			}, "cannot both start on D-1"},
			// V-01: one character per class.
			{"V-01", func(f *SetupForm) {
				f.Rows["Cy"].Embark.SetChecked(true)
			}, "both Warrior"},
		}
		for _, r := range rows {
			t.Run(r.id, func(t *testing.T) {
				h := newHarness(t, append(fixture(6, 4), tp.CreateCharacter{Name: "Cy", Class: "Warrior", Species: "Folk", Colour: "red"}))
				c := NewCampaignScreen(h.ctx)
				h.w.SetContent(c.Object())
				c.Setup.Mission.SetSelected("Orbos-1")
				r.fill(c.Setup)
				test.Tap(c.Setup.StartBt)
				if h.state().Mission != nil || !strings.Contains(h.lastErr(), r.want) {
					t.Fatalf("the setup must show the refusal (%q): %q", r.want, h.lastErr())
				}
			})
		}
	})
}
