package phantom

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// contentSections are the Content tab's sections, each a kind of
// component, in the order a group meets them.
var contentSections = []struct {
	Kind  tp.ContentKind
	Title string
	Why   string
}{
	{tp.KindMission, "Missions", "the map, difficulty and rewards of each mission from the mission book"},
	{tp.KindAdversary, "Adversary description cards", "one for each adversary and difficulty rating"},
	{tp.KindSpeciesCard, "Adversary species cards", "the species decks the adversaries draw from"},
	{tp.KindClassCard, "Adversary class cards", "the class decks, four colour rows each"},
	{tp.KindBoss, "Boss boards", ""},
	{tp.KindBossCard, "Boss action cards", ""},
	{tp.KindSpecies, "Character species cards", ""},
	{tp.KindClass, "Class boards", "each with its ten starting Action cards"},
	{tp.KindActionCard, "Action cards", "starting cards, and cards bought with SP"},
	{tp.KindEquipment, "Equipment cards", ""},
	{tp.KindAttachment, "Attachment cards", ""},
	{tp.KindItem, "Item cards", ""},
}

// PracticeLabel is how practice content is labelled wherever it shows.
const PracticeLabel = "Practice content — not the printed cards"

// contentForm is the top of the Content tab: what this tab is for, the
// practice label when the content is the practice set, and the content
// files.
func (c *CampaignScreen) contentForm() fyne.CanvasObject {
	intro := wrap("Enter what your cards, boards and dice print, once: each component has its form, laid out like the component. Share it with another group or campaign as a content file.")
	c.practiceNote = widget.NewLabelWithStyle(PracticeLabel+": made up for this app so you can try it. Replace it with your own components (Update from a newer file, or enter them below).", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	c.practiceNote.Wrapping = fyne.TextWrapWord
	c.practiceNote.Importance = widget.WarningImportance
	c.practiceNote.Hide()
	return container.NewVBox(intro, c.practiceNote, c.filesCard())
}

// showContent lists the content entered, kind by kind: each piece with
// Edit (the form, with Delete) and a button to enter a new one.
func (c *CampaignScreen) showContent(s *tp.State) {
	box := c.content
	box.Objects = nil
	defer box.Refresh()
	if s.Content.Practice {
		c.practiceNote.Show()
	} else {
		c.practiceNote.Hide()
	}
	k := &s.Content
	for _, sec := range contentSections {
		kind := sec.Kind
		ids := contentIDs(k, kind)
		list := container.NewVBox()
		if sec.Why != "" {
			w := wrap(capitalFirst(sec.Why) + ".")
			w.Importance = widget.LowImportance
			list.Add(w)
		}
		for _, id := range ids {
			id := id
			edit := widget.NewButtonWithIcon("Edit", theme.DocumentCreateIcon(), func() { c.Entry.Open(kind, id, nil) })
			list.Add(container.NewBorder(nil, nil, nil, widgets.Touch(edit), wrap(contentLine(k, kind, id))))
		}
		add := widget.NewButtonWithIcon("Enter a new "+lowerKind(kind)+"…", theme.ContentAddIcon(), func() { c.Entry.Open(kind, "", nil) })
		list.Add(add)
		title := fmt.Sprintf("%s (%d)", sec.Title, len(ids))
		box.Add(widgets.NewCard(title, "", list))
	}
	box.Add(widgets.NewCard("Dice", "", container.NewVBox(wrap(diceSummary(k)),
		widget.NewButtonWithIcon("Enter the dice's faces…", theme.DocumentCreateIcon(), func() { c.Entry.OpenDice() }))))
	mapList := container.NewVBox()
	for _, id := range sortedKeys(k.Maps) {
		mapList.Add(wrap(id))
	}
	mapList.Add(widget.NewButtonWithIcon("Draw and edit maps on the Maps tab", theme.NavigateNextIcon(), func() { c.Tabs.SelectIndex(mapsTab) }))
	box.Add(widgets.NewCard(fmt.Sprintf("Maps (%d)", len(k.Maps)), "", mapList))
}

// mapsTab is the Maps tab's place among the campaign screen's tabs.
const mapsTab = 4

// contentIDs are the keys of the pieces of kind entered.
func contentIDs(k *tp.Content, kind tp.ContentKind) []string {
	switch kind {
	case tp.KindMission:
		return sortedKeys(k.Missions)
	case tp.KindAdversary:
		return sortedKeys(k.Adversaries)
	case tp.KindSpeciesCard:
		return sortedKeys(k.SpeciesCards)
	case tp.KindClassCard:
		return sortedKeys(k.ClassCards)
	case tp.KindBoss:
		return sortedKeys(k.Bosses)
	case tp.KindBossCard:
		return sortedKeys(k.BossCards)
	case tp.KindSpecies:
		return sortedKeys(k.Species)
	case tp.KindClass:
		return sortedKeys(k.Classes)
	case tp.KindActionCard:
		return sortedKeys(k.ActionCards)
	case tp.KindEquipment:
		return sortedKeys(k.Equipment)
	case tp.KindAttachment:
		return sortedKeys(k.Attachments)
	case tp.KindItem:
		return sortedKeys(k.Items)
	case tp.KindMap:
		return sortedKeys(k.Maps)
	}
	return nil
}

// contentLine is a piece as the list shows it: its name and what tells it
// apart at a glance.
func contentLine(k *tp.Content, kind tp.ContentKind, id string) string {
	switch kind {
	case tp.KindMission:
		m := k.Missions[id]
		return strings.TrimSpace(fmt.Sprintf("%s %s · difficulty %d · map %s", id, m.Title, m.Difficulty, orDefault(m.Map, "none")))
	case tp.KindAdversary:
		a := k.Adversaries[id]
		return fmt.Sprintf("%s · HP %d · Attack %d · Guard %d · Range %d", id, a.HP, a.Attack, a.Guard, a.Range)
	case tp.KindSpeciesCard:
		c := k.SpeciesCards[id]
		return fmt.Sprintf("%s (%s) · AP %d · %s", id, c.Species, c.Card.AP, strings.Join(actionLines(c.Card), "; "))
	case tp.KindClassCard:
		c := k.ClassCards[id]
		var aps []string
		for _, r := range c.Card.Rows {
			aps = append(aps, fmt.Sprint(r.AP))
		}
		return fmt.Sprintf("%s (%s) · rows AP %s", id, c.Class, strings.Join(aps, ", "))
	case tp.KindSpecies:
		sp := k.Species[id]
		return fmt.Sprintf("%s · HP %d · max AP %d", id, sp.HP, sp.MaxAP)
	case tp.KindClass:
		cb := k.Classes[id]
		return fmt.Sprintf("%s · base range %d · %d starting cards", id, cb.BaseRange, len(cb.Starting))
	case tp.KindActionCard:
		ac := k.ActionCards[id]
		line := fmt.Sprintf("%s (%s) · AP %d", id, ac.Class, ac.AP)
		if ac.SPCost > 0 {
			line += fmt.Sprintf(" · %d SP", ac.SPCost)
		}
		return line
	case tp.KindEquipment:
		e := k.Equipment[id]
		return fmt.Sprintf("%s · tier %d · %s · %s · cost %d", id, e.Tier, e.Planet, e.Slot, e.Cost)
	case tp.KindAttachment:
		a := k.Attachments[id]
		return fmt.Sprintf("%s · tier %s · %s", id, tierText(a.Tier), a.Type)
	}
	return id
}

// diceSummary says which dice's faces are entered.
func diceSummary(k *tp.Content) string {
	var parts []string
	if len(k.DecisionDie) > 0 {
		var fs []string
		for _, f := range k.DecisionDie {
			fs = append(fs, fmt.Sprintf("%s %s/%s", f.Colour, f.Primary, f.Secondary))
		}
		parts = append(parts, "Decision die: "+strings.Join(fs, " · "))
	} else {
		parts = append(parts, "Decision die: not entered (you enter the face rolled each round)")
	}
	for _, d := range []struct{ key, name string }{{"basic", "Basic die"}, {"blitz", "Blitz die"}, {"accuracy", "Accuracy die"}} {
		if f := k.AttackDice[d.key]; len(f) > 0 {
			parts = append(parts, d.name+": "+strings.Join(f, ", "))
		} else {
			parts = append(parts, d.name+": not entered (rolled at the table)")
		}
	}
	return strings.Join(parts, "\n")
}
