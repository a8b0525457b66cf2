package phantom

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// SetupForm sets up a mission (§12): the mission, the party (2–4, one
// per class, distinct colours and entry points), each character's ten
// Action cards and items, and the adversaries' difficulty.
type SetupForm struct {
	ctx        *shell.Context
	Mission    *widget.Select
	Difficulty *widget.Entry
	Training   *widget.Check
	Tier       *widget.Entry
	Party      *fyne.Container
	Rows       map[string]*PartyRow
	StartBt    *widget.Button
	obj        fyne.CanvasObject
}

// PartyRow is one character's line of the setup form.
type PartyRow struct {
	Embark *widget.Check
	Entry  *widget.Select
	Cards  *widget.Entry
	Items  *widget.Entry
}

func newSetupForm(ctx *shell.Context) *SetupForm {
	f := &SetupForm{ctx: ctx, Rows: map[string]*PartyRow{}}
	f.Mission = widget.NewSelect(nil, func(string) { f.refresh(state(ctx)) })
	f.Difficulty = widget.NewEntry()
	f.Difficulty.SetPlaceHolder("adversary difficulty (empty: the mission's)")
	f.Training = widget.NewCheck("training mission", nil)
	f.Tier = widget.NewEntry()
	f.Tier.SetPlaceHolder("tier")
	f.Party = container.NewVBox()
	f.StartBt = widget.NewButton("Start the mission", f.start)
	f.StartBt.Importance = widget.HighImportance
	f.obj = widgets.NewCard("Set up a mission", "§12: party, entry points, cards; adversaries are placed by the map's icons",
		container.NewVBox(widget.NewForm(
			widget.NewFormItem("Mission", f.Mission),
			widget.NewFormItem("Adversaries", f.Difficulty),
			widget.NewFormItem("", container.NewVBox(f.Training, f.Tier)),
		), f.Party, f.StartBt))
	return f
}

func (f *SetupForm) refresh(s *tp.State) {
	f.Mission.Options = sortedKeys(s.Content.Missions)
	f.Mission.Refresh()
	var entries []string
	if mi, ok := s.Content.Missions[f.Mission.Selected]; ok {
		if raw, ok := s.Content.Maps[mi.Map]; ok {
			var l struct {
				Spaces []struct {
					Label      string `json:"label"`
					EntryPoint bool   `json:"entryPoint"`
				} `json:"spaces"`
			}
			if json.Unmarshal(raw, &l) == nil {
				for _, sp := range l.Spaces {
					if sp.EntryPoint {
						entries = append(entries, sp.Label)
					}
				}
			}
		}
	}
	f.Party.Objects = nil
	for _, name := range sortedKeys(s.Characters) {
		ch := s.Characters[name]
		row := f.Rows[name]
		if row == nil {
			row = &PartyRow{Embark: widget.NewCheck(fmt.Sprintf("%s (%s, %s)", name, ch.Class, ch.Colour), nil), Entry: widget.NewSelect(nil, nil), Cards: widget.NewEntry(), Items: widget.NewEntry()}
			row.Cards.SetText(strings.Join(firstN(ch.Cards, tp.MissionCards), ", "))
			row.Items.SetPlaceHolder("items taken (comma separated)")
			f.Rows[name] = row
		}
		row.Entry.Options = entries
		row.Entry.PlaceHolder = "entry point"
		row.Entry.Refresh()
		f.Party.Add(widgets.NewCard("", "", container.NewVBox(row.Embark,
			widget.NewForm(widget.NewFormItem("Entry point", row.Entry), widget.NewFormItem("10 cards", row.Cards), widget.NewFormItem("Items", row.Items)))))
	}
	if len(s.Characters) == 0 {
		f.Party.Add(wrap("No characters yet: create them on the Characters tab."))
	}
	f.Party.Refresh()
	if s.Mission != nil && s.Mission.Phase != "over" {
		f.StartBt.Disable()
	} else {
		f.StartBt.Enable()
	}
}

func firstN(l []string, n int) []string {
	if len(l) > n {
		return l[:n]
	}
	return l
}

// Command is the StartMission the form describes.
func (f *SetupForm) Command() tp.StartMission {
	c := tp.StartMission{Mission: f.Mission.Selected, Training: f.Training.Checked}
	c.AdversaryDifficulty, _ = strconv.Atoi(strings.TrimSpace(f.Difficulty.Text))
	c.TrainingTier, _ = strconv.Atoi(strings.TrimSpace(f.Tier.Text))
	for _, name := range sortedKeys(f.Rows) {
		r := f.Rows[name]
		if !r.Embark.Checked {
			continue
		}
		c.Party = append(c.Party, tp.Embark{Character: name, EntryPoint: r.Entry.Selected, Cards: splitConds(r.Cards.Text), Items: splitConds(r.Items.Text)})
	}
	return c
}

func (f *SetupForm) start() {
	if f.Mission.Selected == "" {
		f.ctx.Message("choose the mission to play", true)
		return
	}
	// V-25: a difficulty typed is a whole number, 1 or more; empty is the
	// mission's. Anything else would be read as the mission's unseen.
	if d := strings.TrimSpace(f.Difficulty.Text); d != "" {
		if n, err := strconv.Atoi(d); err != nil || n < 1 {
			f.ctx.Message(fmt.Sprintf("the adversaries' difficulty is a whole number, 1 or more, not %q (leave it empty for the mission's) (phantom-epoch V-25)", d), true)
			return
		}
	}
	f.ctx.Do(f.Command())
}
