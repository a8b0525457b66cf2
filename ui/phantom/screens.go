// Package phantom is Phantom Epoch's screens in Tablekeeper's campaign
// frame (spec phantom-epoch.md): the mission map drawn as the mission book
// draws it, with the figures, their HP and conditions, and after an
// adversary's turn its path, end space, line of sight and primary target;
// the round's steps with the Decision die shown all round; the adversary's
// turn resolved in one tap, confirmed or overridden; the characters' HP,
// conditions, cards, bandages and nova cells; the map editor; the content
// printed on the group's components; mission setup and result; the
// campaign and character sheets, purchases and the settings for the
// spec's ambiguous readings.
//
// The screens never change the campaign themselves: every tap becomes one
// of package tracker/phantom's commands, run through the frame's Context
// (so the table lock and undo apply), and a refusal is shown in the rules'
// own words.
package phantom

import (
	"regexp"
	"sort"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa"
	"tablekeeper/automa/hex"
	ap "tablekeeper/automa/phantom"
	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// Screens is Phantom Epoch's shell.GameScreens. Its zero value is ready;
// register it as shell.Registry{tracker.PhantomEpoch: &phantom.Screens{}}.
type Screens struct {
	mu    sync.Mutex
	plays map[*shell.Context]*PlayScreen
	enems map[*shell.Context]*EnemyScreen
}

var _ shell.GameScreens = (*Screens)(nil)

// Game is the game these screens are for.
func (*Screens) Game() tracker.GameID { return tracker.PhantomEpoch }

// Play is the mission at the table: map, round, characters.
func (g *Screens) Play(ctx *shell.Context) fyne.CanvasObject {
	p := NewPlayScreen(ctx)
	g.mu.Lock()
	g.keep(ctx)
	g.plays[ctx] = p
	g.mu.Unlock()
	return p.Object()
}

// Campaign is the campaign between missions, the map editor and content.
func (g *Screens) Campaign(ctx *shell.Context) fyne.CanvasObject {
	return NewCampaignScreen(ctx).Object()
}

// Enemy is the adversary's turn: resolve, see why, confirm or override.
func (g *Screens) Enemy(ctx *shell.Context) fyne.CanvasObject {
	e := NewEnemyScreen(ctx)
	g.mu.Lock()
	g.keep(ctx)
	g.enems[ctx] = e
	g.mu.Unlock()
	return e.Object()
}

// keep readies the maps for a campaign's screens (g.mu held) and, the
// first time the campaign is seen, lets go of its screens when the frame
// closes it: once for both, not once for each screen.
func (g *Screens) keep(ctx *shell.Context) {
	if g.plays == nil {
		g.plays = map[*shell.Context]*PlayScreen{}
		g.enems = map[*shell.Context]*EnemyScreen{}
	}
	_, play := g.plays[ctx]
	_, enemy := g.enems[ctx]
	if play || enemy {
		return
	}
	ctx.OnClose(func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		delete(g.plays, ctx)
		delete(g.enems, ctx)
	})
}

// Act runs a shortcut: Next advances the round's step (Play tab);
// Resolve resolves the current adversary's turn (Play and Enemy tabs).
func (g *Screens) Act(ctx *shell.Context, tab shell.Tab, a shell.Action) bool {
	g.mu.Lock()
	p, e := g.plays[ctx], g.enems[ctx]
	g.mu.Unlock()
	switch {
	case a == shell.Next && tab == shell.TabPlay && p != nil:
		return p.Next()
	case a == shell.Resolve && (tab == shell.TabEnemy || tab == shell.TabPlay) && e != nil:
		return e.Resolve()
	}
	return false
}

// state is the campaign's state, read-only.
func state(ctx *shell.Context) *tp.State {
	s, _ := ctx.Session.State().(*tp.State)
	if s == nil {
		return &tp.State{}
	}
	return s
}

// liveLayout is the mission's map as it stands now.
func liveLayout(m *tp.Mission) (hex.Layout, error) {
	if m == nil || len(m.Map) == 0 {
		return hex.Layout{}, nil
	}
	hm, err := hex.ParseMap(m.Map)
	if err != nil {
		return hex.Layout{}, err
	}
	return hm.Layout(), nil
}

// marks are the figures on the map.
func marks(m *tp.Mission) []Mark {
	if m == nil {
		return nil
	}
	var out []Mark
	for _, f := range m.Figures {
		if f.Defeated || f.Position == "" {
			continue
		}
		out = append(out, Mark{Name: f.Name, Side: f.Side, Colour: f.Colour, Space: f.Position, HP: f.HP, MaxHP: f.MaxHP, Conditions: f.CondList()})
	}
	return out
}

// nextFigure is whose turn comes next in the round (not yet acted, not
// defeated), "" when every figure has had its turn.
func nextFigure(m *tp.Mission) string {
	if m == nil {
		return ""
	}
	acted := map[string]bool{}
	for _, a := range m.Acted {
		acted[a] = true
	}
	for _, n := range m.Order {
		f := figure(m, n)
		if f == nil || f.Defeated || acted[n] {
			continue
		}
		return n
	}
	return ""
}

func figure(m *tp.Mission, name string) *tp.Figure {
	if m == nil {
		return nil
	}
	for _, f := range m.Figures {
		if f.Name == name {
			return f
		}
	}
	return nil
}

var vertexWords = []string{"top", "upper-right", "lower-right", "bottom", "lower-left", "upper-left"}

// splitVertex reads the engine's "A-1 upper-left" into a label and a
// vertex index.
func splitVertex(s string) (string, int, bool) {
	for k, w := range vertexWords {
		if strings.HasSuffix(s, " "+w) {
			return strings.TrimSuffix(s, " "+w), k, true
		}
	}
	return "", 0, false
}

// TurnOverlay is how a resolved turn is drawn on the map: the movements'
// paths as arrows (the last one in front), the end space, the primary
// target ringed (where it stands in figs), and the line of sight of the
// last ranged attack between the two vertices used.
func TurnOverlay(t ap.Turn, figs []Mark) Overlay {
	var o Overlay
	var paths [][]string
	for _, ev := range t.Events {
		if mv := ev.Movement; mv != nil && len(mv.Path) > 0 {
			paths = append(paths, append([]string{mv.From}, mv.Path...))
		}
		if a := ev.Attack; a != nil && a.LoS != nil {
			f, fv, ok1 := splitVertex(a.LoS.From)
			to, tv, ok2 := splitVertex(a.LoS.To)
			if ok1 && ok2 {
				o.LoSFrom, o.LoSFromV, o.LoSTo, o.LoSToV, o.HasLoS = f, fv, to, tv, true
				o.LoSBlockers = nil
				for _, b := range a.LoS.Blockers {
					if sp := spaceOfName(b, figs); sp != "" {
						o.LoSBlockers = append(o.LoSBlockers, sp)
					}
				}
			}
		}
	}
	if n := len(paths); n > 0 {
		o.Path = paths[n-1]
		o.ExtraPaths = paths[:n-1]
	}
	if t.End != "" && t.End != t.Start {
		o.End = t.End
	}
	o.Target = spaceOfName(t.PrimaryTarget, figs)
	o.TargetIsObject = strings.HasPrefix(t.PrimaryTarget, "object on ")
	return o
}

// spaceOfName finds where a named figure stands, or the space of "object
// on L-4".
func spaceOfName(name string, figs []Mark) string {
	if l, ok := strings.CutPrefix(name, "object on "); ok {
		return l
	}
	for _, f := range figs {
		if f.Name == name {
			return f.Space
		}
	}
	return ""
}

var traceLine = regexp.MustCompile(`^\d+\. \[([^\]]*)\] (.*)$`)

// dodgedPlural is the engine's "3 space(s)": the panel writes the real
// plural ("1 space", "3 spaces").
var dodgedPlural = regexp.MustCompile(`(\d+) ((?:[A-Za-z-]+ ){0,2}[A-Za-z-]+)\(s\)`)

func realPlurals(s string) string {
	return dodgedPlural.ReplaceAllStringFunc(s, func(m string) string {
		p := dodgedPlural.FindStringSubmatch(m)
		if p[1] == "1" {
			return p[1] + " " + p[2]
		}
		return p[1] + " " + p[2] + "s"
	})
}

// Older engines' phrasings, kept in the logs of decisions made before
// they were put in the players' words ("may Raider 1 enter a hazard with
// this move 3?" read as the third move; "30 valid lines in 2 groups by what
// they pass" as the engine's own bookkeeping).
var (
	oldHazard = regexp.MustCompile(`may (.+?) enter a hazard with this (move|leap|retreat|convertedMove) (\d+)\?`)
	oldWeighs = regexp.MustCompile(`weighs (\d+ (?:empty )?spaces?) it can end its (move|leap|retreat|convertedMove) (\d+) on`)
	oldLines  = regexp.MustCompile(`draws its line of sight to (.+?): (\d+) valid lines? in (\d+) groups? by what they pass`)
	oldClear  = regexp.MustCompile(`, passing a clear line$`)
)

// movementWords is a movement as a card prints it ("Move 3").
func movementWords(kind, n string) string {
	switch kind {
	case "leap":
		return "Leap " + n
	case "retreat":
		return "Retreat " + n
	case "convertedMove":
		return "Move " + n + " (a card converted to movement)"
	}
	return "Move " + n
}

// plainerTrace puts an older engine's phrasing in today's words.
func plainerTrace(l string) string {
	l = oldHazard.ReplaceAllStringFunc(l, func(m string) string {
		p := oldHazard.FindStringSubmatch(m)
		return movementWords(p[2], p[3]) + ": may " + p[1] + " enter a hazard space on the way?"
	})
	l = oldWeighs.ReplaceAllStringFunc(l, func(m string) string {
		p := oldWeighs.FindStringSubmatch(m)
		return "weighs the " + p[1] + " where its " + movementWords(p[2], p[3]) + " can end"
	})
	l = oldLines.ReplaceAllStringFunc(l, func(m string) string {
		p := oldLines.FindStringSubmatch(m)
		ways := "in 1 way"
		if p[2] != "1" {
			ways = "in " + p[2] + " ways"
		}
		if p[3] == "1" {
			return "can draw its line of sight to " + p[1] + " " + ways + ", all passing the same figures and objects"
		}
		return "can draw its line of sight to " + p[1] + " " + ways + ", which pass " + p[3] + " different sets of figures and objects"
	})
	return oldClear.ReplaceAllString(l, ", a clear line")
}

// TraceOf turns the trace lines a tracker event keeps back into steps for
// the explanation panel: rule, text, tie-break, die and result.
func TraceOf(lines []string) automa.Trace {
	var tr automa.Trace
	for _, l := range lines {
		l = plainerTrace(realPlurals(l))
		m := traceLine.FindStringSubmatch(l)
		if m == nil {
			if n := len(tr.Steps); n > 0 && l != "" {
				tr.Steps[n-1].Text += " " + l
			}
			continue
		}
		st := automa.Step{Rule: m[1], Text: m[2]}
		from := max(strings.Index(st.Text, " (die: "), strings.Index(st.Text, " (tie-break: "), 0)
		if i := strings.Index(st.Text[from:], " → "); i >= 0 {
			st.Result = st.Text[from+i+len(" → "):]
			st.Text = st.Text[:from+i]
		}
		if i := strings.Index(st.Text, " (die: "); i >= 0 && strings.HasSuffix(st.Text, ")") {
			st.Die = st.Text[i+len(" (die: ") : len(st.Text)-1]
			st.Text = st.Text[:i]
		}
		if i := strings.Index(st.Text, " (tie-break: "); i >= 0 && strings.HasSuffix(st.Text, ")") {
			st.TieBreak = st.Text[i+len(" (tie-break: ") : len(st.Text)-1]
			st.Text = st.Text[:i]
		}
		tr.Steps = append(tr.Steps, st)
	}
	return tr
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// afterLayout holds obj and calls after each time it is laid out (to
// scroll the map to what matters once its size is known).
func afterLayout(obj fyne.CanvasObject, after func()) fyne.CanvasObject {
	return container.New(&afterLayoutLayout{after: after}, obj)
}

type afterLayoutLayout struct{ after func() }

func (a *afterLayoutLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
	if a.after != nil {
		a.after()
	}
}

func (a *afterLayoutLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

var _ shell.Practicer = (*Screens)(nil)

// Practice is Phantom Epoch's practice game: the made-up practice content
// (checked like any content file), two characters embarked on its mission
// with round 1 begun and their cards chosen, so the adversaries' first
// decision is three taps of Next away on the Play tab.
func (*Screens) Practice() shell.Practice {
	return shell.Practice{
		Name:     "Made-up practice content, not the printed cards: a flooded relay of 30 spaces, two adversary types, two characters",
		Commands: tp.PracticeCommands,
		Tab:      shell.TabPlay,
	}
}

// adaptive is the frame's widgets.NewAdaptive (side by side when wide,
// stacked when narrow) with one difference while its tab is hidden: a
// hidden tab is never laid out, or laid out by the frame's sideways scroll
// at its least width only, and NewAdaptive then asks for the stacked
// height (its panels' heights added), which in a landscape window makes
// the window grow past its screen although the tab, once shown, lies side
// by side. Until it is laid out wider than its least width, this asks for
// the tallest panel only.
//
// The map and its panel lie side by side only from sideBySide dp across:
// the map's scroll asks for little width, so without it a portrait tablet
// at a large text size would squeeze the map into a sliver beside the
// panel.
func adaptive(panels ...fyne.CanvasObject) *fyne.Container {
	a := widgets.NewAdaptiveAt(sideBySideFrom, panels...)
	return container.New(&firstWide{adaptive: a}, a)
}

// sideBySideFrom is the least width for the map beside its panel: a
// landscape tablet's, not a portrait one's.
const sideBySideFrom = 1000

// mapLeast is the least width of the map beside its panel, so a panel
// grown wide at a large text size leaves the map its room.
const mapLeast = 520

// mapLeastHeight is the least height of the Enemy tab's map, so a tall
// panel leaves it room. Under its panel (a portrait tablet) mapSplit gives
// the map far more; beside it (a landscape tablet at the largest text) the
// tab has barely 470 dp of height for the heading, buttons and map.
const mapLeastHeight = 180

type firstWide struct {
	adaptive *fyne.Container
	width    float32 // the width it was last laid out at
}

func (l *firstWide) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *firstWide) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := l.adaptive.MinSize()
	if l.width > m.Width+1 {
		return m // laid out where the players see it
	}
	var s fyne.Size
	for _, p := range l.adaptive.Objects {
		if p.Visible() {
			s = s.Max(p.MinSize())
		}
	}
	return s
}

// wrapped holds a word-wrapping label outside a scroll: it asks for one
// line until laid out (a wrapping label never laid out, as on a hidden
// tab, asks for a word a line and would make the window grow), then for
// the lines the label wraps into at its width.
func wrapped(l *widget.Label) fyne.CanvasObject {
	l.Wrapping = fyne.TextWrapWord
	l.Truncation = fyne.TextTruncateOff
	return container.New(&wrappedLayout{l: l}, l)
}

type wrappedLayout struct{ l *widget.Label }

func (w *wrappedLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	w.l.Move(fyne.NewPos(0, 0))
	w.l.Resize(size)
}

func (w *wrappedLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	if !w.l.Visible() {
		return fyne.Size{}
	}
	if w.l.Size().Width < 1 {
		one := fyne.MeasureText("Round", theme.TextSize(), w.l.TextStyle)
		return fyne.NewSize(0, one.Height+2*theme.InnerPadding())
	}
	return fyne.NewSize(0, w.l.MinSize().Height)
}
