package phantom

import (
	"encoding/json"
	"fmt"

	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// showSettings: one switch per ambiguous reading, with its rule.
func (c *CampaignScreen) showSettings(s *tp.State) {
	box := c.settings
	box.Objects = nil
	defer box.Refresh()
	box.Add(wrap("Readings of the rulebook's unclear places (spec §17)"))
	raw, _ := json.Marshal(s.Settings)
	var cur map[string]bool
	_ = json.Unmarshal(raw, &cur)
	for _, info := range tp.SettingsInfo() {
		info := info
		ch := widget.NewCheck(fmt.Sprintf("%s — %s", info.Rule, info.Meaning), nil)
		ch.SetChecked(cur[info.Key])
		ch.OnChanged = func(b bool) {
			next := map[string]bool{}
			for k, v := range cur {
				next[k] = v
			}
			next[info.Key] = b
			raw, _ := json.Marshal(next)
			var st tp.Settings
			if err := json.Unmarshal(raw, &st); err != nil {
				c.ctx.Message(err.Error(), true)
				return
			}
			c.ctx.Do(tp.ChangeSettings{Settings: st})
		}
		box.Add(widgets.WrapCheck(ch))
	}
}
