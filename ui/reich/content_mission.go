package reich

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// The mission form (spec §2.4): what the objective card and the map card
// give a mission — its name, the mission tracker's spaces before and after
// the alarm, the Victory or Defeat? chart, the items it adds to the HQ
// card, and its map, drawn in the map editor. Saved in one step.

// lengthField is a tracker length, its spaces tapped in one tap (a list
// took two); 0 is none given yet.
func lengthField(value int) *numberField { return newNumberField(0, 12, value, "none yet", nil) }

// coloursField is a tracker's spaces, each tapped through no colour,
// green, orange and red (for the house rule that takes the spawn level
// from the tracker).
type coloursField struct {
	widget.BaseWidget
	Colours []content.Level
	box     *fyne.Container
	changed func()
}

func newColoursField(n int, cs []content.Level, changed func()) *coloursField {
	f := &coloursField{box: widgets.NewFlow(), changed: changed}
	f.ExtendBaseWidget(f)
	f.SetSpaces(n, cs)
	return f
}

// SetSpaces shows n spaces with the colours given.
func (f *coloursField) SetSpaces(n int, cs []content.Level) {
	f.Colours = make([]content.Level, n)
	copy(f.Colours, cs)
	f.box.Objects = nil
	for i := range n {
		i := i
		label := func() string {
			if f.Colours[i] == "" {
				return fmt.Sprintf("%d: none", i+1)
			}
			return fmt.Sprintf("%d: %s", i+1, f.Colours[i])
		}
		var b *widget.Button
		b = widget.NewButton(label(), func() {
			next := map[content.Level]content.Level{"": content.Green, content.Green: content.Orange, content.Orange: content.Red, content.Red: ""}
			f.Colours[i] = next[f.Colours[i]]
			b.SetText(label())
			if f.changed != nil {
				f.changed()
			}
		})
		f.box.Add(widgets.Touch(b))
	}
	f.box.Refresh()
}

// Levels are the colours, or none when any space has none.
func (f *coloursField) Levels() []content.Level {
	for _, c := range f.Colours {
		if c == "" {
			return nil
		}
	}
	return slices.Clone(f.Colours)
}

// CreateRenderer shows the spaces.
func (f *coloursField) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(f.box) }

// MissionForm adds (id "") or changes a mission: its details and map.
func (k *kit) MissionForm(id string, then func(id string)) *formDialog {
	s := k.state()
	var mi rb.MissionInfo
	var mp content.Map
	editing := false
	if x := s.Library.MissionOf(id); id != "" && x != nil {
		mi, editing = *x, true
		mi.VictoryChart, mi.HQAdditions = slices.Clone(x.VictoryChart), slices.Clone(x.HQAdditions)
	}
	if x := s.Library.MapOf(id); id != "" && x != nil {
		mp, editing = cloneMap(*x), true
		mp.SightLines = x.SightLines
		mi.ID = id
	}
	note := s.Settings.NotOfThisEarth
	byColour := s.Settings.SpawnLevelSource == "trackerColour"
	// A new mission is called as players call one before they name it
	// ("Mission 2"), a name they can change.
	if !editing {
		mi.ID = nextID("Mission ", func(id string) bool { return s.Library.MissionOf(id) != nil || s.Library.MapOf(id) != nil })
	}
	name := entry("the mission's name or number", mi.ID)
	if editing {
		name.Disable()
	}
	pre, post, alien := lengthField(mi.PreAlarm), lengthField(mi.PostAlarm), lengthField(mi.AlienWorld)
	preview := container.NewStack()
	mapBox := container.NewVBox()
	chartBox := container.NewVBox()
	hqBox := container.NewVBox()
	var refresh, rebuildChart, rebuildHQ, rebuildMap func()
	var fd *formDialog
	preC := newColoursField(mi.PreAlarm, mi.PreColours, func() { refresh() })
	postC := newColoursField(mi.PostAlarm, mi.PostColours, func() { refresh() })
	read := func() rb.MissionInfo {
		out := mi
		out.ID = strings.TrimSpace(name.Text)
		out.PreAlarm, out.PostAlarm, out.AlienWorld = pre.Value, post.Value, alien.Value
		out.VictoryChart = slices.Clone(mi.VictoryChart)
		out.HQAdditions = slices.Clone(mi.HQAdditions)
		if byColour {
			out.PreColours, out.PostColours = preC.Levels(), postC.Levels()
		}
		return out
	}
	refresh = func() {
		cur := read()
		grid := newMapPicture(&mp, 44)
		preview.Objects = []fyne.CanvasObject{container.NewVBox(trackerPreview(cur, note), cardBox("Map", mapSummary(mp), grid))}
		preview.Refresh()
	}
	rebuildMap = func() {
		mapBox.Objects = []fyne.CanvasObject{wrapped(mapSummary(mp) + mapStill(mp, k.barracksLetters()))}
		label := "Draw the map…"
		if len(mp.Areas) > 0 {
			label = "Change the map…"
		}
		mapBox.Add(widgets.Touch(button(label, theme.DocumentCreateIcon(), func() {
			e := k.MapEditor(mp, func(m content.Map) {
				mp = m
				rebuildMap()
			})
			// The map is often the last thing a mission needs: it can be
			// saved with it, without a trip back to the form's Save (a
			// refusal shows on the form, the map kept).
			save := e.dlg.AddButton("Done and save the mission", theme.DocumentSaveIcon(), func() {
				e.Done()
				if fd != nil {
					_ = fd.Submit()
				}
			})
			save.Importance = widget.HighImportance
		})))
		mapBox.Refresh()
		refresh()
	}
	rebuildChart = func() {
		chartBox.Objects = nil
		for i := range mi.VictoryChart {
			i := i
			t := entry("what the row says", mi.VictoryChart[i].Text)
			t.OnChanged = func(v string) { mi.VictoryChart[i].Text = v; refresh() }
			res := "failure"
			if mi.VictoryChart[i].Success {
				res = "success"
			}
			outcome := newChoiceField([]string{"success", "failure"}, func(v string) string { return v }, res, func(v string) {
				mi.VictoryChart[i].Success = v == "success"
				refresh()
			})
			rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
				mi.VictoryChart = slices.Delete(mi.VictoryChart, i, i+1)
				rebuildChart()
			})
			chartBox.Add(widget.NewCard("", "", container.NewVBox(container.NewBorder(nil, nil, widget.NewLabel(fmt.Sprint(i+1)), widgets.Touch(rm), t), outcome)))
		}
		chartBox.Add(widgets.Touch(button("Add a row", theme.ContentAddIcon(), func() {
			mi.VictoryChart = append(mi.VictoryChart, rb.ChartRow{})
			rebuildChart()
		})))
		chartBox.Refresh()
		refresh()
	}
	item := entry("an item's name", "")
	rebuildHQ = func() {
		hqBox.Objects = nil
		chips := widgets.NewFlow()
		for i, it := range mi.HQAdditions {
			i := i
			b := widget.NewButtonWithIcon(it, theme.CancelIcon(), func() {
				mi.HQAdditions = slices.Delete(mi.HQAdditions, i, i+1)
				rebuildHQ()
			})
			b.IconPlacement = widget.ButtonIconTrailingText
			chips.Add(widgets.Touch(b))
		}
		add := button("Add", theme.ContentAddIcon(), func() {
			if v := strings.TrimSpace(item.Text); v != "" {
				mi.HQAdditions = append(mi.HQAdditions, v)
				item.SetText("")
				rebuildHQ()
			}
		})
		hqBox.Add(chips)
		hqBox.Add(container.NewBorder(nil, nil, nil, widgets.Touch(add), item))
		hqBox.Refresh()
		refresh()
	}
	pre.OnChanged = func(int) { preC.SetSpaces(pre.Value, preC.Colours); refresh() }
	post.OnChanged = func(int) { postC.SetSpaces(post.Value, postC.Colours); refresh() }
	alien.OnChanged = func(int) { refresh() }
	name.OnChanged = func(string) { refresh() }
	items := []*widget.FormItem{widget.NewFormItem("Name", name)}
	if note {
		items = append(items, widget.NewFormItem("Alien world spaces", alien))
	} else {
		items = append(items, widget.NewFormItem("Spaces before the alarm", pre), widget.NewFormItem("Spaces after the alarm", post))
		if byColour {
			items = append(items, widget.NewFormItem("Colours before the alarm", preC), widget.NewFormItem("Colours after the alarm", postC))
		}
	}
	items = append(items, widget.NewFormItem("Map", mapBox), widget.NewFormItem("Victory or Defeat?", chartBox),
		widget.NewFormItem("Adds to the HQ card", hqBox))
	rebuildChart()
	rebuildHQ()
	rebuildMap()
	title := "Mission"
	if editing {
		title = "Change mission " + mi.ID
	}
	fd = k.formWith(title, "Save", items, preview, func() error {
		info := read()
		if !editing && (s.Library.MissionOf(info.ID) != nil || s.Library.MapOf(info.ID) != nil) {
			return rb.Problems{{Key: "id", Text: "another mission has this name"}}
		}
		ps := rb.MissionProblems(info)
		if !note && info.PreAlarm < 1 {
			ps = append(ps, rb.Problem{Key: "pre", Text: "give the spaces before the alarm (from the objective card)"})
		}
		if !note && info.PostAlarm < 1 {
			ps = append(ps, rb.Problem{Key: "post", Text: "give the spaces after the alarm (from the objective card)"})
		}
		if note && info.AlienWorld < 1 {
			ps = append(ps, rb.Problem{Key: "alien", Text: "give the alien world tracker's spaces"})
		}
		m := mp
		m.MissionID = info.ID
		if len(m.Areas) > 0 {
			for _, p := range rb.MapProblems(m) {
				if p.Key != "mission" {
					ps = append(ps, p)
				}
			}
		}
		if len(ps) > 0 {
			return ps
		}
		if _, err := k.run(rb.PutMission{Info: info, Map: m}); err != nil {
			return err
		}
		if then != nil {
			then(info.ID)
		}
		return nil
	})
	for key, label := range map[string]string{"id": "Name", "pre": "Spaces before the alarm", "post": "Spaces after the alarm",
		"alien": "Alien world spaces", "preColours": "Colours before the alarm", "postColours": "Colours after the alarm",
		"map": "Map", "areas": "Map"} {
		fd.keys[key] = label
	}
	for i := range 30 {
		fd.keys[fmt.Sprintf("chart.%d", i+1)] = "Victory or Defeat?"
	}
	return fd
}
