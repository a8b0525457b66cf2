package content

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Decode reads JSON into v strictly (unknown fields are refused, so a
// misspelt field name is caught) and turns decoding errors into messages
// that say where in the file the problem is. what names the file's kind
// ("situation", "content file") for the message.
func Decode(data []byte, v any, what string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %s", what, describe(data, err))
	}
	if dec.More() {
		return fmt.Errorf("%s: there is more text after the end of the JSON object", what)
	}
	var extra any
	if err := dec.Decode(&extra); err == nil {
		return fmt.Errorf("%s: there is more text after the end of the JSON object", what)
	}
	return nil
}

func describe(data []byte, err error) string {
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
		return fmt.Sprintf("line %d, column %d: %s should be %s, not a JSON %s", line, col, field, kindName(typ.Type.Kind().String()), typ.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the file is empty or cut short"
	}
	return err.Error()
}

func kindName(k string) string {
	switch k {
	case "int", "int64", "int32":
		return "a whole number"
	case "string":
		return "text"
	case "bool":
		return "true or false"
	case "slice":
		return "a list"
	case "map", "struct":
		return "an object"
	case "ptr":
		return "a value"
	}
	return k
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
