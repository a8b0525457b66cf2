package phantom

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	ap "tablekeeper/automa/phantom"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// contentKinds lists what can be entered, with a blank to start from.
var contentKinds = []struct {
	Kind     tp.ContentKind
	Title    string
	Template string
}{
	{tp.KindMission, "Mission", `{"id": "", "title": "", "planet": "Berkav", "difficulty": 1, "map": "", "sp": 0, "fame": {"Berkav": 0, "Thespara": 0, "Orbos": 0}, "unlocks": [""], "other": [""], "orbs": [0], "treasure": [0]}`},
	{tp.KindAdversary, "Adversary description card", `{"name": "", "species": "", "class": "", "difficulty": 1, "hp": 5, "attack": 1, "guard": 0, "range": 1, "standees": 4, "crit": {"text": "", "inflict": [""], "damage": 0}}`},
	{tp.KindSpeciesCard, "Adversary species card", `{"species": "", "card": {"name": "", "ap": 2, "actions": [{"kind": "move", "value": 2}], "roundEffects": []}}`},
	{tp.KindClassCard, "Adversary class card", `{"class": "", "card": {"name": "", "rows": [` +
		`{"colour": "dark blue", "ap": 1, "actions": [{"kind": "attack"}], "roundEffects": []}, ` +
		`{"colour": "light blue", "ap": 2, "actions": [{"kind": "attack"}], "roundEffects": []}, ` +
		`{"colour": "red", "ap": 3, "actions": [{"kind": "attack"}], "roundEffects": []}, ` +
		`{"colour": "yellow", "ap": 4, "actions": [{"kind": "attack"}], "roundEffects": []}]}}`},
	{tp.KindBoss, "Boss board", `{"name": "", "hp": [20, 24, 28], "attack": [2, 2, 3], "guard": [1, 1, 1], "range": [1, 1, 1], ` +
		`"inherent": {"name": "", "ap": 2, "actions": [{"kind": "move", "value": 2}]}, "actions": [` +
		`{"name": "", "ap": 3, "actions": [{"kind": "attack"}]}, {"name": "", "ap": 5, "actions": [{"kind": "attack", "value": 1}]}, ` +
		`{"name": "", "ap": 7, "actions": [{"kind": "heal", "value": 2, "perCharacter": true, "self": true}]}], ` +
		`"crit": {"text": "", "inflict": [""], "damage": 0}}`},
	{tp.KindBossCard, "Boss action card", `{"actions": [1], "other": "", "persistent": false}`},
	{tp.KindSpecies, "Character species card", `{"name": "", "hp": 10, "maxAp": 6, "text": ""}`},
	{tp.KindClass, "Character class board", `{"name": "", "baseRange": 1, "weapon": "", "crit": "", "itemSlots": 2, "bandageSlots": 2, "attachmentSlots": [["melee"]], "starting": [""], "startingAttachments": [""], "startingItems": [""]}`},
	{tp.KindActionCard, "Character Action card", `{"id": "", "class": "", "ap": 2, "spCost": 0, "temporary": false, "persistent": false, "text": ""}`},
	{tp.KindEquipment, "Equipment card", `{"id": "", "tier": 1, "planet": "Berkav", "slot": "head", "cost": 3, "novaSlots": 0, "initiative": 0, "move": 0, "guard": 0, "maxHp": 0, "text": ""}`},
	{tp.KindAttachment, "Attachment card", `{"id": "", "tier": 1, "type": "melee", "novaSlots": 1, "broken": false, "text": ""}`},
	{tp.KindItem, "Item card", `{"id": "", "oncePerMission": true, "text": ""}`},
}

// contentForm enters one piece of content as the component shows it (a
// blank for each kind), checked by the tracker; files of content can be
// imported and exported whole.
func (c *CampaignScreen) contentForm() fyne.CanvasObject {
	titles := make([]string, len(contentKinds))
	for i, k := range contentKinds {
		titles[i] = k.Title
	}
	id := widget.NewEntry()
	id.SetPlaceHolder("card id (species, class and boss action cards)")
	c.Fields = NewFieldForm()
	c.Kind = widget.NewSelect(titles, func(t string) {
		for _, k := range contentKinds {
			if k.Title == t {
				if k.Kind == tp.KindSpeciesCard || k.Kind == tp.KindClassCard || k.Kind == tp.KindBossCard {
					id.Show()
				} else {
					id.Hide()
				}
				if err := c.Fields.Show([]byte(k.Template), nil); err != nil {
					c.ctx.Message(err.Error(), true)
				}
			}
		}
	})
	c.Kind.PlaceHolder = "what to enter"
	c.contentID = id
	id.Hide()
	help := wrap("Actions: one a line, as the card prints them — Move 3 · Leap 2 · Retreat 2 · Teleport · Attack +1 (Range 5, Pierce 1, Target 2, inflict Burning and Bleeding, blitz, damage x2) · " +
		"Attack (Range +2) · Heal 2 (self, per character) · Heal 3 (allies, self) · Grant Barrier (self) · Remove detrimental · Damage 3 (adjacent figures) · Note: anything the players resolve. " +
		"Round effects: [{\"text\": \"…\", \"attack\": 1, \"guard\": 1}]. Colours: dark blue, light blue, red, yellow. Lists: comma separated.")
	help.Importance = widget.LowImportance
	save := widget.NewButton("Save", func() {
		for _, k := range contentKinds {
			if k.Title == c.Kind.Selected {
				data, err := c.Fields.Values()
				if err != nil {
					c.ctx.Message(err.Error(), true)
					return
				}
				c.ctx.Do(tp.SaveContent{Kind: k.Kind, ID: strings.TrimSpace(id.Text), Data: data})
				return
			}
		}
		c.ctx.Message("choose what to enter", true)
	})
	save.Importance = widget.HighImportance
	c.SaveContentBt = save
	imp := widget.NewButton("Import content file…", func() {
		dialog.ShowFileOpen(func(r fyne.URIReadCloser, err error) {
			if err != nil || r == nil {
				return
			}
			defer r.Close()
			b, err := io.ReadAll(r)
			if err != nil {
				dialog.ShowError(err, c.ctx.Window)
				return
			}
			c.ctx.Do(tp.ImportContent{Data: b})
		}, c.ctx.Window)
	})
	exp := widget.NewButton("Export content file…", func() {
		b, err := tp.ExportContent(state(c.ctx))
		if err != nil {
			dialog.ShowError(err, c.ctx.Window)
			return
		}
		d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
			if err != nil || w == nil {
				return
			}
			defer w.Close()
			_, _ = w.Write(b)
		}, c.ctx.Window)
		d.SetFileName("phantom-epoch-content.json")
		d.Show()
	})
	faces := widget.NewMultiLineEntry()
	faces.SetPlaceHolder("Decision die: one face a line, e.g. red N E")
	dice := widget.NewButton("Enter the Decision die's faces", func() {
		var fs []ap.Face
		for _, line := range strings.Split(faces.Text, "\n") {
			f := strings.Fields(line)
			if len(f) < 3 {
				continue
			}
			fs = append(fs, ap.Face{Colour: ap.Colour(strings.Join(f[:len(f)-2], " ")), Primary: ap.Dir(f[len(f)-2]), Secondary: ap.Dir(f[len(f)-1])})
		}
		c.ctx.Do(tp.SetDice{DecisionDie: fs})
	})
	basic := widget.NewEntry()
	basic.SetPlaceHolder("basic die faces: 0, 1, 1, 2, 2, 3, crit, fumble")
	blitz := widget.NewEntry()
	blitz.SetPlaceHolder("blitz die faces")
	acc := widget.NewEntry()
	acc.SetPlaceHolder("Accuracy die faces: miss, block, success, …")
	attackDice := widget.NewButton("Enter the attack and Accuracy dice", func() {
		c.ctx.Do(tp.SetDice{Basic: splitConds(basic.Text), Blitz: splitConds(blitz.Text), Accuracy: splitConds(acc.Text)})
	})
	return container.NewVBox(
		widgets.NewCard("Enter content", "§15: what is printed on your components, entered once, never shipped",
			container.NewVBox(c.Kind, id, c.Fields.Object(), save, help, container.NewGridWithColumns(2, imp, exp))),
		widgets.NewCard("Dice", "§3: the faces are not in the rulebook", container.NewVBox(faces, dice, basic, blitz, acc, attackDice)),
	)
}

func (c *CampaignScreen) showContent(s *tp.State) {
	box := c.content
	box.Objects = nil
	defer box.Refresh()
	k := &s.Content
	list := func(kind tp.ContentKind, title string, ids []string) {
		if len(ids) == 0 {
			return
		}
		box.Add(bold(fmt.Sprintf("%s (%d)", title, len(ids))))
		for _, id := range ids {
			id := id
			buttons := container.NewHBox(widget.NewButton("Remove", func() { c.ctx.Do(tp.RemoveContent{Kind: kind, ID: id}) }))
			if kind != tp.KindMap {
				buttons.Objects = append([]fyne.CanvasObject{widget.NewButton("Edit", func() { c.editContent(kind, id) })}, buttons.Objects...)
			}
			box.Add(container.NewBorder(nil, nil, nil, buttons, widget.NewLabel(id)))
		}
	}
	list(tp.KindMission, "Missions", sortedKeys(k.Missions))
	list(tp.KindMap, "Maps", sortedKeys(k.Maps))
	list(tp.KindAdversary, "Adversary description cards", sortedKeys(k.Adversaries))
	list(tp.KindSpeciesCard, "Adversary species cards", sortedKeys(k.SpeciesCards))
	list(tp.KindClassCard, "Adversary class cards", sortedKeys(k.ClassCards))
	list(tp.KindBoss, "Boss boards", sortedKeys(k.Bosses))
	list(tp.KindBossCard, "Boss action cards", sortedKeys(k.BossCards))
	list(tp.KindSpecies, "Species", sortedKeys(k.Species))
	list(tp.KindClass, "Classes", sortedKeys(k.Classes))
	list(tp.KindActionCard, "Action cards", sortedKeys(k.ActionCards))
	list(tp.KindEquipment, "Equipment", sortedKeys(k.Equipment))
	list(tp.KindAttachment, "Attachments", sortedKeys(k.Attachments))
	list(tp.KindItem, "Items", sortedKeys(k.Items))
	if len(k.DecisionDie) > 0 {
		var fs []string
		for _, f := range k.DecisionDie {
			fs = append(fs, fmt.Sprintf("%s %s/%s", f.Colour, f.Primary, f.Secondary))
		}
		box.Add(wrap("Decision die: " + strings.Join(fs, " · ")))
	}
}

// editContent loads a piece of content into the form.
func (c *CampaignScreen) editContent(kind tp.ContentKind, id string) {
	k := &state(c.ctx).Content
	var v any
	switch kind {
	case tp.KindMission:
		v = k.Missions[id]
	case tp.KindAdversary:
		v = k.Adversaries[id]
	case tp.KindSpeciesCard:
		v = k.SpeciesCards[id]
	case tp.KindClassCard:
		v = k.ClassCards[id]
	case tp.KindBoss:
		v = k.Bosses[id]
	case tp.KindBossCard:
		v = k.BossCards[id]
	case tp.KindSpecies:
		v = k.Species[id]
	case tp.KindClass:
		v = k.Classes[id]
	case tp.KindActionCard:
		v = k.ActionCards[id]
	case tp.KindEquipment:
		v = k.Equipment[id]
	case tp.KindAttachment:
		v = k.Attachments[id]
	case tp.KindItem:
		v = k.Items[id]
	}
	data, err := json.Marshal(v)
	if err != nil {
		c.ctx.Message(err.Error(), true)
		return
	}
	for _, ck := range contentKinds {
		if ck.Kind == kind {
			c.Kind.Selected = ck.Title
			c.Kind.Refresh()
			if err := c.Fields.Show([]byte(ck.Template), data); err != nil {
				c.ctx.Message(err.Error(), true)
			}
		}
	}
	switch kind {
	case tp.KindSpeciesCard, tp.KindClassCard, tp.KindBossCard:
		c.contentID.SetText(id)
	default:
		c.contentID.SetText("")
	}
}
