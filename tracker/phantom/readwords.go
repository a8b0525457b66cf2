package phantom

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Why a content file does not read, in words. encoding/json says
// `cannot unmarshal array into Go value of type phantom.contentFile` or
// `json: unknown field "meps"`: the program's types, and no word of where.
// unreadable walks the file's JSON beside the type it is read into and
// says which field is wrong and how, as a group editing its file would
// say it: `card, row 2, AP: should be a whole number, not text ("x")`.

// unreadable says where data does not fit t and what is wrong, in words;
// "" when it fits (the decoder's own error is then said by decodeProblem).
// top names the whole ("the file", "the card") for a problem at its top.
// kind names what the whole is ("a content file") where it lacks a field.
func unreadable(data []byte, t reflect.Type, top, kind string) (field, why string) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", syntaxWords(err, data)
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", "there is more after the end of its content: the file is damaged or two files were joined"
	}
	return fitter{top, kind}.walk(v, t, nil)
}

// fitter walks a value beside its type; top and kind name the whole.
type fitter struct{ top, kind string }

var unmarshaler = reflect.TypeFor[json.Unmarshaler]()

// walk finds the first place v does not fit t.
func (w fitter) walk(v any, t reflect.Type, path []string) (string, string) {
	for t.Kind() == reflect.Pointer {
		if v == nil {
			return "", ""
		}
		t = t.Elem()
	}
	if v == nil {
		return "", "" // null leaves the zero value, as encoding/json does
	}
	if reflect.PointerTo(t).Implements(unmarshaler) || t.Implements(unmarshaler) {
		// A type that reads itself (a raw piece, a map): its own reader
		// says what is wrong with it.
		b, _ := json.Marshal(v)
		if err := json.Unmarshal(b, reflect.New(t).Interface()); err != nil {
			return fieldOf(path), w.at(path) + strings.TrimPrefix(err.Error(), "json: ")
		}
		return "", ""
	}
	wrong := func() (string, string) {
		return fieldOf(path), fmt.Sprintf("%sshould be %s, not %s", w.at(path), kindWords(t), valueWords(v))
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return wrong()
		}
		fields := jsonFields(t)
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			f, ok := fieldNamed(fields, k)
			if !ok {
				return fieldOf(append(path, k)), fmt.Sprintf("%shas a field %q, which %s does not have (%s: %s)",
					w.at(path), k, w.what(path), fieldsWord(len(fields)), namesWords(fields))
			}
			if fld, why := w.walk(obj[k], f.typ, append(path, f.name)); why != "" {
				return fld, why
			}
		}
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return wrong()
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if fld, why := w.walk(obj[k], t.Elem(), append(path, k)); why != "" {
				return fld, why
			}
		}
	case reflect.Slice, reflect.Array:
		list, ok := v.([]any)
		if !ok {
			return wrong()
		}
		for i, x := range list {
			if fld, why := w.walk(x, t.Elem(), append(path, strconv.Itoa(i))); why != "" {
				return fld, why
			}
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			return wrong()
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return wrong()
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := v.(json.Number)
		if !ok {
			return wrong()
		}
		i, err := strconv.ParseInt(n.String(), 10, 64)
		unsigned := t.Kind() >= reflect.Uint
		switch {
		case err != nil && strings.ContainsAny(n.String(), ".eE"):
			return fieldOf(path), fmt.Sprintf("%sshould be a whole number, not %s", w.at(path), n)
		case err != nil:
			return fieldOf(path), fmt.Sprintf("%sis a number far too large", w.at(path))
		case unsigned && i < 0:
			return fieldOf(path), fmt.Sprintf("%sis %d: it cannot be below 0", w.at(path), i)
		case !unsigned && reflect.Zero(t).OverflowInt(i), unsigned && reflect.Zero(t).OverflowUint(uint64(i)):
			return fieldOf(path), fmt.Sprintf("%sis a number far too large", w.at(path))
		}
	case reflect.Float32, reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			return wrong()
		}
		if f, err := n.Float64(); err != nil || math.IsInf(f, 0) {
			return fieldOf(path), fmt.Sprintf("%sis a number far too large", w.at(path))
		}
	}
	return "", ""
}

type jsonField struct {
	name string
	typ  reflect.Type
}

// jsonFields are the fields encoding/json reads into t, by their names in
// the file (embedded structs' fields included).
func jsonFields(t reflect.Type) []jsonField {
	var out []jsonField
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				out = append(out, jsonFields(ft)...)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, jsonField{name, f.Type})
	}
	return out
}

// fieldNamed finds a key's field as encoding/json does: its exact name,
// else one that differs only in case.
func fieldNamed(fields []jsonField, key string) (jsonField, bool) {
	for _, f := range fields {
		if f.name == key {
			return f, true
		}
	}
	for _, f := range fields {
		if strings.EqualFold(f.name, key) {
			return f, true
		}
	}
	return jsonField{}, false
}

func fieldsWord(n int) string {
	if n == 1 {
		return "its one field"
	}
	return "its fields"
}

// namesWords lists fields in words: "format, version, title and entries".
func namesWords(fields []jsonField) string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = keyWords(f.name)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// fieldOf is a path as a Problem's Field: "card.rows.1.ap".
func fieldOf(path []string) string { return strings.Join(path, ".") }

// at says where a path is, as the start of a sentence ("card, row 2, AP:
// "), or names the whole at its top ("the file ").
func (w fitter) at(path []string) string {
	if len(path) == 0 {
		return w.top + " "
	}
	return pathWords(path) + ": "
}

// what names what holds the fields at path.
func (w fitter) what(path []string) string {
	if len(path) == 0 {
		return w.kind
	}
	return "this part"
}

// pathWords is a path in words: keys as words ("decisionDie" → "decision
// die", "hp" → "HP"), a list's places counted from 1 and named by the
// list ("rows", 1 → "row 2").
func pathWords(path []string) string {
	var out []string
	for i, p := range path {
		n, err := strconv.Atoi(p)
		if err != nil {
			out = append(out, keyWords(p))
			continue
		}
		noun := "item"
		if i > 0 {
			if _, prevNum := strconv.Atoi(path[i-1]); prevNum != nil {
				if one := singular(keyWords(path[i-1])); one != keyWords(path[i-1]) {
					noun = one
					out = out[:len(out)-1] // "rows, row 2" says it twice
				}
			}
		}
		out = append(out, fmt.Sprintf("%s %d", noun, n+1))
	}
	return strings.Join(out, ", ")
}

// singular of a list's name in words: "rows" → "row", "entries" →
// "piece" (a content file's entries are its pieces), "dice" → "die".
func singular(s string) string {
	switch s {
	case "entries":
		return "piece"
	case "dice":
		return "die"
	}
	switch {
	case strings.HasSuffix(s, "ies"):
		return strings.TrimSuffix(s, "ies") + "y"
	case strings.HasSuffix(s, "ss"):
		return s
	case strings.HasSuffix(s, "s"):
		return strings.TrimSuffix(s, "s")
	}
	return s
}

// acronyms are keys players write in capitals.
var acronyms = map[string]string{"hp": "HP", "ap": "AP", "mp": "MP", "sp": "SP", "id": "name or number", "los": "line of sight"}

// keyWords writes a file's key as words: "decisionDie" → "decision die",
// "maxHP" → "max HP".
func keyWords(key string) string {
	if w, ok := acronyms[strings.ToLower(key)]; ok {
		return w
	}
	var words []string
	var cur []rune
	rs := []rune(key)
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) && (unicode.IsLower(rs[i-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
			words = append(words, string(cur))
			cur = nil
		}
		if r == '_' || r == '-' {
			words = append(words, string(cur))
			cur = nil
			continue
		}
		cur = append(cur, r)
	}
	words = append(words, string(cur))
	for i, w := range words {
		if a, ok := acronyms[strings.ToLower(w)]; ok {
			words[i] = a
		} else if strings.ToUpper(w) != w || len(w) == 1 {
			words[i] = strings.ToLower(w)
		}
	}
	return strings.Join(words, " ")
}

// kindWords is what a Go type holds, as a file's reader would say it.
func kindWords(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "a group of named fields"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.String:
		return "text in quotes"
	case reflect.Bool:
		return "yes or no"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "something else"
}

// valueWords says what a value in the file is: `text ("7")`, "a list".
func valueWords(v any) string {
	switch x := v.(type) {
	case map[string]any:
		return "a group of named fields"
	case []any:
		return "a list"
	case string:
		if len(x) > 30 {
			x = x[:27] + "..."
		}
		if x == "" {
			return "empty text"
		}
		return fmt.Sprintf("text (%q)", x)
	case bool:
		return "yes or no"
	case json.Number:
		return "the number " + x.String()
	}
	return "something else"
}

// syntaxWords says where a file stops being JSON.
func syntaxWords(err error, data []byte) string {
	if errors.Is(err, io.EOF) {
		return "the file is empty"
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "the file ends too early: it was cut short"
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off := min(max(int(se.Offset)-1, 0), len(data))
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		return fmt.Sprintf("the file is damaged or was edited by hand: it stops being readable on line %d", line)
	}
	return "the file cannot be read"
}
