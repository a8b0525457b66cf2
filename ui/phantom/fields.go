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

	ap "tablekeeper/automa/phantom"
)

// A FieldForm is a form for one piece of content, built from a blank of
// its JSON: a text entry for each word field, a number entry for each
// number, a check for each yes/no, a comma-separated entry for lists of
// words or numbers, a few lines in the action notation (ParseActions) for
// a card's actions, and the parts of nested parts (a class card's four
// rows, a boss's three actions) one after the other. Whatever has no
// simpler form (a round effect, a board's attachment slots) is a small
// JSON entry. Values reads it back as JSON in the blank's order, saying
// which field is wrong.
type FieldForm struct {
	Fields []*Field
	root   *node
	box    *fyne.Container
}

// A Field is one line of a FieldForm; Key is its path ("card.rows.2.ap").
type Field struct {
	Key   string
	Kind  string // "text", "number", "check", "json", "words", "numbers", "actions"
	Entry *widget.Entry
	Check *widget.Check
}

// node is a JSON value with its object keys in order.
type node struct {
	kind  byte // '{', '[', '"', 'n' (number), 'b' (bool), '0' (null)
	keys  []string
	kids  []*node
	raw   json.RawMessage
	field *Field
	// hint is a blank array's first element, the type of its elements;
	// fixed marks a blank array of two or more parts (a class card's
	// rows), entered part by part.
	hint  *node
	fixed bool
}

func parseNode(data []byte) (*node, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return nil, fmt.Errorf("empty")
	}
	n := &node{raw: data}
	switch data[0] {
	case '{':
		n.kind = '{'
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if _, err := dec.Token(); err != nil {
			return nil, err
		}
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
			kid, err := parseNode(raw)
			if err != nil {
				return nil, err
			}
			n.keys = append(n.keys, k)
			n.kids = append(n.kids, kid)
		}
		if _, err := dec.Token(); err != nil {
			return nil, err
		}
		if dec.More() {
			return nil, fmt.Errorf("text after the object")
		}
	case '[':
		n.kind = '['
		var items []json.RawMessage
		if err := json.Unmarshal(data, &items); err != nil {
			return nil, err
		}
		for _, it := range items {
			kid, err := parseNode(it)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, kid)
		}
	case '"':
		n.kind = '"'
	case 't', 'f':
		n.kind = 'b'
	case 'n':
		n.kind = '0'
	default:
		n.kind = 'n'
	}
	if !json.Valid(data) {
		return nil, fmt.Errorf("not valid JSON")
	}
	return n, nil
}

// merge puts the values of have into the blank's shape: objects by key
// (keys the blank lacks are kept at the end), arrays wholly replaced.
func merge(blank, have *node) *node {
	if have == nil {
		return blank
	}
	if blank.kind == '{' && have.kind == '{' {
		out := &node{kind: '{'}
		idx := map[string]int{}
		for i, k := range have.keys {
			idx[k] = i
		}
		used := map[string]bool{}
		for i, k := range blank.keys {
			out.keys = append(out.keys, k)
			if j, ok := idx[k]; ok {
				out.kids = append(out.kids, merge(blank.kids[i], have.kids[j]))
				used[k] = true
			} else {
				out.kids = append(out.kids, blank.kids[i])
			}
		}
		for i, k := range have.keys {
			if !used[k] {
				out.keys = append(out.keys, k)
				out.kids = append(out.kids, have.kids[i])
			}
		}
		return out
	}
	if blank.kind == '[' && have.kind == '[' {
		out := &node{kind: '[', raw: have.raw, hint: blank.hint, fixed: blank.fixed}
		for i, k := range have.kids {
			switch {
			case blank.fixed && i < len(blank.kids):
				out.kids = append(out.kids, merge(blank.kids[i], k))
			case blank.hint != nil:
				out.kids = append(out.kids, merge(blank.hint, k))
			default:
				out.kids = append(out.kids, k)
			}
		}
		return out
	}
	return have
}

// NewFieldForm makes an empty form; Show fills it.
func NewFieldForm() *FieldForm { return &FieldForm{box: container.NewVBox()} }

// Object is the form.
func (f *FieldForm) Object() fyne.CanvasObject { return f.box }

// Show lays out the fields of blank, filled with the values of existing
// where it has them (existing may be nil).
func (f *FieldForm) Show(blank, existing []byte) error {
	b, err := parseNode(blank)
	if err != nil || b.kind != '{' {
		return fmt.Errorf("the blank is not a JSON object")
	}
	markHints(b)
	root := b
	if existing != nil {
		h, err := parseNode(existing)
		if err != nil || h.kind != '{' {
			return fmt.Errorf("the stored content is not a JSON object")
		}
		root = merge(b, h)
	}
	f.root = root
	f.Fields = nil
	var items []*widget.FormItem
	f.layout(root, "", &items)
	f.box.Objects = []fyne.CanvasObject{widget.NewForm(items...)}
	f.box.Refresh()
	return nil
}

// markHints remembers each blank array's first element as its type.
func markHints(n *node) {
	if n.kind == '[' && len(n.kids) > 0 {
		n.hint = n.kids[0]
		n.fixed = len(n.kids) >= 2 && n.kids[0].kind == '{'
	}
	for _, k := range n.kids {
		markHints(k)
	}
}

// arrayKind says how an array is entered, from its type hint.
func arrayKind(n *node) string {
	h := n.hint
	if h == nil && len(n.kids) > 0 {
		h = n.kids[0]
	}
	switch {
	case h == nil:
		return "json"
	case h.kind == '"':
		return "words"
	case h.kind == 'n':
		return "numbers"
	case h.kind == '{':
		for _, k := range h.keys {
			if k == "kind" {
				return "actions"
			}
		}
		if n.fixed {
			return "group"
		}
	}
	return "json"
}

func (f *FieldForm) add(items *[]*widget.FormItem, n *node, key, kind string) {
	fd := &Field{Key: key, Kind: kind}
	n.field = fd
	label := words(lastPart(key))
	switch kind {
	case "check":
		fd.Check = widget.NewCheck("", nil)
		fd.Check.SetChecked(bytes.HasPrefix(n.raw, []byte("t")))
		*items = append(*items, widget.NewFormItem(label, fd.Check))
		f.Fields = append(f.Fields, fd)
		return
	case "actions", "json":
		fd.Entry = widget.NewMultiLineEntry()
		fd.Entry.Wrapping = fyne.TextWrapWord
		fd.Entry.SetMinRowsVisible(3)
	default:
		fd.Entry = widget.NewEntry()
	}
	switch kind {
	case "text":
		var s string
		_ = json.Unmarshal(n.raw, &s)
		fd.Entry.SetText(s)
	case "number":
		fd.Entry.SetText(string(n.raw))
	case "words", "numbers":
		var parts []string
		for _, k := range n.kids {
			if k.kind == '"' {
				var s string
				_ = json.Unmarshal(k.raw, &s)
				parts = append(parts, s)
			} else if string(k.raw) != "0" { // a blank's type hint, never a real entry
				parts = append(parts, string(k.raw))
			}
		}
		fd.Entry.SetText(strings.Join(nonEmpty(parts), ", "))
		fd.Entry.SetPlaceHolder("comma separated")
	case "actions":
		var as []ap.Action
		_ = json.Unmarshal(n.raw, &as)
		fd.Entry.SetText(FormatActions(as))
		fd.Entry.SetPlaceHolder("one action a line, e.g. Move 3 / Attack +1 (Range 5, inflict Burning)")
	case "json":
		fd.Entry.SetText(string(n.raw))
	}
	*items = append(*items, widget.NewFormItem(label, fd.Entry))
	f.Fields = append(f.Fields, fd)
}

func nonEmpty(l []string) []string {
	var out []string
	for _, s := range l {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func lastPart(key string) string {
	if i := strings.LastIndex(key, "."); i >= 0 {
		return key[i+1:]
	}
	return key
}

func (f *FieldForm) layout(n *node, prefix string, items *[]*widget.FormItem) {
	for i, k := range n.keys {
		kid := n.kids[i]
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		switch kid.kind {
		case '{':
			*items = append(*items, widget.NewFormItem("", bold(words(k))))
			f.layout(kid, key, items)
		case '[':
			switch ak := arrayKind(kid); ak {
			case "group":
				for j, el := range kid.kids {
					*items = append(*items, widget.NewFormItem("", bold(fmt.Sprintf("%s %d", strings.TrimSuffix(words(k), "s"), j+1))))
					f.layout(el, fmt.Sprintf("%s.%d", key, j), items)
				}
			default:
				f.add(items, kid, key, ak)
			}
		case '"':
			f.add(items, kid, key, "text")
		case 'b':
			f.add(items, kid, key, "check")
		case 'n':
			f.add(items, kid, key, "number")
		default:
			f.add(items, kid, key, "json")
		}
	}
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
	if f.root == nil {
		return nil, fmt.Errorf("nothing to save: choose what to enter")
	}
	var b bytes.Buffer
	if err := f.write(&b, f.root); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func (f *FieldForm) write(b *bytes.Buffer, n *node) error {
	if fd := n.field; fd != nil {
		return fd.write(b)
	}
	switch n.kind {
	case '{':
		b.WriteByte('{')
		for i, k := range n.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			kb, _ := json.Marshal(k)
			b.Write(kb)
			b.WriteByte(':')
			if err := f.write(b, n.kids[i]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case '[':
		b.WriteByte('[')
		for i, k := range n.kids {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := f.write(b, k); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	default:
		b.Write(n.raw)
	}
	return nil
}

func (fd *Field) write(b *bytes.Buffer) error {
	name := words(lastPart(fd.Key))
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
			return fmt.Errorf("%s: %q is not a whole number", name, fd.Entry.Text)
		}
		b.WriteString(t)
	case "words", "numbers":
		var out []any
		for _, p := range strings.Split(fd.Entry.Text, ",") {
			p = strings.TrimSpace(p)
			if p == "" {
				continue
			}
			if fd.Kind == "numbers" {
				n, err := strconv.Atoi(p)
				if err != nil {
					return fmt.Errorf("%s: %q is not a whole number", name, p)
				}
				out = append(out, n)
			} else {
				out = append(out, p)
			}
		}
		if out == nil {
			out = []any{}
		}
		v, _ := json.Marshal(out)
		b.Write(v)
	case "actions":
		as, err := ParseActions(fd.Entry.Text)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		if as == nil {
			as = []ap.Action{}
		}
		v, _ := json.Marshal(as)
		b.Write(v)
	case "json":
		t := strings.TrimSpace(fd.Entry.Text)
		if t == "" {
			t = "null"
		}
		if !json.Valid([]byte(t)) {
			return fmt.Errorf("%s: this is not written right (a list in [ ], parts in { } with \"names\" in quotes)", name)
		}
		b.WriteString(t)
	}
	return nil
}

// objectPairs reads a JSON object's fields in order.
func objectPairs(data []byte) ([]string, error) {
	n, err := parseNode(data)
	if err != nil || n.kind != '{' {
		return nil, fmt.Errorf("not a JSON object")
	}
	return n.keys, nil
}

// words turns a field's key into a label ("baseRange" → "Base range",
// "maxHp" → "Max HP").
func words(key string) string {
	parts := strings.Fields(splitCamel(key))
	for i, p := range parts {
		switch p {
		case "hp", "ap", "sp":
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
