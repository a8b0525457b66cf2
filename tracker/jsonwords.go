package tracker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"
)

// What a file's reader found wrong, in the players' words: every file a
// player brings in (a campaign export, a game's content file, a situation)
// is read with encoding/json, whose errors speak Go ("json: cannot
// unmarshal number -1 into Go struct field undoPayload.targets of type
// uint64"). JSONWords turns them into the field's path and what is wrong
// with it ("events[12].payload.targets: must be a whole number of 0 or
// more, not -1"): types become "a whole number", "a list", "a piece of
// text", a syntax error says what stands where, an unknown field is named.
// The games' content-file readers use it too (DecodeJSON, JSONError).

// A FieldError is what is wrong with one field of a file: Field is its
// path in the file ("events[12].payload.targets"; "" for the file as a
// whole), What is in words.
type FieldError struct {
	Field string
	What  string
}

func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.What
	}
	return e.Field + ": " + e.What
}

// FieldPath joins a field's path to the path of what holds it:
// FieldPath("events[3]", "payload") is "events[3].payload".
func FieldPath(path, field string) string {
	switch {
	case path == "":
		return field
	case field == "":
		return path
	case strings.HasPrefix(field, "["):
		return path + field
	}
	return path + "." + field
}

// JSONError is JSONWords as an error (a *FieldError); nil stays nil.
func JSONError(path string, err error) error {
	if err == nil {
		return nil
	}
	field, what := JSONWords(path, err)
	return &FieldError{Field: field, What: what}
}

// DecodeJSON decodes data, a file's field at path (path "" for a whole
// file), into v: a field v does not have and anything after the value are
// refused, and every refusal is a *FieldError in words that names the
// field and, for a mistake in the writing, its line and column in data.
func DecodeJSON(path string, data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return &FieldError{Field: path, What: "it is empty"}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		field, what := JSONWordsIn(path, data, reflect.TypeOf(v), err)
		if off, ok := jsonOffset(err); ok {
			what += " (" + LineColumn(data, off) + ")"
		}
		return &FieldError{Field: field, What: what}
	}
	if _, err := dec.Token(); err != io.EOF {
		return &FieldError{Field: path, What: "there is more after its end (" + LineColumn(data, max(dec.InputOffset()-1, 0)) + ")"}
	}
	return nil
}

// jsonOffset is where in its input a JSON error is, when it says.
func jsonOffset(err error) (int64, bool) {
	// Both say how many bytes were read when it was found: the last of
	// them is the wrong character, or the end of the wrong value.
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return max(se.Offset-1, 0), true
	case errors.As(err, &te):
		return max(te.Offset-1, 0), true
	}
	return 0, false
}

// LineColumn says where byte off of data is: "line 3, column 14".
func LineColumn(data []byte, off int64) string {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}

var unknownField = regexp.MustCompile(`^json: unknown field "(.*)"$`)

// JSONWords says what err, from reading a file's field at path with
// encoding/json (or time's parser, for a time), means in words: the path
// of the field it points at, and what is wrong with it. An error it does
// not know keeps its own words, without Go's "json:" before them.
func JSONWords(path string, err error) (field, what string) {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	var me *json.MarshalerError
	var pe *time.ParseError
	var fe *FieldError
	switch {
	case errors.As(err, &fe):
		return FieldPath(path, fe.Field), fe.What
	case errors.As(err, &te):
		return FieldPath(path, te.Field), typeMismatch(te.Type, te.Value)
	case errors.As(err, &se):
		return path, SyntaxWords(se.Error())
	case errors.As(err, &me):
		if inner := me.Unwrap(); inner != nil {
			return JSONWords(path, inner)
		}
		return path, "it cannot be written"
	case errors.As(err, &pe):
		what := fmt.Sprintf("must be a date and time written as 2026-11-29T20:15:00Z, not “%s”", short(pe.Value))
		if m := strings.TrimPrefix(pe.Message, ": "); m != "" {
			what += " (" + m + ")"
		}
		return path, what
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return path, "it ends too soon: the file is cut short"
	}
	msg := err.Error()
	if m := unknownField.FindStringSubmatch(msg); m != nil {
		return FieldPath(path, m[1]), "no field of that name belongs here (is it misspelt?)"
	}
	if msg == "unexpected end of JSON input" {
		return path, "it ends too soon: the file is cut short"
	}
	return path, strings.TrimPrefix(msg, "json: ")
}

// isJSONError says whether err is encoding/json's (or time's parser's,
// reading a time), whose words are Go's.
func isJSONError(err error) bool {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	var me *json.MarshalerError
	var pe *time.ParseError
	if errors.As(err, &te) || errors.As(err, &se) || errors.As(err, &me) || errors.As(err, &pe) {
		return true
	}
	msg := err.Error()
	return strings.HasPrefix(msg, "json: ") || strings.Contains(msg, "unexpected end of JSON input")
}

// JSONWordsIn is JSONWords for an error met decoding data into a value of
// type t: it finds the field the error is in itself, with the place in
// each list ("draws[2].index", where encoding/json says "draws.index"),
// also where encoding/json does not say (a time written wrong).
func JSONWordsIn(path string, data []byte, t reflect.Type, err error) (field, what string) {
	field, what = JSONWords(path, err)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return field, what
	}
	if sub, ok := locate(data, t, 0); ok {
		field = FieldPath(path, sub)
	}
	return field, what
}

// locate finds the first field of data, read as a t, that does not
// decode (strictly: a field t does not have counts), and its path.
func locate(data []byte, t reflect.Type, depth int) (string, bool) {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || depth > 32 {
		return "", false
	}
	decodes := func(raw []byte, t reflect.Type) bool {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		return dec.Decode(reflect.New(t).Interface()) == nil
	}
	inner := func(key string, raw []byte, t reflect.Type) (string, bool) {
		if decodes(raw, t) {
			return "", false
		}
		sub, _ := locate(raw, t, depth+1)
		return FieldPath(key, sub), true
	}
	switch t.Kind() {
	case reflect.Struct:
		if _, ok := reflect.New(t).Interface().(json.Unmarshaler); ok {
			return "", false
		}
		fields, keys, ok := objectFields(data)
		if !ok {
			return "", false
		}
		for _, k := range keys {
			f, ok := jsonField(t, k)
			if !ok {
				return k, true
			}
			if p, bad := inner(k, fields[k], f.Type); bad {
				return p, true
			}
		}
	case reflect.Map:
		fields, keys, ok := objectFields(data)
		if !ok {
			return "", false
		}
		for _, k := range keys {
			if p, bad := inner(k, fields[k], t.Elem()); bad {
				return p, true
			}
		}
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			return "", false
		}
		var items []json.RawMessage
		if json.Unmarshal(data, &items) != nil {
			return "", false
		}
		for i, raw := range items {
			if p, bad := inner(fmt.Sprintf("[%d]", i), raw, t.Elem()); bad {
				return p, true
			}
		}
	}
	return "", false
}

// jsonField is the field of struct t that encoding/json fills from key
// (its tag's name, or its own name, in any case).
func jsonField(t reflect.Type, key string) (reflect.StructField, bool) {
	var fold reflect.StructField
	found := false
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				if g, ok := jsonField(f.Type, key); ok {
					return g, true
				}
				continue
			}
			name = f.Name
		}
		if name == key {
			return f, true
		}
		if !found && strings.EqualFold(name, key) {
			fold, found = f, true
		}
	}
	return fold, found
}

// countWords writes a number a file holds the way a player reads it: with
// its thousands apart, and past a billion as "more than a billion",
// never as twenty raw digits.
func countWords(n uint64) string {
	if n > 1e9 {
		return "more than a billion"
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// short cuts a value quoted in a refusal to a readable length.
func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// typeMismatch says what a field must hold, given the Go type it is read
// into and encoding/json's name for what the file holds ("number -1",
// "string", "array").
func typeMismatch(t reflect.Type, value string) string {
	kind, num, _ := strings.Cut(value, " ")
	if t == nil {
		return "it is " + valueWords(kind, num) + ", which does not belong here"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == reflect.TypeOf(time.Time{}) {
		return "must be a date and time written as 2026-11-29T20:15:00Z, not " + valueWords(kind, num)
	}
	if t == reflect.TypeOf(time.Duration(0)) {
		return "must be a length of time in nanoseconds, a whole number, not " + valueWords(kind, num)
	}
	want := typeWords(t)
	if kind == "number" && num != "" {
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			n, ok := new(big.Int).SetString(num, 10)
			switch {
			case !ok:
				return "must be a whole number, not " + short(num)
			case n.Sign() < 0 && t.Kind() >= reflect.Uint:
				return "must be a whole number of 0 or more, not " + short(num)
			}
			return "is too large a number"
		case reflect.Float32, reflect.Float64:
			return "is too large a number"
		}
	}
	return "must be " + want + ", not " + valueWords(kind, num)
}

// typeWords says what a Go type holds in a player's words.
func typeWords(t reflect.Type) string {
	if t == nil {
		return "something else"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "a whole number of 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a piece of text"
	case reflect.Bool:
		return "“true” or “false”"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "a set of named fields"
	case reflect.Interface:
		return "a value"
	case reflect.Pointer:
		return typeWords(t.Elem())
	}
	return "another kind of value"
}

// valueWords names what encoding/json found: "number" (with its digits
// when it has them), "string", "array", "object", "bool".
func valueWords(kind, num string) string {
	switch kind {
	case "number":
		if num != "" {
			return short(num)
		}
		return "a number"
	case "string":
		return "a piece of text"
	case "array":
		return "a list"
	case "object":
		return "a set of named fields"
	case "bool":
		return "“true” or “false”"
	case "null":
		return "null"
	}
	return "something else"
}

// syntaxMessage is encoding/json's "invalid character 'x' …" message.
var syntaxMessage = regexp.MustCompile(`^invalid character '((?:[^'\\]|\\.)+)' (.*)$`)

// SyntaxWords says in words what a mistake in a file's writing is, from
// encoding/json's SyntaxError message ("invalid character '{' after
// top-level value" says "there is more after its end: “{”").
func SyntaxWords(msg string) string {
	msg = strings.TrimPrefix(msg, "json: ")
	if msg == "unexpected end of JSON input" {
		return "it ends too soon: the file is cut short"
	}
	m := syntaxMessage.FindStringSubmatch(msg)
	if m == nil {
		return "it is not written as Tablekeeper writes its files"
	}
	c, where := m[1], m[2]
	if s, err := unquoteChar(c); err == nil {
		c = s
	}
	q := CharWords(c)
	switch {
	case where == "after top-level value":
		return "there is more after its end, from " + q
	case where == "looking for beginning of value":
		return q + " where a value should begin (a number, a piece of text in double quotes, a list or a set of fields)"
	case where == "looking for beginning of object key string":
		return q + " where a field's name in double quotes should begin"
	case where == "after object key":
		return q + " where a colon should follow a field's name"
	case where == "after object key:value pair":
		return q + " where a comma should come before the next field, or the fields should end"
	case where == "after array element":
		return q + " where a comma should come before the next item of a list, or the list should end"
	case where == "in string literal":
		return "a piece of text holds a character it cannot hold as it is (a line break or a control character)"
	case where == "in string escape code":
		return "a piece of text holds a backslash before " + q + ", which is no escape"
	case strings.HasPrefix(where, `in \u hexadecimal character escape`):
		return `a piece of text holds a \u escape with ` + q + ", which is not a hexadecimal digit"
	case where == "in numeric literal":
		return q + " in the middle of a number"
	case strings.HasPrefix(where, "in literal "):
		return q + " in the middle of a word written without quotes (only “true”, “false” and “null” are)"
	case strings.HasPrefix(where, "after "), strings.HasPrefix(where, "looking for "):
		return q + " out of place"
	}
	return q + " out of place"
}

// CharWords names a character a refusal points at: the marks of a
// file's structure by their names ("a closing brace"), any other quoted.
func CharWords(c string) string {
	switch c {
	case "{":
		return "an opening brace"
	case "}":
		return "a closing brace"
	case "[":
		return "an opening bracket"
	case "]":
		return "a closing bracket"
	case ":":
		return "a colon"
	case ",":
		return "a comma"
	case `"`:
		return "a double quote"
	}
	return "“" + c + "”"
}

func unquoteChar(c string) (string, error) {
	var s string
	err := json.Unmarshal([]byte(`"`+strings.ReplaceAll(c, `\'`, `'`)+`"`), &s)
	return s, err
}

// objectFields reads data as a JSON object: its fields and their names in
// order, so the first wrong field found is the same on every run.
func objectFields(data []byte) (map[string]json.RawMessage, []string, bool) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(data, &fields) != nil {
		return nil, nil, false
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return fields, keys, true
}
