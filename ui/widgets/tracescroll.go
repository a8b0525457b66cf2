package widgets

// ShowDeciding scrolls the panel so that the step that settled the
// decision (the one highlighted) stands at its top: a Why of ten steps
// whose fourth settled it opens on that step, not on the first.
func (p *TracePanel) ShowDeciding() {
	if p.deciding < 0 || p.deciding >= len(p.box.Objects) || len(p.trace.Steps) == 0 {
		return
	}
	step := p.box.Objects[p.deciding]
	most := max(p.box.MinSize().Height-p.scroll.Size().Height, 0)
	p.scroll.Offset.Y = min(max(step.Position().Y, 0), most)
	p.scroll.Refresh()
}
