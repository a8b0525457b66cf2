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
)

// DiaryScreen is the Campaign tab: the Chronicle Diary a page per
// scenario, laid out as the paper one, with every field correctable by
// hand (each correction is an event); the campaign's page (Special Quest
// outcomes, score, roster, players, Action deck, paragraphs read); the
// group's settings; and the export of the diary as Markdown.
type DiaryScreen struct {
	kit
	tabs   *container.AppTabs
	pages  map[string]*container.Scroll
	Export *widget.Button
	// Fields are the diary's correctable fields as drawn now, keyed
	// "B/score", "B/901/lp", "/quest1".
	Fields   map[string]*widget.Button
	settings *settingsForm
	search   *widget.Entry
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
	d.tabs = container.NewAppTabs(items...)
	d.Export = iconBtn("Export (Markdown)", theme.DocumentSaveIcon(), d.exportDialog)
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
	return container.NewBorder(container.NewVBox(top, d.msg), nil, nil, nil, d.tabs)
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

// field is a tappable diary field: its name and value, and on a tap a form
// to correct it by hand.
func (d *DiaryScreen) field(key, label, value string, correct func(v string) tracker.Command) *widget.Button {
	b := widget.NewButton(label+": "+orDash(value), nil)
	b.Alignment = widget.ButtonAlignLeading
	b.Importance = widget.LowImportance
	b.OnTapped = func() {
		e := textEntry("", value)
		d.cmdForm("Correct by hand: "+label, "Correct", []*widget.FormItem{widget.NewFormItem(label, e)},
			func() (tracker.Command, error) { return correct(e.Text), nil })
	}
	d.Fields[key] = b
	return b
}

func (d *DiaryScreen) secField(sec *et.DiarySection, field, label, value string) *widget.Button {
	letter := sec.Letter
	return d.field(letter+"/"+field, label, value, func(v string) tracker.Command {
		return et.CorrectDiary{Section: letter, Field: field, Value: v}
	})
}

func (d *DiaryScreen) rowField(sec *et.DiarySection, r et.DiaryRow, field, label, value string) *widget.Button {
	letter, id := sec.Letter, r.ID
	return d.field(letter+"/"+id+"/"+field, label, value, func(v string) tracker.Command {
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

// sectionPage is one scenario's page of the diary (§8.1).
func (d *DiaryScreen) sectionPage(s *et.State, sec et.DiarySection) fyne.CanvasObject {
	sp := &sec
	box := container.NewVBox()
	title := "Scenario " + sec.Letter
	box.Add(heading(title))
	if sec.Letter == "B" || sec.Letter == "E" || sec.Letter == "F" {
		mark := func(v int) string {
			if sec.Variant == v {
				return "☒"
			}
			return "☐"
		}
		box.Add(d.secField(sp, "variant", "Storybook", fmt.Sprintf("%s %s1   %s %s2", mark(1), sec.Letter, mark(2), sec.Letter)))
	}
	marks := strings.Repeat("✓", sec.Checks) + strings.Repeat("✗", sec.Crosses)
	plot := heading("Plot track: " + orDash(marks))
	box.Add(plot)
	score := "—"
	if sec.Scored {
		score = itoa(sec.Score)
	}
	box.Add(flow(d.secField(sp, "checks", "✓", itoa(sec.Checks)), d.secField(sp, "crosses", "✗", itoa(sec.Crosses)),
		d.secField(sp, "score", "Final score", score), d.secField(sp, "epilogue", "Epilogue", sec.Epilogue)))
	// Character rows.
	box.Add(bold("Characters"))
	if len(sec.Rows) == 0 {
		box.Add(note("No Character written yet."))
	}
	var rows []fyne.CanvasObject
	for _, r := range sec.Rows {
		rows = append(rows, d.rowCard(sp, r))
	}
	box.Add(columns(420, rows...))
	if c := s.Char("911"); sec.Letter == "E" && c != nil && c.LeftUnrevealed() {
		// §10.2: 911 waited face down for E2 to reveal it; it never was.
		box.Add(wrap(fmt.Sprintf("911 %s was never revealed in E2 and left the campaign at the end of E: it cannot play F or come in as a reinforcement, and it does not count for Special Quest #2 (§10.2).", c.Name)))
	}
	if sec.Letter != "A" {
		box.Add(bold("Item reserve and ammo"))
		box.Add(flow(d.secField(sp, "itemReserve", "Item reserve", strings.Join(sec.ItemReserve, ", ")),
			d.secField(sp, "ammo", "Ammo (of 20)", fmt.Sprintf("%d", sec.Ammo))))
		box.Add(pips(sec.Ammo, et.AmmoReserveCap, colCube))
	}
	box.Add(bold("Notes"))
	box.Add(flow(d.secField(sp, "notes", "Notes", strings.Join(sec.Notes, " | ")),
		d.secField(sp, "truckItems", "On the truck", strings.Join(sec.TruckItems, ", ")),
		d.secField(sp, "truckAmmo", "Truck ammo", itoa(sec.TruckAmmo))))
	if sec.Letter != "F" {
		box.Add(bold("Purchases"))
		box.Add(flow(d.secField(sp, "basePP", "Points this scenario", itoa(sec.BasePP)),
			d.secField(sp, "availablePP", "Available", itoa(sec.AvailablePP)),
			d.secField(sp, "remainingPP", "Remaining Purchase Points", itoa(sec.RemainingPP))))
		box.Add(d.secField(sp, "purchases", "Bought", purchasesValue(sec.Purchases)))
		box.Add(d.secField(sp, "specialContent", "Special Content", strings.Join(sec.SpecialContent, ", ")))
	}
	box.Add(bold("Special Quest cards and Group Abilities"))
	box.Add(flow(d.secField(sp, "specialQuests", "Special Quests", strings.Join(sec.SpecialQuests, ", ")),
		d.secField(sp, "groupAbilities", "Group Abilities", strings.Join(sec.GroupAbilities, ", "))))
	box.Add(note("Tap any field to correct it by hand: the correction is written in the Log."))
	return box
}

// rowCard is one Character's line of a section: life or skull, penalties,
// counters, ability, Played.
func (d *DiaryScreen) rowCard(sec *et.DiarySection, r et.DiaryRow) fyne.CanvasObject {
	life := "—"
	switch {
	case r.Skull:
		life = "☠"
	case sec.Letter == "A":
		life = "not tracked"
	case r.LP > 0:
		life = itoa(r.LP)
	}
	played := boolWord(r.Played, "☒", "☐")
	items := []fyne.CanvasObject{
		d.rowField(sec, r, "played", "Played", played),
		d.rowField(sec, r, "lp", "Life", life),
		d.rowField(sec, r, "skull", "Skull", boolWord(r.Skull, "yes", "no")),
		d.rowField(sec, r, "fatigue", "Fatigue", itoa(r.Penalties.Fatigue)),
		d.rowField(sec, r, "heavyWound", "Heavy Wound", strconv.FormatBool(r.Penalties.HeavyWound)),
		d.rowField(sec, r, "madness", "Madness", strconv.FormatBool(r.Penalties.Madness)),
		d.rowField(sec, r, "skills", "Skill counters", skillsValue(r.Skills)),
		d.rowField(sec, r, "pa", "Personal Ability", r.PA),
	}
	if sec.Letter == "A" {
		items = append(items, d.rowField(sec, r, "items", "Items", strings.Join(r.Items, ", ")))
	}
	// The corrections take the value as written ("true"), the page shows
	// the box: fix the shown values of the boolean fields back.
	d.Fields[sec.Letter+"/"+r.ID+"/played"].OnTapped = d.boolTap(sec.Letter, r.ID, "played", "Played", r.Played)
	d.Fields[sec.Letter+"/"+r.ID+"/skull"].OnTapped = d.boolTap(sec.Letter, r.ID, "skull", "Skull", r.Skull)
	head := heading(r.ID + " " + r.Name)
	if r.Skull {
		head.Importance = widget.DangerImportance
	}
	return card("", "", container.NewVBox(head, pips(max(0, r.LP), et.CharMaxLP, colLife), flow(items...)))
}

func (d *DiaryScreen) boolTap(letter, id, field, label string, cur bool) func() {
	return func() {
		c := widget.NewCheck(label, nil)
		c.SetChecked(cur)
		d.cmdForm("Correct by hand: "+label, "Correct", []*widget.FormItem{widget.NewFormItem("", c)},
			func() (tracker.Command, error) {
				return et.CorrectDiary{Section: letter, Char: id, Field: field, Value: strconv.FormatBool(c.Checked)}, nil
			})
	}
}

// campaignPage is the campaign-level part of the diary (§8.3), the roster
// and the Action deck.
func (d *DiaryScreen) campaignPage(s *et.State) fyne.CanvasObject {
	box := container.NewVBox(heading("Special Quest Epilogues"))
	var quests []fyne.CanvasObject
	for i, q := range s.Quests {
		f := fmt.Sprintf("quest%d", i+1)
		quests = append(quests, d.field("/"+f, fmt.Sprintf("#%d", i+1), q, func(v string) tracker.Command {
			return et.CorrectDiary{Field: f, Value: v}
		}))
	}
	box.Add(flow(quests...))
	status := "in progress"
	switch s.Phase {
	case et.PhaseFinished:
		status = "won — " + s.Band
	case et.PhaseLost:
		status = "lost: " + s.LossReason
	}
	box.Add(bold("Campaign " + status))
	box.Add(d.field("/campaignScore", "Final Campaign Score", itoa(s.CampaignScore), func(v string) tracker.Command {
		return et.CorrectDiary{Field: "campaignScore", Value: v}
	}))
	box.Add(widget.NewSeparator())
	box.Add(heading("Players and Characters"))
	players := widget.NewSelect(playerOptions(), nil)
	players.SetSelectedIndex(s.Players - 1)
	players.OnChanged = func(string) {
		if n := players.SelectedIndex() + 1; n != d.state().Players {
			d.do(et.SetPlayers{Players: n})
		}
	}
	box.Add(container.NewBorder(nil, nil, widget.NewLabel("Players"), nil, players))
	var roster []fyne.CanvasObject
	for _, c := range s.Roster {
		id := c.ID
		line := fmt.Sprintf("%s %s · %s", c.ID, c.Name, statusText(c))
		if c.Status == et.Alive {
			line += fmt.Sprintf(" · life %d", c.LP)
		}
		roster = append(roster, container.NewBorder(nil, nil, nil, btn("Rename", func() {
			e := textEntry("name", d.state().Char(id).Name)
			d.cmdForm("Rename "+id, "Rename", []*widget.FormItem{widget.NewFormItem("Name", e)},
				func() (tracker.Command, error) { return et.RenameCharacter{ID: id, Name: e.Text}, nil })
		}), wrap(line)))
	}
	box.Add(columns(420, roster...))
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
	box.Add(btn("Set the basic cards' counts…", func() {
		e := textEntry("Name count, Name count…", strings.Join(deck, ", "))
		d.cmdForm("The basic Action cards (§9.6.4)", "Set", []*widget.FormItem{widget.NewFormItem("Cards", e)},
			func() (tracker.Command, error) { return parseDeck(e.Text) })
	}))
	box.Add(widget.NewSeparator())
	box.Add(heading("Paragraphs read"))
	box.Add(d.search)
	box.Add(d.history)
	d.showHistory()
	return box
}

// parseDeck reads "Moving On 8, Rummage 8".
func parseDeck(v string) (tracker.Command, error) {
	basic := map[string]int{}
	for _, part := range list(v) {
		i := strings.LastIndex(part, " ")
		if i < 0 {
			return nil, errf("%q: write the card's name, then its count", part)
		}
		n, err := strconv.Atoi(part[i+1:])
		if err != nil {
			return nil, errf("%q: the count must be a whole number", part)
		}
		basic[strings.TrimSpace(part[:i])] = n
	}
	return et.SetDeck{Basic: basic}, nil
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

// ExportTo writes the diary as Markdown.
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
			d.say(err)
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
			d.say(fmt.Errorf("the diary was not saved: %w", werr))
			return
		}
		d.say(nil)
		d.ctx.Message("Diary saved to "+w.URI().Path(), false)
	}, win)
	fd.SetFileName("chronicle-diary.md")
	fd.Resize(win.Canvas().Size())
	fd.Show()
}
