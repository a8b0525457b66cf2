package content

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Decode reads JSON into v strictly (unknown fields are refused, so a
// misspelt field name is caught) and turns decoding errors into messages
// in words that say where in the file the problem is and what is wrong,
// naming the field as a player would (never Go's words for it). what
// names the file's kind ("situation", "content file") for the message. A
// situation is written by hand against RESOLVE.md, which names its fields
// as the JSON does: its messages keep those names.
func Decode(data []byte, v any, what string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %s", what, describe(data, err, dec.InputOffset(), what != "situation"))
	}
	if dec.More() {
		return fmt.Errorf("%s: there is more text after the file's closing brace", what)
	}
	var extra any
	if err := dec.Decode(&extra); err == nil {
		return fmt.Errorf("%s: there is more text after the file's closing brace", what)
	}
	return nil
}

var (
	unknownField = regexp.MustCompile(`^json: unknown field "(.*)"$`)
	badChar      = regexp.MustCompile(`^invalid character '(.+)' (.*)$`)
)

// describe words a decoding error; at is how far the decoder had read.
func describe(data []byte, err error, at int64, words bool) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	if !words {
		return describeJSON(data, err)
	}
	switch {
	case errors.As(err, &syn):
		line, col := lineCol(data, syn.Offset)
		return fmt.Sprintf("line %d, column %d: %s", line, col, syntaxWords(syn.Error()))
	case errors.As(err, &typ):
		line, col := lineCol(data, typ.Offset)
		field := typ.Field
		if words {
			field = FieldWords(field)
		}
		if field == "" {
			field = "the file as a whole"
		}
		return fmt.Sprintf("line %d, column %d: %s should be %s, not %s", line, col, field, kindName(typ.Type.Kind()), valueWords(typ.Value))
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the file is empty or cut short"
	}
	if m := unknownField.FindStringSubmatch(err.Error()); m != nil {
		// The decoder has read the whole value by then: the field's place
		// is where its name first stands as a field.
		if loc := regexp.MustCompile(regexp.QuoteMeta(strconv.Quote(m[1])) + `\s*:`).FindIndex(data); loc != nil {
			at = int64(loc[0] + 1)
		}
		line, col := lineCol(data, at)
		return fmt.Sprintf("line %d, column %d: %q is not a field this file has (is its name misspelt?)", line, col, m[1])
	}
	// An error of our own reading a field (a keyword, a grid square) is in
	// words already; anything else of Go's is not shown.
	if msg := err.Error(); !strings.HasPrefix(msg, "json:") && !strings.Contains(msg, "Go ") {
		return msg
	}
	line, col := lineCol(data, at)
	return fmt.Sprintf("line %d, column %d: a value here is not of the kind this field takes", line, col)
}

// describeJSON says what is wrong with a situation as its format's
// reference (RESOLVE.md) names things: JSON's words and the fields' paths,
// as every game's situation reader does (storage's reliability suite).
func describeJSON(data []byte, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		line, col := lineCol(data, syn.Offset)
		return fmt.Sprintf("line %d, column %d: %v", line, col, syn)
	case errors.As(err, &typ):
		line, col := lineCol(data, typ.Offset)
		field := typ.Field
		if field == "" {
			field = "the top level"
		}
		return fmt.Sprintf("line %d, column %d: %s should be %s, not a JSON %s", line, col, field, kindName(typ.Type.Kind()), typ.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the file is empty or cut short"
	}
	return err.Error()
}

// syntaxWords says what is wrong with the JSON itself.
func syntaxWords(msg string) string {
	if strings.Contains(msg, "unexpected end of JSON input") {
		return "the file is cut short"
	}
	m := badChar.FindStringSubmatch(msg)
	if m == nil {
		return "the text is not well-formed JSON here"
	}
	c := m[1]
	switch {
	case strings.HasPrefix(m[2], "looking for beginning of value"):
		return fmt.Sprintf("%q where a value should begin (text in double quotes, a number, a list or an object)", c)
	case strings.HasPrefix(m[2], "looking for beginning of object key"):
		return fmt.Sprintf("%q where a field's name in double quotes should be", c)
	case strings.HasPrefix(m[2], "after object key:value pair"):
		return fmt.Sprintf("%q where a comma or the end of the object should be", c)
	case strings.HasPrefix(m[2], "after object key"):
		return fmt.Sprintf("%q where a colon should follow the field's name", c)
	case strings.HasPrefix(m[2], "after array element"):
		return fmt.Sprintf("%q where a comma or the end of the list should be", c)
	case strings.HasPrefix(m[2], "in string literal"):
		return "a character that cannot stand inside text in double quotes (a line break or a control character)"
	case strings.HasPrefix(m[2], "in numeric literal"):
		return fmt.Sprintf("%q inside a number", c)
	}
	return fmt.Sprintf("%q where the JSON cannot have it", c)
}

// FieldWords names a field's path in a file ("content.factions.units.
// meleeAttack") as a player would: "faction cards, unit lines: melee
// attack". The file's top-level "content" is left out.
func FieldWords(path string) string {
	var parts []string
	for _, p := range strings.Split(path, ".") {
		if p == "" || p == "content" {
			continue
		}
		if w, ok := fieldNames[p]; ok {
			p = w
		} else {
			p = splitCamel(p)
		}
		parts = append(parts, p)
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + ": " + parts[len(parts)-1]
}

// fieldNames are the fields whose names in words are not their letters
// split where the capitals are.
var fieldNames = map[string]string{
	"factions": "faction cards", "units": "unit lines", "max": "miniatures (#)", "nameIsWhite": "name in white",
	"missionId": "mission", "factionId": "faction card", "sightLines": "lines of sight", "roomFeatures": "room features",
	"preAlarm": "spaces before the alarm", "postAlarm": "spaces after the alarm", "noiseDice": "noise dice",
	"spawnCards": "spawn cards", "noiseCards": "noise cards", "heroes": "character cards", "missions": "mission details",
	"maps": "maps", "id": "id", "los": "lines of sight",
}

// splitCamel writes an identifier as words: "meleeAttack" → "melee attack".
func splitCamel(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte(' ')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// valueWords names the kind of value the file gave.
func valueWords(v string) string {
	switch {
	case v == "string":
		return "text"
	case v == "object":
		return "an object"
	case v == "array":
		return "a list"
	case v == "bool":
		return "a yes or no"
	case strings.HasPrefix(v, "number"):
		if n := strings.TrimSpace(strings.TrimPrefix(v, "number")); n != "" {
			return "the number " + n
		}
		return "a number"
	}
	return "a " + v
}

func kindName(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number of 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "a yes or no, written without quotes"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "a value of another kind"
}

func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

// ParseContent reads and validates a content file (faction card, spawn
// cards, noise cards).
func ParseContent(data []byte) (*Content, error) {
	var c Content
	if err := Decode(data, &c, "content file"); err != nil {
		return nil, err
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &c, nil
}

// ParseMap reads and validates a mission map.
func ParseMap(data []byte) (*Map, error) {
	var m Map
	if err := Decode(data, &m, "map file"); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return &m, nil
}
