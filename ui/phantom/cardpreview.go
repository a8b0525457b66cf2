package phantom

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"tablekeeper/ui/widgets"

	ap "tablekeeper/automa/phantom"
)

// The preview draws a piece of content as the component shows it, as it
// is being entered: a card with its name and corner numbers, its colour
// rows, its stat boxes and its actions in card words. Players compare it
// with the card in their hand.

// previewCard frames a card: a name, a corner badge, and its body.
func previewCard(title, corner string, body ...fyne.CanvasObject) fyne.CanvasObject {
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	bg.CornerRadius = 10
	bg.StrokeColor = theme.Color(theme.ColorNameForeground)
	bg.StrokeWidth = 2
	name := widget.NewLabelWithStyle(orDefault(strings.TrimSpace(title), "(no name yet)"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.Wrapping = fyne.TextWrapWord
	head := fyne.CanvasObject(name)
	if corner != "" {
		head = container.NewBorder(nil, nil, nil, badge(corner, theme.Color(theme.ColorNamePrimary)), name)
	}
	parts := append([]fyne.CanvasObject{head, widget.NewSeparator()}, body...)
	return container.NewStack(bg, container.NewPadded(container.NewVBox(parts...)))
}

// badge is a number in a coloured lozenge ("AP 2", "★1").
func badge(text string, fill color.Color) fyne.CanvasObject {
	r := canvas.NewRectangle(fill)
	r.CornerRadius = 8
	t := canvas.NewText(text, color.White)
	t.TextStyle.Bold = true
	t.Alignment = fyne.TextAlignCenter
	t.TextSize = theme.TextSize() * 1.1
	return container.NewStack(r, container.NewPadded(t))
}

// statBoxes are a card's numbers side by side ("HP 6", "Guard 1").
func statBoxes(pairs ...string) fyne.CanvasObject {
	var objs []fyne.CanvasObject
	for i := 0; i+1 < len(pairs); i += 2 {
		r := canvas.NewRectangle(color.Transparent)
		r.StrokeColor = theme.Color(theme.ColorNameForeground)
		r.StrokeWidth = 1
		r.CornerRadius = 6
		n := canvas.NewText(pairs[i+1], theme.Color(theme.ColorNameForeground))
		n.TextStyle.Bold = true
		n.TextSize = theme.TextSize() * 1.4
		n.Alignment = fyne.TextAlignCenter
		l := canvas.NewText(pairs[i], theme.Color(theme.ColorNameForeground))
		l.Alignment = fyne.TextAlignCenter
		// Each box as big as its words at the text size shown.
		box := container.NewStack(r, container.NewPadded(container.NewVBox(l, n)))
		objs = append(objs, widgets.AtLeast(fyne.NewSize(86, 0), box))
	}
	return widgets.NewFlow(objs...)
}

// textLines are wrapping lines of card words.
func textLines(lines ...string) fyne.CanvasObject {
	box := container.NewVBox()
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		w := widget.NewLabel(l)
		w.Wrapping = fyne.TextWrapWord
		box.Add(w)
	}
	return box
}

// actionLines are a card's actions, one a line, and its round effects
// after the round mark (⟳).
func actionLines(c ap.Card) []string {
	var out []string
	for _, a := range c.Actions {
		out = append(out, ActionText(a))
	}
	for _, e := range c.RoundEffects {
		out = append(out, "⟳ "+RoundEffectText(e))
	}
	if len(out) == 0 {
		out = append(out, "(no action yet)")
	}
	return out
}

// colourRow is one row of a class card: its colour down the left, its AP
// and its actions.
func colourRow(col ap.Colour, c ap.Card) fyne.CanvasObject {
	stripe := canvas.NewRectangle(ColourOf(string(col)))
	stripe.SetMinSize(fyne.NewSize(14, 10))
	stripe.CornerRadius = 3
	fg := color.Color(color.White)
	if col == ap.Yellow || col == ap.LightBlue {
		fg = color.Black
	}
	apb := canvas.NewRectangle(ColourOf(string(col)))
	apb.CornerRadius = 8
	apt := canvas.NewText(fmt.Sprintf("AP %d", c.AP), fg)
	apt.TextStyle.Bold = true
	apt.Alignment = fyne.TextAlignCenter
	return container.NewBorder(nil, nil, stripe, container.NewStack(apb, container.NewPadded(apt)), textLines(actionLines(c)...))
}

// stars writes a difficulty rating.
func stars(n int) string {
	if n < 1 {
		return "☆"
	}
	return strings.Repeat("★", min(n, 6))
}
