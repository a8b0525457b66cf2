package uitest

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// Every text a test sees is checked for what players must never read
// (ScreenWords): each walk of a screen with Text, TextWithEntries (its
// labels, not what was typed), AllText or WindowText, and every line the
// app tells the players (widgets.Heard: message lines, bubbles, dialogs'
// and forms' refusals). Main reports each finding once with the test line that saw
// it, and fails the package, so a new screen, Why or refusal a test
// reaches is checked without the test asking.

var seen struct {
	sync.Mutex
	on       bool
	lines    map[string][]string // findings by line, so a line is checked once
	reported map[string]bool
	found    []string
}

// startSeeing turns the checks on (Run does).
func startSeeing() {
	seen.Lock()
	defer seen.Unlock()
	seen.on = true
	seen.lines = map[string][]string{}
	seen.reported = map[string]bool{}
}

// see checks text as a player would read it.
func see(text string) {
	seen.Lock()
	defer seen.Unlock()
	if !seen.on {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		found, ok := seen.lines[line]
		if !ok {
			found = ScreenWords(line)
			seen.lines[line] = found
		}
		for _, f := range found {
			if seen.reported[f] {
				continue
			}
			seen.reported[f] = true
			seen.found = append(seen.found, testLine()+": "+f)
		}
	}
}

// See checks text as a player would read it (as every walker here does)
// and returns it: a test's own walker of a screen hands its text to it.
func See(text string) string {
	see(text)
	return text
}

// testLine is the line of the _test.go file that led to the text.
func testLine() string {
	pc := make([]uintptr, 64)
	frames := runtime.CallersFrames(pc[:runtime.Callers(3, pc)])
	for {
		f, more := frames.Next()
		if strings.HasSuffix(f.File, "_test.go") {
			return fmt.Sprintf("%s:%d", shortPath(f.File), f.Line)
		}
		if !more {
			return "(no test on the stack)"
		}
	}
}

func shortPath(p string) string {
	if i := strings.Index(p, "/ui/"); i >= 0 {
		return p[i+1:]
	}
	return p
}

// Seen is what the checks found so far, each with the test line that saw
// it, sorted.
func Seen() []string {
	seen.Lock()
	defer seen.Unlock()
	out := append([]string(nil), seen.found...)
	sort.Strings(out)
	return out
}

// reportSeen prints what the checks found and reports whether they found
// anything.
func reportSeen() bool {
	found := Seen()
	if len(found) == 0 {
		return false
	}
	fmt.Fprintf(os.Stderr, "--- FAIL: players' words (uitest.PlayersWords over every screen, Why and refusal the tests showed): %d found\n", len(found))
	for _, f := range found {
		fmt.Fprintln(os.Stderr, "    "+f)
	}
	return true
}
