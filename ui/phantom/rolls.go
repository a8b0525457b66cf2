package phantom

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// A rollsEntry takes the rolls made at the table for an adversary's
// decision, in the order they were made: attack rolls and Accuracy rolls,
// each picked from the die's faces. A decision that stopped for a roll
// (the app has no face table for that die) is worked out again with them.
type rollsEntry struct {
	Attack, Accuracy *widget.Select
	// Rolls lists the rolls entered; Clear forgets them.
	Rolls *widget.Label
	Clear *widget.Button

	attack, accuracy []string
	obj              fyne.CanvasObject
}

func newRollsEntry() *rollsEntry {
	r := &rollsEntry{Rolls: wrap("")}
	r.Attack = newPicker(attackFaceOptions, "", "add an attack roll", nil)
	r.Attack.OnChanged = func(v string) {
		if v != "" {
			r.attack = append(r.attack, v)
			r.Attack.ClearSelected()
			r.show()
		}
	}
	r.Accuracy = newPicker([]string{"miss", "block", "success"}, "", "add an Accuracy roll", nil)
	r.Accuracy.OnChanged = func(v string) {
		if v != "" {
			r.accuracy = append(r.accuracy, v)
			r.Accuracy.ClearSelected()
			r.show()
		}
	}
	r.Clear = widget.NewButtonWithIcon("Clear the rolls", theme.ContentClearIcon(), r.Reset)
	r.obj = container.NewVBox(widgets.NewFlow(r.Attack, r.Accuracy, r.Clear), r.Rolls)
	r.show()
	return r
}

// Object is the pickers and the rolls entered.
func (r *rollsEntry) Object() fyne.CanvasObject { return r.obj }

// Taken are the rolls entered, in order.
func (r *rollsEntry) Taken() (attack, accuracy []string) { return r.attack, r.accuracy }

// Reset forgets the rolls entered.
func (r *rollsEntry) Reset() {
	r.attack, r.accuracy = nil, nil
	r.show()
}

func (r *rollsEntry) show() {
	if len(r.attack)+len(r.accuracy) == 0 {
		r.Rolls.SetText("No roll entered.")
		return
	}
	var parts []string
	if len(r.attack) > 0 {
		parts = append(parts, "attack "+strings.Join(r.attack, ", "))
	}
	if len(r.accuracy) > 0 {
		parts = append(parts, "Accuracy "+strings.Join(r.accuracy, ", "))
	}
	r.Rolls.SetText("Rolls, in order: " + strings.Join(parts, "; "))
}

// resolveAgain works out a decision that stopped for a roll again, with
// the rolls entered (a reaction again as a reaction); the rolls are
// forgotten once it is recorded. It reports whether there was one.
func resolveAgain(ctx *shell.Context, src fyne.CanvasObject, r *rollsEntry) bool {
	m := state(ctx).Mission
	if m == nil || m.Pending == nil || m.Pending.Turn.Stopped == "" || m.Pending.Turn.Ask != nil {
		return false
	}
	p := m.Pending
	attack, accuracy := r.Taken()
	var cmd tracker.Command = tp.ResolveAdversaryTurn{Adversary: p.Adversary, Attack: attack, Accuracy: accuracy}
	if p.Reaction {
		cmd = tp.ResolveReaction{Adversary: p.Adversary, Attacker: p.Attacker, Melee: p.Melee, Attack: attack, Accuracy: accuracy}
	}
	if _, ok := ctx.DoFrom(src, cmd); ok {
		r.Reset()
	}
	return true
}

// confirmWhy says why a decision cannot be confirmed yet, "" when it can;
// where is where its rolls are entered ("above", "below"), order where
// the order of conditions is chosen.
func confirmWhy(m *tp.Mission, where, order string) string {
	switch {
	case m == nil || m.Pending == nil:
		return "Confirm is for a worked-out adversary turn: nothing is worked out yet."
	case m.Pending.Turn.Ask != nil:
		return "Confirm waits for the order of the conditions: the player chooses it " + order + "."
	case m.Pending.Turn.Stopped != "":
		return "Confirm waits for the roll made at the table: enter it " + where + ", then work the turn out again."
	}
	return ""
}
