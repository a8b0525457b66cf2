package phantom

import (
	"encoding/json"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// ReadingChecks are the two choices of a setting on the Settings tab, by
// setting key (for tests): [0] its reading on, [1] off.
type ReadingChecks map[string][2]*widget.Check

// showSettings: for each setting, what it is about and the two readings
// it chooses between, a sentence each; tapping one makes it the campaign's
// (a change like any other, undone by Undo).
func (c *CampaignScreen) showSettings(s *tp.State) {
	box := c.settings
	box.Objects = nil
	defer box.Refresh()
	box.Add(wrap("Where the rulebook can be read two ways, choose how your group plays it. Each choice is kept with the campaign."))
	raw, _ := json.Marshal(s.Settings)
	var cur map[string]bool
	_ = json.Unmarshal(raw, &cur)
	c.Readings = ReadingChecks{}
	for _, r := range tp.SettingsInfo() {
		r := r
		on, off := widget.NewCheck(r.On, nil), widget.NewCheck(r.Off, nil)
		on.SetChecked(cur[r.Key])
		off.SetChecked(!cur[r.Key])
		set := func(to bool) {
			if cur[r.Key] == to {
				on.SetChecked(to)
				off.SetChecked(!to)
				return
			}
			next := map[string]bool{}
			for k, v := range cur {
				next[k] = v
			}
			next[r.Key] = to
			raw, _ := json.Marshal(next)
			var st tp.Settings
			if err := json.Unmarshal(raw, &st); err != nil {
				c.ctx.Message(err.Error(), true)
				return
			}
			src := on
			if !to {
				src = off
			}
			if _, ok := c.ctx.DoFrom(src, tp.ChangeSettings{Settings: st}); !ok {
				on.SetChecked(cur[r.Key])
				off.SetChecked(!cur[r.Key])
			}
		}
		on.OnChanged = func(b bool) { set(b) }
		off.OnChanged = func(b bool) { set(!b) }
		c.Readings[r.Key] = [2]*widget.Check{on, off}
		box.Add(widgets.NewCard("", "", container.NewVBox(bold(r.About), touchCheck(on), touchCheck(off))))
	}
}
