package phantom

import (
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	pa "tablekeeper/assets/phantom"
	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// The content choices of the new-campaign form.
const (
	startEmpty    = "Nothing yet: I enter my components in the campaign"
	startPractice = "The practice content (made up, not the printed cards)"
)

// Before play, Phantom Epoch needs what the printed components say; the
// new-campaign form says so.
const needsBeforePlay = "Before the first mission, the app needs what your components print: the mission's page and its map, " +
	"the description cards of the adversaries it places with their species and class cards, a class board (with its ten " +
	"starting Action cards) for each character's class and a species card, and, if the app is to roll them, the dice's faces. " +
	"You enter each once, by tapping forms shaped like the cards, one after another from the new campaign's Play tab, " +
	"or start from a content set on this device."

// Setup is Phantom Epoch's part of the new-campaign form: what the game
// needs before play, whether this device already has it (the content sets
// in its library, each with what it still lacks), and the choice to start
// the campaign from one of them (or the practice content), copied into
// the campaign's log so it never depends on the library again.
func (g *Screens) Setup(env shell.SetupEnv) shell.Setup {
	type choice struct {
		data []byte
		set  *tp.ContentSet
	}
	choices := map[string]choice{}
	options := []string{startEmpty}
	have := container.NewVBox()
	entries, err := env.Library.List(tracker.PhantomEpoch)
	if err != nil {
		have.Add(widgets.Paragraph("This device's content sets cannot be read: " + err.Error()))
	}
	for _, e := range entries {
		if e.Damaged {
			l := widgets.Paragraph(fmt.Sprintf("%s: damaged (%s); delete it from the Content tab and save it again.", e.Name, e.Problem))
			l.Importance = widget.WarningImportance
			have.Add(l)
			continue
		}
		data, err := env.Library.Load(tracker.PhantomEpoch, e.Name)
		if err != nil {
			have.Add(widgets.Paragraph(e.Name + ": " + shell.Words(err)))
			continue
		}
		set, err := tp.ReadContentFile(data)
		if err != nil || len(set.Problems) > 0 {
			why := "it has problems"
			if err != nil {
				why = err.Error()
			}
			have.Add(widgets.Paragraph(fmt.Sprintf("%s: cannot be used (%s).", e.Name, why)))
			continue
		}
		options = append(options, e.Name)
		choices[e.Name] = choice{data, set}
		have.Add(widgets.Paragraph(e.Name + ": " + Readiness(set)))
	}
	if len(choices) == 0 {
		have.Add(widgets.Paragraph("No content set is saved on this device yet. The Content tab of a campaign saves one here."))
	}
	if set, err := tp.ReadContentFile(pa.Practice); err == nil {
		options = append(options, startPractice)
		choices[startPractice] = choice{pa.Practice, set}
	}
	start := widget.NewSelect(options, nil)
	start.SetSelected(startEmpty)
	guide := widgets.Paragraph(needsBeforePlay)
	return shell.Setup{
		Items: []*widget.FormItem{
			{Text: "What the game needs", Widget: container.NewVBox(guide, widget.NewLabelWithStyle("On this device", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), have)},
			{Text: "Start with", Widget: start, HintText: "A content set is copied into the campaign: changing the device's set later changes nothing here."},
		},
		Commands: func() ([]tracker.Command, error) {
			c, ok := choices[start.Selected]
			if !ok {
				return nil, nil
			}
			cmds := []tracker.Command{tp.ImportContent{Data: c.data}}
			if c.set.Practice {
				// The practice set's missions and classes are not the
				// campaign's: they are open from the start.
				for _, cl := range sortedKeys(c.set.Content.Classes) {
					cmds = append(cmds, tp.UnlockClass{Class: cl})
				}
				for _, m := range sortedKeys(c.set.Content.Missions) {
					cmds = append(cmds, tp.MarkMission{Mission: m, Available: true})
				}
			}
			return cmds, nil
		},
	}
}

// Readiness says in a line what a content set holds for play and what it
// still lacks before its first mission.
func Readiness(set *tp.ContentSet) string {
	k := &set.Content
	s := &tp.State{Content: *k}
	var playable, lacking []string
	for _, id := range sortedKeys(k.Missions) {
		needs := missionNeeds(s, id, k.Missions[id].Difficulty)
		if len(needs) == 0 {
			playable = append(playable, id)
			continue
		}
		var what []string
		for _, n := range needs {
			what = append(what, strings.TrimSuffix(lowerFirstWord(n.Text), "."))
		}
		lacking = append(lacking, fmt.Sprintf("%s (%s)", id, strings.Join(what, "; ")))
	}
	classes := 0
	for _, cb := range k.Classes {
		ok := len(cb.Starting) >= tp.MissionCards
		for _, id := range cb.Starting {
			if _, in := k.ActionCards[id]; !in {
				ok = false
			}
		}
		if ok {
			classes++
		}
	}
	var parts []string
	parts = append(parts, setSummary(set))
	if len(playable) > 0 {
		sort.Strings(playable)
		parts = append(parts, "ready to play: "+strings.Join(playable, ", "))
	}
	if len(lacking) > 0 {
		parts = append(parts, "still lacking: "+strings.Join(lacking, "; "))
	}
	if len(k.Missions) == 0 {
		parts = append(parts, "no mission yet")
	}
	switch {
	case classes == 0:
		parts = append(parts, "no class board with its ten starting cards yet")
	case classes == 1:
		parts = append(parts, "only one class board with its ten starting cards (a mission takes two characters of different classes)")
	case len(k.Species) == 0:
		parts = append(parts, "no character species card yet")
	}
	return strings.Join(parts, " · ")
}

func lowerFirstWord(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
