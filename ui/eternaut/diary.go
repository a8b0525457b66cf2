package eternaut

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// DiaryScreen is the Campaign tab: the Chronicle Diary a page per
// scenario, laid out as the paper one, with every field correctable by
// hand (each correction is an event); the campaign's page (Special Quest
// outcomes, score, roster, players, Action deck, paragraphs read); the
// group's settings; and the export of the diary as a text file.
type DiaryScreen struct {
	kit
	tabs   *container.AppTabs
	pages  map[string]*container.Scroll
	Export *widget.Button
	// Fields are the diary's correctable fields as drawn now, keyed
	// "B/score", "B/901/lp", "/quest1".
	Fields   map[string]*widget.Button
	settings *settingsForm
	search   *widgets.TextEntry
	history  *fyne.Container
}

var diaryPages = []string{"A", "B", "C", "D", "E", "F", "Campaign", "Settings"}

// NewDiaryScreen builds the Campaign tab.
func NewDiaryScreen(ctx *shell.Context) *DiaryScreen {
	d := &DiaryScreen{kit: newKit(ctx), pages: map[string]*container.Scroll{}}
	var items []*container.TabItem
	for _, p := range diaryPages {
		sc := container.NewVScroll(nil)
		d.pages[p] = sc
		label := p
		if len(p) == 1 {
			label = "Page " + p // a tab wide enough for a finger
		}
		items = append(items, container.NewTabItem(label, sc))
	}
	items = append(items, container.NewTabItem("Story", container.NewVScroll(container.NewPadded(ctx.Story()))))
	d.tabs = container.NewAppTabs(items...)
	d.Export = iconBtn("Save as a text file", theme.DocumentSaveIcon(), d.exportDialog)
	d.search = textEntry("search the paragraphs read", "")
	d.history = container.NewVBox()
	d.search.OnChanged = func(string) { d.showHistory() }
	ctx.OnChange(func(tracker.Event) { d.Refresh() })
	d.Refresh()
	d.tabs.SelectIndex(d.currentPage())
	return d
}

// currentPage is the section of the scenario in play or last played.
func (d *DiaryScreen) currentPage() int {
	s := d.state()
	if len(s.Played) == 0 {
		return 0
	}
	i := strings.Index("ABCDEF", et.Letter(s.Played[len(s.Played)-1]))
	return max(0, i)
}

// Object is the tab's content.
func (d *DiaryScreen) Object() fyne.CanvasObject {
	title := heading("Chronicle Diary")
	title.Wrapping = fyne.TextWrapOff // beside a button it would wrap word by word
	top := container.NewBorder(nil, nil, title, d.Export)
	return container.NewBorder(top, nil, nil, nil, d.tabs)
}

// Refresh redraws every page from the campaign.
func (d *DiaryScreen) Refresh() {
	s := d.state()
	d.Fields = map[string]*widget.Button{}
	if !s.Started {
		for _, p := range diaryPages {
			d.pages[p].Content = container.NewPadded(note("The diary starts with the campaign's roster (Play tab)."))
			d.pages[p].Refresh()
		}
		return
	}
	for _, sec := range s.Diary {
		d.pages[sec.Letter].Content = container.NewPadded(d.sectionPage(s, sec))
		d.pages[sec.Letter].Refresh()
	}
	d.pages["Campaign"].Content = container.NewPadded(d.campaignPage(s))
	d.pages["Campaign"].Refresh()
	if d.settings == nil || !d.settings.same(s.Settings) {
		d.settings = newSettingsForm(&d.kit, s.Settings)
	}
	d.pages["Settings"].Content = container.NewPadded(d.settings.object())
	d.pages["Settings"].Refresh()
}

// A fieldKind says how a diary field is corrected: a number on a stepper,
// a box ticked, or words and card IDs typed.
type fieldKind struct {
	number bool
	lo, hi int
	check  bool
	hint   string
}

var (
	asText  = fieldKind{}
	asCheck = fieldKind{check: true}
)

func asNumber(lo, hi int) fieldKind { return fieldKind{number: true, lo: lo, hi: hi} }

// field is a tappable diary field: its name and value, and on a tap a form
// to correct it by hand.
func (d *DiaryScreen) field(key, label, value string, kind fieldKind, correct func(v string) tracker.Command) *widget.Button {
	shown := orDash(value)
	if kind.check {
		b, _ := strconv.ParseBool(value)
		shown = boolWord(b, "yes", "no")
	}
	b := widget.NewButton(label+": "+shown, nil)
	b.Alignment = widget.ButtonAlignLeading
	b.Importance = widget.LowImportance
	b.OnTapped = func() {
		var w fyne.CanvasObject
		var read func() string
		switch {
		case kind.check:
			c := widget.NewCheck(label, nil)
			v, _ := strconv.ParseBool(value)
			c.SetChecked(v)
			w, read = widgets.WrapCheck(c), func() string { return strconv.FormatBool(c.Checked) }
		case kind.number:
			n, _ := strconv.Atoi(value)
			sp := number(kind.lo, kind.hi, max(kind.lo, min(kind.hi, n)))
			w, read = sp, func() string { return strconv.Itoa(sp.Value) }
		default:
			e := textEntry("", value)
			w, read = e, func() string { return e.Text }
		}
		it := widget.NewFormItem(label, w)
		it.HintText = kind.hint
		d.cmdForm("Correct by hand: "+label, "Correct", []*widget.FormItem{it},
			func() (tracker.Command, error) { return correct(read()), nil })
	}
	d.Fields[key] = b
	return b
}

func (d *DiaryScreen) secField(sec *et.DiarySection, field, label, value string, kind fieldKind) *widget.Button {
	letter := sec.Letter
	return d.field(letter+"/"+field, label, value, kind, func(v string) tracker.Command {
		return et.CorrectDiary{Section: letter, Field: field, Value: v}
	})
}

func (d *DiaryScreen) rowField(sec *et.DiarySection, r et.DiaryRow, field, label, value string, kind fieldKind) *widget.Button {
	letter, id := sec.Letter, r.ID
	return d.field(letter+"/"+id+"/"+field, label, value, kind, func(v string) tracker.Command {
		return et.CorrectDiary{Section: letter, Char: id, Field: field, Value: v}
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

func skillsValue(sk []et.SkillCounter) string {
	var parts []string
	for _, k := range sk {
		if k.Skill != "" {
			parts = append(parts, k.ID+":"+k.Skill)
		} else {
			parts = append(parts, k.ID)
		}
	}
	return strings.Join(parts, ", ")
}

func purchasesValue(ps []et.Purchase) string {
	var parts []string
	for _, p := range ps {
		t := p.Kind + " " + p.ID
		if p.Char != "" {
			t += " @" + p.Char
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, "; ")
}

// purchasesWords are the purchases as a player reads them.
func purchasesWords(s *et.State, ps []et.Purchase) string {
	var parts []string
	for _, p := range ps {
		t := strings.TrimSpace(capitalWord(kindWords[p.Kind]) + " " + p.ID)
		if p.Char != "" {
			t += " for " + charName(s, p.Char)
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, "; ")
}

const big = 999

// sectionPage is one scenario's page of the diary (Rulebook p.10).
func (d *DiaryScreen) sectionPage(s *et.State, sec et.DiarySection) fyne.CanvasObject {
	sp := &sec
	box := container.NewVBox()
	box.Add(heading("Scenario " + sec.Letter))
	if sec.Letter == "B" || sec.Letter == "E" || sec.Letter == "F" {
		mark := func(v int) string { return boolWord(sec.Variant == v, "☒", "☐") }
		v := d.secField(sp, "variant", "Storybook", fmt.Sprintf("%s %s1   %s %s2", mark(1), sec.Letter, mark(2), sec.Letter), fieldKind{})
		letter := sec.Letter
		v.OnTapped = func() { d.variantForm(letter, sec.Variant) }
		box.Add(v)
	}
	marks := strings.Repeat("✓", sec.Checks) + strings.Repeat("✗", sec.Crosses)
	box.Add(heading("Plot track: " + orDash(marks)))
	score := ""
	if sec.Scored {
		score = itoa(sec.Score)
	}
	box.Add(flow(d.secField(sp, "checks", "✓", itoa(sec.Checks), asNumber(0, big)), d.secField(sp, "crosses", "✗", itoa(sec.Crosses), asNumber(0, big)),
		d.secField(sp, "score", "Final score", score, asNumber(0, big)), d.secField(sp, "epilogue", "Epilogue", sec.Epilogue, asText)))
	box.Add(bold("Characters"))
	if len(sec.Rows) == 0 {
		box.Add(note("No Character written yet."))
	}
	var rows []fyne.CanvasObject
	for _, r := range sec.Rows {
		rows = append(rows, d.rowCard(sp, r))
	}
	box.Add(columns(380, rows...))
	if c := s.Char("911"); sec.Letter == "E" && c != nil && c.LeftUnrevealed() {
		// Spec §10.2: 911 waited face down for E2 to reveal it; it never was.
		box.Add(wrap(fmt.Sprintf("%s was never revealed in E2 and left the campaign at the end of E: it cannot play F or come in as a reinforcement, and it does not count for Special Quest #2.", c.Carded())))
	}
	ids := asText
	ids.hint = "Separate them with commas."
	if sec.Letter != "A" {
		box.Add(bold("Item reserve and ammo"))
		box.Add(flow(d.secField(sp, "itemReserve", "Item reserve", strings.Join(sec.ItemReserve, ", "), ids),
			d.secField(sp, "ammo", "Ammo (of 20)", itoa(sec.Ammo), asNumber(0, et.AmmoReserveCap))))
		box.Add(pips(sec.Ammo, et.AmmoReserveCap, colCube))
	}
	notes := asText
	notes.hint = "Separate notes with a bar: |"
	box.Add(bold("Notes"))
	box.Add(flow(d.secField(sp, "notes", "Notes", strings.Join(sec.Notes, " | "), notes),
		d.secField(sp, "truckItems", "On the truck", strings.Join(sec.TruckItems, ", "), ids),
		d.secField(sp, "truckAmmo", "Truck ammo", itoa(sec.TruckAmmo), asNumber(0, et.AmmoReserveCap))))
	if sec.Letter != "F" {
		box.Add(bold("Purchases"))
		box.Add(flow(d.secField(sp, "basePP", "Points this scenario", itoa(sec.BasePP), asNumber(0, big)),
			d.secField(sp, "availablePP", "Available", itoa(sec.AvailablePP), asNumber(0, big)),
			d.secField(sp, "remainingPP", "Remaining Purchase Points", itoa(sec.RemainingPP), asNumber(0, big))))
		bought := d.secField(sp, "purchases", "Bought", purchasesWords(s, sec.Purchases), asText)
		letter := sec.Letter
		bought.OnTapped = func() { d.purchasesForm(letter) }
		box.Add(bought)
		box.Add(d.secField(sp, "specialContent", "Special Content", strings.Join(sec.SpecialContent, ", "), ids))
	}
	box.Add(bold("Special Quest cards and Group Ability cards"))
	box.Add(flow(d.secField(sp, "specialQuests", "Special Quests", strings.Join(sec.SpecialQuests, ", "), ids),
		d.secField(sp, "groupAbilities", "Group Abilities", strings.Join(sec.GroupAbilities, ", "), ids)))
	box.Add(note("Tap any field to correct it by hand: the correction is written in the Log."))
	return box
}

// variantForm ticks a section's Storybook box (B1 or B2, …).
func (d *DiaryScreen) variantForm(letter string, cur int) {
	opts := []string{"none ticked", letter + "1", letter + "2"}
	sel := widget.NewSelect(opts, nil)
	sel.SetSelectedIndex(cur)
	d.cmdForm("Correct by hand: Storybook", "Correct", []*widget.FormItem{widget.NewFormItem("Box ticked", sel)},
		func() (tracker.Command, error) {
			return et.CorrectDiary{Section: letter, Field: "variant", Value: itoa(max(0, sel.SelectedIndex()))}, nil
		})
}

// purchasesForm corrects the purchases written in a section: each kept or
// struck out, and one added by picking what it was and for whom.
func (d *DiaryScreen) purchasesForm(letter string) {
	s := d.state()
	sec := s.Section(letter)
	var items []*widget.FormItem
	var keep []*widget.Check
	for _, pu := range sec.Purchases {
		c := widget.NewCheck(purchasesWords(s, []et.Purchase{pu}), nil)
		c.SetChecked(true)
		keep = append(keep, c)
		items = append(items, widget.NewFormItem("", widgets.WrapCheck(c)))
	}
	if len(items) > 0 {
		items[0].Text = "Written now (untick to strike out)"
	}
	kinds := []string{"SAC", "SK", "PA", "GA"}
	var kindOpts []string
	for _, k := range kinds {
		kindOpts = append(kindOpts, capitalWord(kindWords[k]))
	}
	kind := pick(kindOpts, "what was bought (nothing to add)")
	id := textEntry("its ID or, for a Special Action card, its name", "")
	var roster []*et.Character
	for _, c := range s.Roster {
		if c.Status != et.NotUnlocked {
			roster = append(roster, c)
		}
	}
	who := pick(options(roster), "for whom (skill counters, Personal Abilities)")
	items = append(items, widget.NewFormItem("Add", kind), widget.NewFormItem("Card", id), widget.NewFormItem("For", who))
	d.cmdForm("Correct by hand: purchases", "Correct", items, func() (tracker.Command, error) {
		var parts []string
		for i, pu := range sec.Purchases {
			if keep[i].Checked {
				parts = append(parts, purchasesValue([]et.Purchase{pu}))
			}
		}
		if i := kind.SelectedIndex(); i >= 0 {
			if strings.TrimSpace(id.Text) == "" {
				return nil, need("Card", "say what was bought")
			}
			t := kinds[i] + " " + strings.TrimSpace(id.Text)
			if who.Selected != "" {
				t += " @" + idOf(d.state(), who.Selected)
			}
			parts = append(parts, t)
		}
		return et.CorrectDiary{Section: letter, Field: "purchases", Value: strings.Join(parts, "; ")}, nil
	})
}

// capitalWord drops the article and starts with a capital: "a skill
// counter" → "Skill counter".
func capitalWord(s string) string {
	s = strings.TrimPrefix(s, "a ")
	return strings.ToUpper(s[:1]) + s[1:]
}

// rowCard is one Character's line of a section: life or skull, penalties,
// counters, ability, Played.
func (d *DiaryScreen) rowCard(sec *et.DiarySection, r et.DiaryRow) fyne.CanvasObject {
	life := ""
	switch {
	case r.Skull:
		life = "☠"
	case sec.Letter == "A":
		life = "not tracked"
	case r.LP > 0:
		life = itoa(r.LP)
	}
	lifeField := d.rowField(sec, r, "lp", "Life", life, asNumber(0, et.CharMaxLP))
	if r.Skull || sec.Letter == "A" {
		letter, id := sec.Letter, r.ID
		lifeField.OnTapped = func() {
			sp := number(0, et.CharMaxLP, r.LP)
			d.cmdForm("Correct by hand: Life", "Correct", []*widget.FormItem{widget.NewFormItem("Life", sp)},
				func() (tracker.Command, error) {
					return et.CorrectDiary{Section: letter, Char: id, Field: "lp", Value: strconv.Itoa(sp.Value)}, nil
				})
		}
	}
	skills := asText
	skills.hint = "Counter IDs separated by commas, each with its skill after a colon, e.g. SK-01:Agility."
	items := []fyne.CanvasObject{
		d.rowField(sec, r, "played", "Played", strconv.FormatBool(r.Played), asCheck),
		lifeField,
		d.rowField(sec, r, "skull", "Skull", strconv.FormatBool(r.Skull), asCheck),
		d.rowField(sec, r, "fatigue", "Fatigue", itoa(r.Penalties.Fatigue), asNumber(0, et.FatigueCardsInGame)),
		d.rowField(sec, r, "heavyWound", "Heavy Wound", strconv.FormatBool(r.Penalties.HeavyWound), asCheck),
		d.rowField(sec, r, "madness", "Madness", strconv.FormatBool(r.Penalties.Madness), asCheck),
		d.rowField(sec, r, "skills", "Skill counters", skillsValue(r.Skills), skills),
		d.rowField(sec, r, "pa", "Personal Ability", r.PA, asText),
	}
	if sec.Letter == "A" {
		itemIDs := asText
		itemIDs.hint = "Item IDs separated by commas."
		items = append(items, d.rowField(sec, r, "items", "Items", strings.Join(r.Items, ", "), itemIDs))
	}
	head := heading(rowName(r))
	if r.Skull {
		head.Importance = widget.DangerImportance
	}
	return card("", "", container.NewVBox(head, pips(max(0, r.LP), et.CharMaxLP, colLife), flow(items...)))
}

// campaignPage is the campaign-level part of the diary, the roster and
// the Action deck.
func (d *DiaryScreen) campaignPage(s *et.State) fyne.CanvasObject {
	box := container.NewVBox(heading("Special Quest Epilogues"))
	var quests []fyne.CanvasObject
	for i, q := range s.Quests {
		f := fmt.Sprintf("quest%d", i+1)
		b := d.field("/"+f, fmt.Sprintf("#%d", i+1), q, asText, nil)
		n := i
		b.OnTapped = func() { d.questForm(n, f) }
		quests = append(quests, b)
	}
	box.Add(flow(quests...))
	status := "in progress"
	switch s.Phase {
	case et.PhaseFinished:
		status = "won — " + s.Band
	case et.PhaseLost:
		status = "lost: " + lossWords(s.LossReason)
	}
	box.Add(bold("Campaign " + status))
	box.Add(d.field("/campaignScore", "Final Campaign Score", itoa(s.CampaignScore), asNumber(0, big), func(v string) tracker.Command {
		return et.CorrectDiary{Field: "campaignScore", Value: v}
	}))
	box.Add(widget.NewSeparator())
	box.Add(heading("Players and Characters"))
	players := widget.NewSelect(playerOptions(), nil)
	players.SetSelectedIndex(s.Players - 1)
	players.OnChanged = func(string) {
		if n := players.SelectedIndex() + 1; n != d.state().Players {
			d.doFrom(players, et.SetPlayers{Players: n})
		}
	}
	box.Add(bold("Players"))
	box.Add(players)
	var roster []fyne.CanvasObject
	for _, c := range s.Roster {
		id := c.ID
		line := fmt.Sprintf("%s · %s", c.Carded(), statusText(c))
		if c.Status == et.Alive {
			line += fmt.Sprintf(" · life %d", c.LP)
		}
		roster = append(roster, container.NewBorder(nil, nil, nil, btn("Rename", func() {
			e := textEntry("the name", d.state().Char(id).Name)
			d.cmdForm("Rename "+id, "Rename", []*widget.FormItem{widget.NewFormItem("Name", e)},
				func() (tracker.Command, error) { return et.RenameCharacter{ID: id, Name: e.Text}, nil })
		}), wrap(line)))
	}
	box.Add(columns(380, roster...))
	box.Add(widget.NewSeparator())
	box.Add(heading(fmt.Sprintf("Action deck (%d cards)", s.Deck.Size())))
	names := make([]string, 0, len(s.Deck.Basic))
	for n := range s.Deck.Basic {
		names = append(names, n)
	}
	sort.Strings(names)
	var deck []string
	for _, n := range names {
		deck = append(deck, fmt.Sprintf("%s %d", n, s.Deck.Basic[n]))
	}
	box.Add(wrap(strings.Join(deck, ", ") + "; bought: " + joinOr(s.Deck.Specials, "none")))
	box.Add(btn("Set the basic cards' counts…", d.deckForm))
	box.Add(widget.NewSeparator())
	box.Add(heading("Paragraphs read"))
	box.Add(d.search)
	box.Add(d.history)
	d.showHistory()
	return box
}

// questForm writes a Special Quest's outcome by hand.
func (d *DiaryScreen) questForm(i int, field string) {
	sel := widget.NewSelect(outcomes, nil)
	sel.PlaceHolder = "none yet"
	sel.SetSelected(d.state().Quests[i])
	d.cmdForm(fmt.Sprintf("Correct by hand: Special Quest #%d", i+1), "Correct", []*widget.FormItem{widget.NewFormItem("Outcome", sel)},
		func() (tracker.Command, error) { return et.CorrectDiary{Field: field, Value: sel.Selected}, nil })
}

// deckForm sets the basic Action cards' counts on steppers (the rulebook
// gives no breakdown: the group counts its deck once), and can add a type.
func (d *DiaryScreen) deckForm() {
	s := d.state()
	names := make([]string, 0, len(s.Deck.Basic))
	for n := range s.Deck.Basic {
		names = append(names, n)
	}
	sort.Strings(names)
	counts := map[string]*spin{}
	var items []*widget.FormItem
	for _, n := range names {
		sp := number(1, et.ActionDeckSize, s.Deck.Basic[n])
		counts[n] = sp
		items = append(items, widget.NewFormItem(n, sp))
	}
	newName := textEntry("another card's name (optional)", "")
	newCount := number(1, et.ActionDeckSize, 1)
	items = append(items, widget.NewFormItem("Another card", newName), widget.NewFormItem("How many of it", newCount))
	items[0].HintText = fmt.Sprintf("With the %s bought, the deck holds exactly %d cards.", plural(len(s.Deck.Specials), "Special Action card", "Special Action cards"), et.ActionDeckSize)
	d.cmdForm("The basic Action cards", "Set", items, func() (tracker.Command, error) {
		basic := map[string]int{}
		total := len(s.Deck.Specials)
		for n, sp := range counts {
			basic[n] = sp.Value
			total += sp.Value
		}
		if n := strings.TrimSpace(newName.Text); n != "" {
			basic[n] = newCount.Value
			total += newCount.Value
		}
		if total != et.ActionDeckSize {
			return nil, widgets.Problems{"": fmt.Sprintf("These make %d cards; the deck holds exactly %d.", total, et.ActionDeckSize)}
		}
		return et.SetDeck{Basic: basic}, nil
	})
}

func (d *DiaryScreen) showHistory() {
	d.history.Objects = nil
	found := et.SearchParagraphs(d.state(), d.search.Text)
	for i := len(found) - 1; i >= 0; i-- {
		r := found[i]
		line := r.Key
		if r.Scenario != "" {
			line += " · " + r.Scenario
		}
		if r.By != "" {
			line += " · " + r.By
		}
		if r.Note != "" {
			line += ": " + r.Note
		}
		d.history.Add(wrap(line))
	}
	if len(found) == 0 {
		d.history.Add(note("None."))
	}
	d.history.Refresh()
}

// ExportTo writes the diary as Markdown text.
func (d *DiaryScreen) ExportTo(w io.Writer) error {
	_, err := io.WriteString(w, et.DiaryMarkdown(d.state()))
	return err
}

func (d *DiaryScreen) exportDialog() {
	win := d.ctx.Window
	if win == nil {
		return
	}
	fd := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			d.refuse(d.Export, "The diary was not saved: "+err.Error())
			return
		}
		if w == nil {
			return // cancelled
		}
		werr := d.ExportTo(w)
		cerr := w.Close()
		if werr == nil {
			werr = cerr
		}
		if werr != nil {
			d.refuse(d.Export, "The diary was not saved: "+werr.Error())
			return
		}
		d.ctx.Feedback(d.Export, "Diary saved to "+w.URI().Path(), false)
		d.ctx.Message("Diary saved to "+w.URI().Path(), false)
	}, win)
	fd.SetFileName("chronicle-diary.md")
	fd.Resize(win.Canvas().Size())
	fd.Show()
}

// lossWords is why a campaign is lost, without the spec's rule code.
func lossWords(reason string) string {
	for _, code := range []string{" (L1)", " (L2)"} {
		reason = strings.TrimSuffix(reason, code)
	}
	return reason
}

// rowName is a diary row's Character as the diary's page shows it: the
// name, with the card's number to find the card.
func rowName(r et.DiaryRow) string {
	if strings.TrimSpace(r.Name) == "" {
		return "Character card " + r.ID
	}
	return fmt.Sprintf("%s (card %s)", r.Name, r.ID)
}
