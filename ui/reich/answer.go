package reich

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// A command the enemy rules cannot finish without the players (spec §8.2)
// fails with *rb.NeedAnswer. The screens then ask the question in plain
// words, add the answer to the command's Answers and send it again, until
// it is accepted or the players give up.

// question is a NeedAnswer put to the players.
type question struct {
	Question, Field string
	k               *kit
	build           func(ai.Answers) tracker.Command
	ans             ai.Answers
	onOK            func()
	dlg             *widgets.Dialog
	rng             *stepField
	icons           *iconsField
	// los is the parsed line-of-sight question.
	losFrom, losTo, losSide string
	// Options are the answers that fit (the cards a deck the players draw
	// can still give); CardPick and CardOK pick one and send it.
	Options  []string
	CardPick *widget.Select
	CardOK   *widget.Button
}

// runAsk runs the command built from the answers so far; a NeedAnswer opens
// the question, and answering it runs the command again. onOK runs once the
// command is accepted (now or after the answers).
func (k *kit) runAsk(build func(ai.Answers) tracker.Command, ans ai.Answers, onOK func()) error {
	_, err := k.run(build(ans))
	var need *rb.NeedAnswer
	if errors.As(err, &need) {
		k.say(err)
		q := &question{Question: need.Question, Field: need.Field, Options: need.Options, k: k, build: build, ans: ans, onOK: onOK}
		if need.Sight != nil && need.Field == "answers.los" {
			q.losSide, q.losFrom, q.losTo = need.Sight.Side, need.Sight.From, need.Sight.To
		}
		k.askQuestion(q)
		return err
	}
	k.say(err)
	if err == nil && onOK != nil {
		onOK()
	}
	return err
}

// doAsk is runAsk from a button: the refusal shows on the screen's line.
func (k *kit) doAsk(build func(ai.Answers) tracker.Command) {
	_ = k.runAsk(build, ai.Answers{}, nil)
}

func (k *kit) askQuestion(q *question) {
	k.Asked = q
	if q.Field == "answers.spawnCards" || q.Field == "answers.noiseCard" {
		// A deck the players draw: they pick the card they drew among
		// those the deck can still give.
		q.CardPick = widget.NewSelect(q.Options, nil)
		q.CardOK = button("This is the card we drew", nil, func() { _ = q.AnswerCard(q.CardPick.Selected) })
		q.CardOK.Importance = widget.HighImportance
	}
	if k.ctx.Window == nil {
		return
	}
	q.dlg = widgets.NewDialog("The enemy needs to know", q.body(), k.window())
	q.dlg.SetDismiss("Not now", nil)
	switch {
	case q.losFrom != "":
		q.dlg.AddButton("No", nil, func() { _ = q.AnswerLOS(false, 0) })
		yes := q.dlg.AddButton("Yes, it can see", nil, func() { _ = q.AnswerLOS(true, q.rng.Value) })
		yes.Importance = widget.HighImportance
	case q.icons != nil:
		ok := q.dlg.AddButton("These are the icons", nil, func() {
			if err := q.AnswerIcons(q.icons.Icons); err != nil {
				q.dlg.SetProblem(capital(err.Error()))
			}
		})
		ok.Importance = widget.HighImportance
	}
	q.dlg.Show()
}

// body is the question in the players' words, with the fields its answer
// takes: a range on a stepper, spawn icons tapped in their colours.
func (q *question) body() fyne.CanvasObject {
	switch {
	case q.CardPick != nil:
		return container.NewVBox(wrapped(capital(q.Question)), widget.NewLabel("The card you drew"), widgets.Touch(q.CardPick), widgets.Touch(q.CardOK))
	case q.losFrom != "":
		who := "a hero"
		if q.losSide == "enemy" {
			who = "an enemy unit"
		}
		q.rng = newStepField(0, 30, 1, nil)
		return container.NewVBox(
			wrapped(fmt.Sprintf("Can %s in area %s see area %s? Look along the map's straight lines: walls and closed doors block sight.", who, q.losFrom, q.losTo)),
			widget.NewLabel("If it can: how many areas away"), q.rng)
	case strings.HasPrefix(q.Field, "answers.tokenIcons.") || strings.HasPrefix(q.Field, "answers.featureIcons."):
		what := "the spawn token " + strings.TrimPrefix(q.Field, "answers.tokenIcons.")
		if strings.HasPrefix(q.Field, "answers.featureIcons.") {
			what = "the room feature " + strings.TrimPrefix(q.Field, "answers.featureIcons.")
		}
		q.icons = newIconsField(nil, "none yet", nil)
		return container.NewVBox(wrapped("Turn "+what+" over: which spawn icons does it show, in printed order?"), q.icons)
	}
	return container.NewVBox(wrapped(capital(q.Question)), wrapped(notAnswerable(q.Field)))
}

// notAnswerable says what to do about a question no answer field covers.
func notAnswerable(field string) string {
	switch field {
	case "resolve.card":
		return "Draw the noise card and give its id in the noise test or BANG/BOOM form (Card)."
	case "state.spawnDeck.drawPile":
		return "The spawn deck is empty: add spawn cards to the campaign's content, or place the enemy by hand with Override."
	case "state.tracker.colour":
		return "Enter the tracker's space colours in the mission's details (Campaign → Content → Missions), or switch the spawnLevelSource house rule back to iconColour."
	}
	return "Set the table by hand with Override, giving the reason."
}

// AnswerLOS answers a line-of-sight question and sends the command again.
func (q *question) AnswerLOS(see bool, rng int) error {
	if q.losFrom == "" {
		return fmt.Errorf("this question is not about line of sight")
	}
	a := cloneAnswers(q.ans)
	a.LOS = append(a.LOS, ai.LOSAnswer{From: q.losFrom, To: q.losTo, Side: q.losSide, See: see, Range: rng})
	return q.again(a)
}

// AnswerIcons answers a face-down token's or a room feature's icons.
func (q *question) AnswerIcons(lv []content.Level) error {
	a := cloneAnswers(q.ans)
	switch {
	case strings.HasPrefix(q.Field, "answers.tokenIcons."):
		if len(lv) == 0 {
			return fmt.Errorf("a spawn token shows at least one icon")
		}
		a.TokenIcons[strings.TrimPrefix(q.Field, "answers.tokenIcons.")] = lv
	case strings.HasPrefix(q.Field, "answers.featureIcons."):
		a.FeatureIcons[strings.TrimPrefix(q.Field, "answers.featureIcons.")] = lv
	default:
		return fmt.Errorf("this question is not about icons")
	}
	return q.again(a)
}

// AnswerCard answers which card the players drew from a deck they draw.
func (q *question) AnswerCard(id string) error {
	if id == "" {
		q.k.say(fmt.Errorf("pick the card you drew"))
		return fmt.Errorf("pick the card you drew")
	}
	a := cloneAnswers(q.ans)
	switch q.Field {
	case "answers.spawnCards":
		a.SpawnCards = append(a.SpawnCards, id)
	case "answers.noiseCard":
		a.NoiseCard = id
	default:
		return fmt.Errorf("this question is not about a card")
	}
	return q.again(a)
}

func (q *question) again(a ai.Answers) error {
	if q.dlg != nil {
		q.dlg.Hide()
	}
	if q.k.Asked == q {
		q.k.Asked = nil
	}
	return q.k.runAsk(q.build, a, q.onOK)
}

func cloneAnswers(a ai.Answers) ai.Answers {
	out := ai.Answers{TokenIcons: map[string][]content.Level{}, FeatureIcons: map[string][]content.Level{}, Choices: map[string]string{}}
	for k, v := range a.TokenIcons {
		out.TokenIcons[k] = v
	}
	for k, v := range a.FeatureIcons {
		out.FeatureIcons[k] = v
	}
	for k, v := range a.Choices {
		out.Choices[k] = v
	}
	out.LOS = append(out.LOS, a.LOS...)
	out.SpawnCards, out.NoiseCard = append([]string(nil), a.SpawnCards...), a.NoiseCard
	return out
}

func levelsText(lv []content.Level) string {
	parts := make([]string, len(lv))
	for i, l := range lv {
		parts[i] = string(l)
	}
	return strings.Join(parts, " ")
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func itoa(n int) string { return strconv.Itoa(n) }
