package ui

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa"
	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// The tests play a tiny game under Phantom Epoch's ID: a hero's life from 0
// to 10 and a die. Its screens show how a game fills the frame.
const testGame = tracker.PhantomEpoch

type lifeRules struct{}

type lifeState struct {
	Life  int   `json:"life"`
	Rolls []int `json:"rolls,omitempty"`
}

type setLife struct{ To int }
type rollDie struct{}

type lifePayload struct{ From, To int }
type rollPayload struct {
	Face int
	Draw tracker.Draw
}

func (lifeRules) Game() tracker.GameID                    { return testGame }
func (lifeRules) NewState(tracker.Campaign) tracker.State { return &lifeState{Life: 10} }
func (lifeRules) DecodeState(b []byte) (tracker.State, error) {
	var s lifeState
	err := json.Unmarshal(b, &s)
	return &s, err
}
func (lifeRules) Where(s tracker.State) string {
	return fmt.Sprintf("Round %d", len(s.(*lifeState).Rolls)+1)
}
func (lifeRules) Decide(st tracker.State, cmd tracker.Command, d *tracker.Dice) (tracker.Change, error) {
	s := st.(*lifeState)
	switch c := cmd.(type) {
	case setLife:
		if s.Life == 0 {
			return tracker.Change{}, tracker.Refuse("test §3", "a fallen hero cannot heal")
		}
		return tracker.Change{Kind: "test.life", Payload: lifePayload{s.Life, c.To}}, nil
	case rollDie:
		f := d.Roll(6)
		return tracker.Change{Kind: "test.roll", Payload: rollPayload{f, d.Drawn()[0]}}, nil
	}
	return tracker.Change{}, tracker.ErrNotThisGame
}
func (lifeRules) Apply(st tracker.State, e tracker.Event) (tracker.State, error) {
	s := st.(*lifeState)
	switch e.Kind {
	case "test.life":
		var p lifePayload
		if err := e.Decode(&p); err != nil {
			return s, err
		}
		s.Life = p.To
	case "test.roll":
		var p rollPayload
		if err := e.Decode(&p); err != nil {
			return s, err
		}
		s.Rolls = append(s.Rolls, p.Face)
	default:
		return s, fmt.Errorf("unknown kind %q", e.Kind)
	}
	return s, nil
}
func (lifeRules) Describe(e tracker.Event) string {
	switch e.Kind {
	case "test.life":
		var p lifePayload
		_ = e.Decode(&p)
		return fmt.Sprintf("Ana's life %d → %d", p.From, p.To)
	case "test.roll":
		var p rollPayload
		_ = e.Decode(&p)
		return fmt.Sprintf("rolled %d", p.Face)
	}
	return e.Kind
}

// lifeScreens is an example of a game's screens: a stepper for life on
// Play, the die on Enemy with its trace, and Next/Resolve shortcuts.
type lifeScreens struct {
	acts *[]string
}

func (g lifeScreens) Play(ctx *shell.Context) fyne.CanvasObject {
	life := ctx.Session.State().(*lifeState).Life
	st := widgets.NewStepper("Life", 0, 10, life, func(to int) bool {
		_, ok := ctx.Do(setLife{To: to})
		return ok
	})
	ctx.OnChange(func(tracker.Event) { st.SetValue(ctx.Session.State().(*lifeState).Life) })
	return container.NewVBox(st)
}

func (g lifeScreens) Campaign(ctx *shell.Context) fyne.CanvasObject {
	return widget.NewLabel("Ana the hero")
}

func (g lifeScreens) Enemy(ctx *shell.Context) fyne.CanvasObject {
	die := widgets.NewDrawResult("Die")
	var tr automa.Trace
	panel := widgets.NewTracePanel(tr)
	show := func() {
		s := ctx.Session.State().(*lifeState)
		if len(s.Rolls) == 0 {
			die.Clear()
		}
	}
	ctx.OnChange(func(e tracker.Event) {
		if e.Kind == "test.roll" {
			var p rollPayload
			_ = e.Decode(&p)
			die.SetDraw(strconv.Itoa(p.Face), p.Draw)
			var t automa.Trace
			t.Add("test §9", "The enemy rolls a die").Die = fmt.Sprintf("d6: %d", p.Face)
			panel.SetTrace(t)
		}
		show()
	})
	return container.NewVBox(die, panel)
}

func (g lifeScreens) Setup(shell.SetupEnv) shell.Setup {
	start := widgets.NewNumberEntry(1, 10)
	return shell.Setup{
		Items: []*widget.FormItem{widget.NewFormItem("Starting life", start)},
		Commands: func() ([]tracker.Command, error) {
			if start.Text == "" {
				return nil, nil
			}
			n, err := start.Int()
			if err != nil {
				return nil, fmt.Errorf("starting life: %w", err)
			}
			return []tracker.Command{setLife{To: n}}, nil
		},
	}
}

func (g lifeScreens) Act(ctx *shell.Context, tab shell.Tab, a shell.Action) bool {
	*g.acts = append(*g.acts, fmt.Sprintf("%s on %s", a, tab))
	if tab == shell.TabLog {
		return false
	}
	_, ok := ctx.Do(rollDie{})
	return ok
}

// newUI starts the interface on a fresh file in a temporary folder.
func newUI(t *testing.T) (*App, *[]string) {
	t.Helper()
	a := test.NewTempApp(t)
	acts := &[]string{}
	u := New(a, Options{
		DBPath:   filepath.Join(t.TempDir(), "tablekeeper.db"),
		Registry: tracker.Registry{testGame: lifeRules{}},
		Screens:  shell.Registry{testGame: lifeScreens{acts: acts}},
	})
	if u.DB == nil {
		t.Fatalf("file not opened: %v", u.openErr)
	}
	t.Cleanup(func() { u.Shutdown() })
	return u, acts
}
