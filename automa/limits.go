package automa

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"unicode/utf8"
)

// Limits bound a decoded situation file: how many entries a list or map
// may hold, how long a string may be, how large a whole number, by
// default and per field. A game sets them far beyond any real table, so
// they bound the work one resolve can cost without refusing a real
// situation; a file beyond them is refused naming the field, e.g.
// `state.units: 201 listed; at most 200`.
type Limits struct {
	List   int // entries of a list or map
	Text   int // characters of a string
	Number int // magnitude of a whole number
	// Fields overrides the defaults by path: JSON names joined by dots,
	// with [] for any entry of a list or map ("map.sightLines[]" is one
	// sight line; "state.rooms" the map of rooms). A negative value lifts
	// the limit (a seed).
	Fields map[string]int
}

// Check walks v (a pointer to a decoded situation) and returns every field
// beyond the limits, at most a dozen, in one error.
func (l Limits) Check(v any) error {
	c := &limitCheck{l: l}
	c.walk(reflect.ValueOf(v), "")
	if len(c.errs) == 0 {
		return nil
	}
	sort.Strings(c.errs)
	if len(c.errs) > 12 {
		c.errs = append(c.errs[:12], fmt.Sprintf("and %d more", len(c.errs)-12))
	}
	return fmt.Errorf("%s", strings.Join(c.errs, "; "))
}

type limitCheck struct {
	l    Limits
	errs []string
}

func (c *limitCheck) limit(path string, def int) int {
	if v, ok := c.l.Fields[path]; ok {
		return v
	}
	return def
}

// shown is a path as a player reads it: "" is the file itself.
func shown(path string) string {
	if path == "" {
		return "the file"
	}
	return path
}

var rawMessage = reflect.TypeOf(json.RawMessage(nil))

func (c *limitCheck) walk(v reflect.Value, path string) {
	if len(c.errs) > 12 {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			c.walk(v.Elem(), path)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() && !f.Anonymous {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			p := path
			if f.Anonymous && name == "" {
				c.walk(v.Field(i), p) // an embedded struct's fields are its own
				continue
			}
			if name == "" {
				name = f.Name
			}
			if p != "" {
				p += "."
			}
			c.walk(v.Field(i), p+name)
		}
	case reflect.Slice, reflect.Array, reflect.Map:
		if v.Type() == rawMessage {
			return // bounded by the file, checked by its own parser
		}
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return
		}
		if max := c.limit(path, c.l.List); max >= 0 && v.Len() > max && v.Kind() != reflect.Array {
			c.errs = append(c.errs, fmt.Sprintf("%s: %d listed; at most %d", shown(path), v.Len(), max))
			return
		}
		if v.Kind() == reflect.Map {
			it := v.MapRange()
			for it.Next() {
				c.walk(it.Key(), path+"{}")
				c.walk(it.Value(), path+"[]")
			}
			return
		}
		for i := 0; i < v.Len(); i++ {
			c.walk(v.Index(i), path+"[]")
		}
	case reflect.String:
		if max := c.limit(path, c.l.Text); max >= 0 {
			if n := utf8.RuneCountInString(v.String()); n > max {
				c.errs = append(c.errs, fmt.Sprintf("%s: %d characters; at most %d", shown(path), n, max))
			}
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if max := c.limit(path, c.l.Number); max >= 0 {
			if n := v.Int(); n > int64(max) || n < -int64(max) {
				c.errs = append(c.errs, fmt.Sprintf("%s: %d is beyond ±%d, more than any table", shown(path), n, max))
			}
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if max := c.limit(path, c.l.Number); max >= 0 {
			if n := v.Uint(); n > uint64(max) {
				c.errs = append(c.errs, fmt.Sprintf("%s: %d is beyond %d, more than any table", shown(path), n, max))
			}
		}
	}
}
