package eternaut

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// paragraphHelper builds a paragraph number from two IDs for each
// interaction type (Rulebook p.10; spec §6.2), lists the generic fallbacks
// (§6.3), records what was read and finds it again (§6.5). Its fields keep what was typed
// across refreshes.
type paragraphHelper struct {
	k       *kit
	Kind    *widget.Select
	A, B    *widgets.TextEntry
	By      *widgets.TextEntry
	Note    *widgets.TextEntry
	Search  *widgets.TextEntry
	Result  *widget.Label
	Found   []string
	box     *fyne.Container
	history *fyne.Container
	labelA  *widget.Label
	labelB  *widget.Label
	hint    *widget.Label
}

var kindNames = map[string]string{
	et.Rummage: "Rummage (Character + Utility counter)", et.MovingOn: "Moving On onto an Event counter",
	et.TakeAction: "Take Action: an item's action", et.CraftItems: "Take a Break: craft two items",
	et.Talk: "Coordination: talk", et.Start: "The scenario starts (999)", et.Death: "A Character dies (600)",
	et.Hit: "An explosive counter is hit", et.TimerToken: "An Event counter on the Timer", et.SnowContact: "Touching snow (Scenario A)",
}

func newParagraphHelper(k *kit) *paragraphHelper {
	h := &paragraphHelper{k: k}
	var opts []string
	for _, in := range et.Interactions {
		opts = append(opts, kindNames[in.Kind])
	}
	h.A, h.B = textEntry("ID", ""), textEntry("ID", "")
	h.By = textEntry("who read it (optional)", "")
	h.Note = textEntry("what happened (optional)", "")
	h.Search = textEntry("search the paragraphs read: a number, a name, a word", "")
	h.Result = heading("")
	h.labelA, h.labelB = widget.NewLabel(""), widget.NewLabel("")
	h.hint = note("")
	h.history = container.NewVBox()
	h.Kind = widget.NewSelect(opts, func(string) { h.update() })
	h.A.OnChanged = func(string) { h.update() }
	h.B.OnChanged = func(string) { h.update() }
	h.Search.OnChanged = func(string) { h.showHistory(h.k.state()) }
	h.box = container.NewVBox()
	h.Kind.SetSelectedIndex(0)
	return h
}

func (h *paragraphHelper) kind() string {
	i := h.Kind.SelectedIndex()
	if i < 0 {
		return et.Rummage
	}
	return et.Interactions[i].Kind
}

// update rebuilds the paragraph number and its fallbacks as IDs are typed.
func (h *paragraphHelper) update() {
	if h.box == nil {
		return
	}
	in := et.Interactions[max(0, h.Kind.SelectedIndex())]
	h.labelA.SetText(orDash(in.First))
	h.labelB.SetText(orDash(in.Second))
	if in.First == "" {
		h.A.Disable()
	} else {
		h.A.Enable()
	}
	if in.Second == "" {
		h.B.Disable()
	} else {
		h.B.Enable()
	}
	a, b := strings.TrimSpace(h.A.Text), strings.TrimSpace(h.B.Text)
	h.Found = nil
	var err error
	switch k := h.kind(); k {
	case et.SnowContact:
		s := h.k.state()
		if s.SnowParagraph == "" {
			h.hint.SetText("Note the paragraph printed on Rule card R-01 first (Figures & cards, Snow).")
		} else {
			h.Found = []string{s.SnowParagraph}
		}
	case et.Start:
		var p string
		p, err = et.Interaction(k, a, "")
		if err == nil {
			h.Found = []string{p}
		}
		h.hint.SetText("Empty: 999-001. In D, type 028 for 999-028 after setup part 2.")
	case et.Rummage, et.MovingOn, et.TakeAction, et.CraftItems, et.Talk:
		if a == "" || b == "" {
			h.hint.SetText("Type both IDs: the lower one comes first.")
			break
		}
		var p string
		if p, err = et.Interaction(k, a, b); err == nil {
			h.Found = []string{p}
			if k != et.CraftItems && k != et.TakeAction {
				if c, err2 := et.CandidateParagraphs(a, b); err2 == nil {
					h.Found = c
				}
			}
			hint := idHints(a, b)
			if k == et.TakeAction && et.IDKind(a) == "Item card" {
				// Spec §6.2, §6.4: accepted, but the pair usually takes the
				// action's ID printed beside the action, not the item's.
				hint = "Take Action pairs the action's ID printed beside the action (usually 4xx), not the item's own ID: check the card. " + hint
			}
			h.hint.SetText(hint)
		}
	default:
		if a == "" {
			h.hint.SetText("Type the ID.")
			break
		}
		var p string
		if p, err = et.Interaction(k, a, ""); err == nil {
			h.Found = []string{p}
		}
	}
	if err != nil {
		h.Result.SetText("")
		h.hint.SetText(words(err))
	} else if len(h.Found) > 0 {
		h.Result.SetText(h.Found[0])
	} else {
		h.Result.SetText("")
	}
	h.box.Objects = h.layout()
	h.box.Refresh()
}

// idHints is the soft warning of §6.4: what each ID usually is.
func idHints(ids ...string) string {
	var parts []string
	for _, id := range ids {
		if k := et.IDKind(id); k != "" {
			parts = append(parts, id+" is usually "+article(k)+" "+k)
		} else {
			parts = append(parts, id+" is in no range the rulebook lists (fine if the Storybook uses it)")
		}
	}
	return strings.Join(parts, "; ")
}

func (h *paragraphHelper) layout() []fyne.CanvasObject {
	out := []fyne.CanvasObject{heading("Which paragraph to read"), bold("Interaction"), h.Kind,
		widgets.NewAdaptive(container.NewVBox(h.labelA, h.A), container.NewVBox(h.labelB, h.B))}
	if h.Result.Text != "" {
		out = append(out, h.Result)
	}
	out = append(out, h.hint)
	if len(h.Found) > 0 {
		out = append(out, bold("Look for these, in order; tick the one the Storybook has:"))
	}
	for i, key := range h.Found {
		k := key
		what := "the exact pair"
		switch {
		case strings.Contains(k, "ANY INTERACTION"):
			what = "any interaction with it (XXX)"
		case strings.Contains(k, et.AnyCharacter):
			what = "any Character (9XX)"
		case i > 0:
			what = "fallback"
		}
		var read *widget.Button
		read = btn("Read it", func() { h.read(read, k) })
		out = append(out, container.NewBorder(nil, nil, nil, read, wrap(fmt.Sprintf("%d. %s — %s", i+1, k, what))))
	}
	out = append(out, bold("Read by"), h.By, bold("Note"), h.Note)
	out = append(out, widget.NewSeparator(), heading("Paragraphs read"), h.Search, h.history)
	return out
}

func (h *paragraphHelper) read(src fyne.CanvasObject, key string) {
	if h.k.doFrom(src, et.ReadParagraph{Key: key, Kind: h.kind(), By: h.By.Text, Note: h.Note.Text}) {
		h.Note.SetText("")
	}
}

// showHistory lists the paragraphs read that match the search, newest
// first.
func (h *paragraphHelper) showHistory(s *et.State) {
	h.history.Objects = nil
	found := et.SearchParagraphs(s, h.Search.Text)
	slices.Reverse(found)
	for _, r := range found {
		line := r.Key
		var where []string
		if r.Scenario != "" {
			where = append(where, "Scenario "+r.Scenario)
		}
		if r.Round > 0 {
			where = append(where, fmt.Sprintf("round %d", r.Round))
		}
		if r.By != "" {
			where = append(where, "by "+r.By)
		}
		if len(where) > 0 {
			line += " · " + strings.Join(where, ", ")
		}
		if r.Note != "" {
			line += ": " + r.Note
		}
		h.history.Add(wrap(line))
	}
	if len(found) == 0 {
		h.history.Add(note(boolWord(h.Search.Text == "", "No paragraph read yet.", "No paragraph read matches.")))
	}
	h.history.Refresh()
}

// HistoryLines are the history's lines as shown, for tests.
func (h *paragraphHelper) HistoryLines() []string {
	var out []string
	for _, o := range h.history.Objects {
		if l, ok := o.(*widget.Label); ok {
			out = append(out, l.Text)
		}
	}
	return out
}

func (h *paragraphHelper) object(s *et.State) fyne.CanvasObject {
	h.update()
	h.showHistory(s)
	return h.box
}

// article is "a" or "an" before a word.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}
