package widgets

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
)

// goroutineID is the number of the calling goroutine.
func goroutineID() string {
	b := make([]byte, 64)
	b = b[:runtime.Stack(b, false)]
	return string(bytes.Fields(b)[1])
}

// TestAHoldActsOnTheTestsGoroutine is the path of the crash ("concurrent
// map writes" in Fyne's caches): a hold button's timer acted on the screen
// from the timer's goroutine while the test laid out the same widgets.
// Under the manual schedule its action runs on the goroutine that moves
// the clock, the test's own, and nowhere before.
func TestAHoldActsOnTheTestsGoroutine(t *testing.T) {
	test.NewTempApp(t)
	testSchedule.Reset() // other tests' leftovers
	var ranOn string
	b := NewHoldButton("Delete", func() { ranOn = goroutineID() })
	w := test.NewTempWindow(t, b)
	b.MouseDown(&desktop.MouseEvent{})
	// Whatever real time passes, nothing runs until the clock moves.
	time.Sleep(2 * time.Millisecond)
	if ranOn != "" || testSchedule.Pending() != 1 {
		t.Fatalf("the hold acted by itself, on goroutine %q", ranOn)
	}
	testSchedule.Advance(b.Hold)
	if ranOn != goroutineID() {
		t.Fatalf("the hold acted on goroutine %q, not the test's %q", ranOn, goroutineID())
	}
	b.MouseUp(&desktop.MouseEvent{})
	// The bubble's timer, too.
	l := NewFeedbackLayer(b)
	w.SetContent(l)
	l.ShowAt(b.Position(), b.Size(), "Deleted", false)
	testSchedule.Advance(FeedbackFor)
	if text, _ := l.Showing(); text != "" {
		t.Fatalf("the bubble %q stayed", text)
	}
}

func TestManualScheduleRunsInOrderAndOnlyWhenAsked(t *testing.T) {
	s := NewManualSchedule()
	var got []string
	s.After(3*time.Second, func() { got = append(got, "3s") })
	s.After(time.Second, func() {
		got = append(got, "1s")
		// A timer made by a timer counts from the time it ran.
		s.After(time.Second, func() { got = append(got, "1s+1s") })
	})
	stopped := s.After(2*time.Second, func() { got = append(got, "stopped") })
	s.After(time.Second, func() { got = append(got, "1s, made second") })
	s.Do(func() { got = append(got, "done") })
	if len(got) != 0 {
		t.Fatalf("ran by itself: %v", got)
	}
	if !stopped.Stop() || stopped.Stop() {
		t.Fatal("Stop reports wrongly")
	}
	s.Advance(2500 * time.Millisecond)
	if want := "done 1s 1s, made second 1s+1s"; strings.Join(got, " ") != want {
		t.Fatalf("ran %q, want %q", strings.Join(got, " "), want)
	}
	s.Advance(500 * time.Millisecond)
	if got[len(got)-1] != "3s" || s.Pending() != 0 {
		t.Fatalf("ran %v, %d pending", got, s.Pending())
	}
	// Background work runs on its own goroutine; its answer on the
	// settling one.
	test := goroutineID()
	var workOn, answerOn string
	gate := make(chan struct{})
	s.Go(func() {
		<-gate
		workOn = goroutineID()
		s.Do(func() { answerOn = goroutineID() })
	})
	close(gate)
	s.Settle()
	if workOn == test || workOn == "" || answerOn != test {
		t.Fatalf("work on %q, answer on %q, test on %q", workOn, answerOn, test)
	}
}

// TestTimersGoThroughTheSchedule: the screens' code starts no timer,
// ticker or goroutine of its own and never sleeps; each goes through the
// Schedule (After, Do, Go), so under a test's manual schedule nothing
// touches a widget from another goroutine. fyne.Do itself is left to a
// layout deferring its own refresh to after the layout (it runs on the
// window's thread, or the test's); anything else hands its work to
// widgets.Do, which a test's schedule runs on the test's goroutine. The table-sharing host
// (ui/share) serves the network and the headless verbs (ui/cli) have no
// window: both are left out. screenwake.go's goroutine only calls the
// driver's screen-saver setting, never a widget.
func TestTimersGoThroughTheSchedule(t *testing.T) {
	allowed := map[string]string{
		"ui/widgets/schedule.go": "the window's schedule itself",
		"ui/widgets/manual.go":   "the tests' schedule itself",
		"ui/screenwake.go":       "a call to the driver's screen-saver setting, which touches no widget",
		"ui/quit.go":             "the watch over the app's end, after the window's loop: no widget",
	}
	// Functions a Layout method calls to defer its own refresh, as a
	// Layout may (file:function).
	layoutHelpers := map[string]bool{
		"ui/phantom/split.go:tell": true, // the map split's new arrangement, told after its layout
	}
	banned := map[string]bool{"AfterFunc": true, "NewTicker": true, "NewTimer": true, "Tick": true, "Sleep": true, "After": true}
	root := ".."
	var found []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := "ui/" + filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
		if d.IsDir() {
			if rel == "ui/share" || rel == "ui/cli" || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		if _, ok := allowed[rel]; ok {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			inLayout := false
			if fd, ok := decl.(*ast.FuncDecl); ok {
				inLayout = fd.Recv != nil && (fd.Name.Name == "Layout" || layoutHelpers[rel+":"+fd.Name.Name])
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.GoStmt:
					found = append(found, fmt.Sprintf("%s: a go statement", fset.Position(x.Pos())))
				case *ast.SelectorExpr:
					id, ok := x.X.(*ast.Ident)
					switch {
					case !ok:
					case id.Name == "time" && banned[x.Sel.Name]:
						found = append(found, fmt.Sprintf("%s: time.%s", fset.Position(x.Pos()), x.Sel.Name))
					case id.Name == "fyne" && x.Sel.Name == "DoAndWait":
						found = append(found, fmt.Sprintf("%s: fyne.DoAndWait", fset.Position(x.Pos())))
					case id.Name == "fyne" && x.Sel.Name == "Do" && !inLayout:
						found = append(found, fmt.Sprintf("%s: fyne.Do outside a layout", fset.Position(x.Pos())))
					}
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s: use widgets.After, Do or Go (see schedule.go)", f)
	}
}
