package reich

import (
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// Game-ending actions sit apart, at the foot of the Play tab, and need a
// hold: a tap only says so, next to the button; the hold ends the mission
// (through its form, with the reason), and Undo takes it back.
func TestEndingTheMissionNeedsAHold(t *testing.T) {
	ctx, w := newCtx(t)
	p := heroTurn(t, ctx)
	w.SetContent(p.root)
	var end *widgets.HoldButton
	find(p.body, func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widgets.HoldButton); ok && strings.HasPrefix(b.Text, "Hold to end the mission") {
			end = b
		}
		return false
	})
	if end == nil {
		t.Fatalf("no hold button to end the mission:\n%s", uitest.Text(p.body))
	}
	if got := uitest.Text(p.actions); strings.Contains(got, "End mission") || strings.Contains(got, "Escape") {
		t.Fatalf("a game-ending action sits among the turn's actions:\n%s", got)
	}
	test.Tap(end)
	if st(ctx).Mission.Ended {
		t.Fatal("a tap ended the mission")
	}
	if !strings.Contains(lastFeedback, "Hold") {
		t.Fatalf("the tap says %q next to the button, not to hold it", lastFeedback)
	}
	end.OnHeld() // what a hold does
	f := p.k.Last
	if f == nil || f.Title != "End the mission" {
		t.Fatalf("the hold opened %v", f)
	}
	setEntry(t, f, "Reason", "the table calls it")
	submitOK(t, f)
	if !st(ctx).Mission.Ended {
		t.Fatal("the mission did not end")
	}
	if _, ok := ctx.Run(ctx.Session.Undo); !ok || st(ctx).Mission.Ended {
		t.Fatal("undo did not bring the mission back")
	}
}

// Nothing is done only through a shortcut or a secondary tap: each
// shortcut the game answers has a button doing the same on its tab, and
// no widget of this package answers a secondary tap, a double tap or the
// mouse alone.
func TestEverythingByTouch(t *testing.T) {
	ctx, _ := newCtx(t)
	p := heroTurn(t, ctx)
	if !p.NextButton.Visible() || p.NextButton.Disabled() {
		t.Fatal("Next (the Space shortcut) has no button on the Play tab")
	}
	Screens{}.Enemy(ctx)
	e := gameOf(ctx).enemy
	if e.ResolveButton == nil || !e.ResolveButton.Visible() {
		t.Fatal("Resolve (the R shortcut) has no button on the Enemy tab")
	}
	for _, a := range []shell.Action{shell.Next, shell.Resolve} {
		_ = a // both handled in Act, both with the buttons above
	}
	for _, o := range []any{&stepField{}, &choiceField{}, &choiceRow{}, &chipsField{}, &iconsField{}, &iconButton{}, &picksField{},
		&hpField{}, &listField{}, &coloursField{}, &mapGrid{}, &mapPicture{}, &MapView{}} {
		ty := reflect.TypeOf(o)
		for _, iface := range []reflect.Type{
			reflect.TypeOf((*fyne.SecondaryTappable)(nil)).Elem(),
			reflect.TypeOf((*fyne.DoubleTappable)(nil)).Elem(),
			reflect.TypeOf((*desktop.Hoverable)(nil)).Elem(),
		} {
			if ty.Implements(iface) && ty.Elem().PkgPath() == reflect.TypeOf(stepField{}).PkgPath() {
				t.Errorf("%s answers %s", ty, iface)
			}
		}
	}
	_ = rb.Game
}
