package tracker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The texts of a content set (what the players entered from their cards,
// or a file brought from another device) keep the rules of campaign names,
// whatever the game: every name and ID is one line of at most MaxIDLen
// characters, every text at most MaxTextLen, and none holds a control
// character, an invisible one, or bytes that are not text. One walk over
// a piece's JSON checks them all, so no field of any game is forgotten.

// maxContentDepth bounds how deep a piece's lists and objects nest: a
// card's rows of actions are a few levels deep.
const maxContentDepth = 64

// A TextProblem is a text of a piece of content the rules refuse: its
// field's path in the piece's JSON ("name", "card.rows.1.text"), the text
// itself (its start, quoted with what cannot be seen written out), whether
// it is a name or an ID, and why.
type TextProblem struct {
	Field, Value, Why string
	Name              bool
}

// Words says the problem in the players' words: which text, as it starts,
// and why.
func (p TextProblem) Words() string {
	what := "a text"
	if p.Name {
		what = "a name"
	}
	if p.Value == "" && p.Field == "" {
		// The whole file, not one of its texts ("it cannot be read").
		return p.Why
	}
	if p.Value == "" {
		return what + ": " + p.Why
	}
	return what + " " + p.Value + ": " + p.Why
}

// shown quotes the start of a text for a refusal: at most 40 characters,
// with control and invisible characters written out.
func shown(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\ufffd")
	}
	if r := []rune(s); len(r) > 40 {
		return strconv.Quote(string(r[:40])) + "…"
	}
	return strconv.Quote(s)
}

// nameKey says whether a field holds a name or an ID (one line) rather than
// a text a card prints (several lines allowed).
func nameKey(key string) bool {
	switch key {
	case "id", "name", "title", "label", "code", "species", "class", "faction", "deck", "type", "missionId", "mission":
		return true
	}
	return strings.HasSuffix(key, "Id") || strings.HasSuffix(key, "ID") || strings.HasSuffix(key, "Name") || strings.HasSuffix(key, "Ids")
}

// ContentTexts checks every text of a piece of content given as JSON, and
// every key of its objects (a map of names is keyed by them), by the rules
// above. It does not judge what is missing: each game says which names a
// piece needs.
func ContentTexts(data []byte) []TextProblem {
	if !utf8.Valid(data) {
		return []TextProblem{{Why: fmt.Sprintf("line %d holds bytes that are not text (it is not valid UTF-8)", notTextLine(data))}}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out []TextProblem
	// path holds the keys and indexes above the value being read; a frame
	// per open object or list.
	type frame struct {
		list  bool
		index int
		key   string
		named bool // the list's key is a name's (a list of IDs)
	}
	var stack []frame
	path := func(last string) string {
		var parts []string
		for _, f := range stack {
			if f.list {
				parts = append(parts, strconv.Itoa(f.index))
			} else if f.key != "" {
				parts = append(parts, f.key)
			}
		}
		if last != "" {
			parts = append(parts, last)
		}
		return strings.Join(parts, ".")
	}
	// expectKey: the next string in an object is a key.
	expectKey := func() bool { return len(stack) > 0 && !stack[len(stack)-1].list && stack[len(stack)-1].key == "" }
	done := func() { // a value ended: the object waits for its next key, the list moves on
		if n := len(stack); n > 0 {
			if stack[n-1].list {
				stack[n-1].index++
			} else {
				stack[n-1].key = ""
			}
		}
	}
	check := func(field, s string, name bool) {
		if len(out) >= 100 {
			return
		}
		var err error
		switch {
		case name && utf8.RuneCountInString(s) > MaxIDLen:
			err = fmt.Errorf("it is %d characters long; a name or an ID is at most %d", utf8.RuneCountInString(s), MaxIDLen)
		case !name && utf8.RuneCountInString(s) > MaxTextLen:
			err = fmt.Errorf("it is %d characters long; a text is at most %d", utf8.RuneCountInString(s), MaxTextLen)
		case name:
			err = CheckLine(s)
		default:
			err = CheckText(s)
		}
		if err != nil {
			out = append(out, TextProblem{Field: field, Value: shown(s), Why: err.Error(), Name: name})
		}
	}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			if len(stack) > 0 {
				return append(out, TextProblem{Field: path(""), Why: "it cannot be read: it ends inside a list or an object"})
			}
			return out
		}
		if err != nil {
			return append(out, TextProblem{Field: path(""), Why: "it cannot be read: " + strings.TrimPrefix(err.Error(), "json: ")})
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				named := false
				if n := len(stack); n > 0 && !stack[n-1].list {
					named = nameKey(stack[n-1].key)
				}
				if len(stack) >= maxContentDepth {
					return append(out, TextProblem{Field: path(""), Why: fmt.Sprintf("it cannot be read: lists and objects nest more than %d deep, deeper than any card", maxContentDepth)})
				}
				stack = append(stack, frame{list: t == '[', named: named})
			case '}', ']':
				stack = stack[:len(stack)-1]
				done()
			}
		case string:
			if expectKey() {
				check(path(t), t, true)
				if t == "" {
					t = `""`
				}
				stack[len(stack)-1].key = t
				continue
			}
			name := false
			if n := len(stack); n > 0 {
				f := stack[n-1]
				name = (!f.list && nameKey(f.key)) || (f.list && f.named)
			}
			check(path(""), t, name)
			done()
		default:
			done()
		}
	}
}

// TextsError joins text problems into one refusal, one a line, naming
// each field; what names the piece ("map “Relay”").
func TextsError(what string, ps []TextProblem) error {
	if len(ps) == 0 {
		return nil
	}
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = what + ", " + p.Words()
	}
	return errors.New(strings.Join(lines, "\n"))
}

// notTextLine is the line (from 1) of the first bytes of data that are not
// valid UTF-8, so the players can find them in their file.
func notTextLine(data []byte) int {
	line := 1
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		if r == utf8.RuneError && n <= 1 {
			return line
		}
		if r == '\n' {
			line++
		}
		data = data[n:]
	}
	return line
}
