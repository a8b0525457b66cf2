package reich

import (
	"testing"

	"fyne.io/fyne/v2"

	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// Issue 22, Reichbusters item 4: the hero form's Save "did nothing" in
// portrait at the largest text: its problem stood below the fold. Now the
// first field with a problem comes into view and has the cursor.
func TestHeroFormSaveShowsItsProblem(t *testing.T) {
	ctx, w := newCtx(t)
	w.Resize(uitest.Portrait)
	fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1.85))
	defer fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	k := newKit(ctx)
	f := k.HeroForm("", nil)
	setEntry(t, f, "Name", "Ida")
	setEntry(t, f, "Weapon 1", "Rifle")
	if err := f.Submit(); err == nil {
		t.Fatal("a hero with one weapon was saved")
	}
	if f.Problem("Weapon 2") == "" {
		t.Fatalf("no problem under Weapon 2: %v", f.box.FieldProblems())
	}
	field := f.Field("Weapon 2")
	if f.Focused != field {
		t.Fatalf("the field focused is %T, not Weapon 2's entry", f.Focused)
	}
	if got := w.Canvas().Focused(); got == nil || got != fyne.Focusable(field.(*widgets.TextEntry)) {
		t.Fatalf("the cursor is in %T, not in Weapon 2", got)
	}
	// In view: the field and the problem under it are within the window,
	// above the dialog's buttons.
	d := fyne.CurrentApp().Driver()
	y := d.AbsolutePositionForObject(field).Y
	bottom := d.AbsolutePositionForObject(f.Confirm).Y
	if y < 0 || y+field.Size().Height+theme24() > bottom {
		t.Fatalf("Weapon 2 stands at %.0f..%.0f, the buttons at %.0f: not in view", y, y+field.Size().Height, bottom)
	}
}

func theme24() float32 { return 24 }
