package phantom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// A FieldForm is a form for one piece of content, built from a blank of
// its JSON: a text entry for each word field, a number entry for each
// number, a check for each yes/no, and a small JSON entry for lists and
// nested parts (a card's actions, a class card's rows). Values reads it
// back as JSON in the blank's field order, saying which field is wrong.
type FieldForm struct {
	Fields []*Field
	box    *fyne.Container
}

// A Field is one line of a FieldForm.
type Field struct {
	Key   string
	Kind  string // "text", "number", "check", "json"
	Entry *widget.Entry
	Check *widget.Check
}

// NewFieldForm makes an empty form; Show fills it.
func NewFieldForm() *FieldForm { return &FieldForm{box: container.NewVBox()} }

// Object is the form.
func (f *FieldForm) Object() fyne.CanvasObject { return f.box }

type pair struct {
	key string
	raw json.RawMessage
}

// objectPairs reads a JSON object's fields in order.
func objectPairs(data []byte) ([]pair, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	t, err := dec.Token()
	if err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	var out []pair
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := kt.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		out = append(out, pair{k, raw})
	}
	return out, nil
}

// Show lays out the fields of blank, filled with the values of existing
// where it has them (existing may be nil).
func (f *FieldForm) Show(blank, existing []byte) error {
	fields, err := objectPairs(blank)
	if err != nil {
		return err
	}
	if existing != nil {
		have, err := objectPairs(existing)
		if err != nil {
			return err
		}
		idx := map[string]int{}
		for i, p := range fields {
			idx[p.key] = i
		}
		for _, p := range have {
			if i, ok := idx[p.key]; ok {
				fields[i].raw = p.raw
			} else {
				fields = append(fields, p)
			}
		}
	}
	f.Fields = nil
	items := []*widget.FormItem{}
	for _, p := range fields {
		fd := &Field{Key: p.key}
		v := bytes.TrimSpace(p.raw)
		switch {
		case len(v) > 0 && (v[0] == 't' || v[0] == 'f'):
			fd.Kind = "check"
			fd.Check = widget.NewCheck("", nil)
			fd.Check.SetChecked(v[0] == 't')
			items = append(items, widget.NewFormItem(words(p.key), fd.Check))
		case len(v) > 0 && v[0] == '"':
			fd.Kind = "text"
			fd.Entry = widget.NewEntry()
			var s string
			_ = json.Unmarshal(v, &s)
			fd.Entry.SetText(s)
			items = append(items, widget.NewFormItem(words(p.key), fd.Entry))
		case len(v) > 0 && (v[0] == '[' || v[0] == '{'):
			fd.Kind = "json"
			fd.Entry = widget.NewMultiLineEntry()
			fd.Entry.Wrapping = fyne.TextWrapWord
			fd.Entry.SetText(string(v))
			items = append(items, widget.NewFormItem(words(p.key), fd.Entry))
		default:
			fd.Kind = "number"
			fd.Entry = widget.NewEntry()
			if string(v) != "null" {
				fd.Entry.SetText(string(v))
			}
			items = append(items, widget.NewFormItem(words(p.key), fd.Entry))
		}
		f.Fields = append(f.Fields, fd)
	}
	f.box.Objects = []fyne.CanvasObject{widget.NewForm(items...)}
	f.box.Refresh()
	return nil
}

// Field finds a field by its key.
func (f *FieldForm) Field(key string) *Field {
	for _, fd := range f.Fields {
		if fd.Key == key {
			return fd
		}
	}
	return nil
}

// Values is the form as JSON, or which field is not right.
func (f *FieldForm) Values() (json.RawMessage, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, fd := range f.Fields {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(fd.Key)
		b.Write(k)
		b.WriteByte(':')
		switch fd.Kind {
		case "check":
			b.WriteString(strconv.FormatBool(fd.Check.Checked))
		case "text":
			v, _ := json.Marshal(strings.TrimSpace(fd.Entry.Text))
			b.Write(v)
		case "number":
			t := strings.TrimSpace(fd.Entry.Text)
			if t == "" {
				t = "0"
			}
			if _, err := strconv.Atoi(t); err != nil {
				return nil, fmt.Errorf("%s: %q is not a whole number", words(fd.Key), fd.Entry.Text)
			}
			b.WriteString(t)
		case "json":
			t := strings.TrimSpace(fd.Entry.Text)
			if t == "" {
				t = "null"
			}
			if !json.Valid([]byte(t)) {
				return nil, fmt.Errorf("%s: this is not written right (a list in [ ], parts in { } with \"names\" in quotes)", words(fd.Key))
			}
			b.WriteString(t)
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// words turns a field's key into a label ("baseRange" → "Base range",
// "maxHp" → "Max HP").
func words(key string) string {
	parts := strings.Fields(splitCamel(key))
	for i, p := range parts {
		switch p {
		case "hp", "ap", "sp", "x":
			parts[i] = strings.ToUpper(p)
		}
	}
	out := strings.Join(parts, " ")
	if out == "" {
		return out
	}
	return strings.ToUpper(out[:1]) + out[1:]
}

func splitCamel(key string) string {
	var b strings.Builder
	for i, r := range key {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte(' ')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
