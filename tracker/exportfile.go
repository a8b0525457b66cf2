package tracker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"hash/crc64"
	"io"
	"reflect"
)

// exportFile reads an export file in place, through an io.ReaderAt, so an
// import never holds the whole file or its whole log in memory: the top
// level is scanned once for where each field's value lies, then the events
// are decoded one at a time, as often as needed (the check, then the
// writing), and single events again by their offset (undo, redo).
type exportFile struct {
	r    io.ReaderAt
	size int64
	// fields maps each top-level key to its value's byte range.
	fields map[string][2]int64
	// unknown is the first top-level key the format does not have.
	unknown string
	// starts holds each event's offset, recorded by the first pass; an
	// offset points at the event or at the comma and spaces before it.
	starts []uint32
	// sum is a checksum of the events as the first pass read them, so a
	// later pass can tell that the file changed in between.
	sum uint64
}

// errTooLarge is what a fence returns past its limit.
var errTooLarge = errors.New("too large")

// fence reads r from off up to size, and refuses to read past limit: a
// json.Decoder buffers a whole value before it returns it, so without a
// fence one 200 MB string would be read into memory before any limit could
// be checked.
type fence struct {
	r                 io.ReaderAt
	off, size, limit  int64
	sum               hash.Hash64
	sumFrom, sumUntil int64
}

func (f *fence) Read(p []byte) (int, error) {
	if f.off >= f.size {
		return 0, io.EOF
	}
	end := min(f.size, f.limit)
	if f.off >= end {
		return 0, errTooLarge
	}
	if int64(len(p)) > end-f.off {
		p = p[:end-f.off]
	}
	n, err := f.r.ReadAt(p, f.off)
	if f.sum != nil && n > 0 {
		lo, hi := max(f.off, f.sumFrom), min(f.off+int64(n), f.sumUntil)
		if lo < hi {
			f.sum.Write(p[lo-f.off : hi-f.off])
		}
	}
	f.off += int64(n)
	if err == io.EOF && n > 0 {
		err = nil
	}
	return n, err
}

// syntaxError is a JSON mistake found by the scanner, at a byte offset.
type syntaxError struct {
	off int64
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

// scanner walks the top level of the file byte by byte, without decoding
// values: it only finds where each one starts and ends.
type scanner struct {
	br  *bufio.Reader
	off int64
}

func (s *scanner) next() (byte, error) {
	b, err := s.br.ReadByte()
	if err == nil {
		s.off++
	}
	return b, err
}

// fail is a mistake at the byte just read.
func (s *scanner) fail(format string, args ...any) error {
	return &syntaxError{off: max(s.off-1, 0), msg: fmt.Sprintf(format, args...)}
}

// skipSpace returns the first byte that is not white space.
func (s *scanner) skipSpace() (byte, error) {
	for {
		b, err := s.next()
		if err != nil {
			return 0, err
		}
		if b != ' ' && b != '\t' && b != '\n' && b != '\r' {
			return b, nil
		}
	}
}

// str reads a string whose opening quote was just read, keeping at most
// keep bytes of it.
func (s *scanner) str(keep int) ([]byte, error) {
	out := []byte{'"'}
	for {
		b, err := s.next()
		if err != nil {
			return nil, s.fail("a piece of text in double quotes is never closed: the file is cut short")
		}
		if b < 0x20 {
			return nil, s.fail("a piece of text holds a character it cannot hold as it is (a line break or a control character)")
		}
		if len(out) < keep {
			out = append(out, b)
		}
		switch b {
		case '"':
			return out, nil
		case '\\':
			e, err := s.next()
			if err != nil {
				return nil, s.fail("a piece of text in double quotes is never closed: the file is cut short")
			}
			if len(out) < keep {
				out = append(out, e)
			}
		}
	}
}

// value skips one value whose first byte, b, was just read.
func (s *scanner) value(b byte) error {
	switch b {
	case '"':
		_, err := s.str(0)
		return err
	case '{', '[':
		depth := 1
		for depth > 0 {
			c, err := s.next()
			if err != nil {
				return s.fail("it ends inside %s: the file is cut short", map[byte]string{'{': "a set of fields", '[': "a list"}[b])
			}
			switch c {
			case '"':
				if _, err := s.str(0); err != nil {
					return err
				}
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
		}
		return nil
	}
	// A number, true, false or null: up to the next delimiter.
	if !(b == '-' || b >= '0' && b <= '9' || b == 't' || b == 'f' || b == 'n') {
		return s.fail("%s where a value should begin (a number, a piece of text in double quotes, a list or a set of fields)", CharWords(string(rune(b))))
	}
	for {
		c, err := s.br.Peek(1)
		if err != nil || c[0] == ',' || c[0] == '}' || c[0] == ']' || c[0] == ' ' || c[0] == '\n' || c[0] == '\t' || c[0] == '\r' {
			return nil
		}
		s.next()
	}
}

// known top-level fields of the export format.
var exportFields = map[string]bool{"format": true, "version": true, "exported": true, "campaign": true, "events": true}

// scanExport finds the byte range of every top-level field.
func scanExport(r io.ReaderAt, size int64) (*exportFile, error) {
	x := &exportFile{r: r, size: size, fields: map[string][2]int64{}}
	s := &scanner{br: bufio.NewReaderSize(&fence{r: r, size: size, limit: size}, 64<<10)}
	b, err := s.skipSpace()
	if err != nil {
		return nil, s.fail("the file is empty")
	}
	if b != '{' {
		return nil, s.fail("%s where a campaign file begins with its opening brace", CharWords(string(rune(b))))
	}
	for first := true; ; first = false {
		b, err := s.skipSpace()
		if err != nil {
			return nil, s.fail("it ends too soon: the file is cut short")
		}
		if b == '}' && first {
			break
		}
		if b != '"' {
			return nil, s.fail("%s where a field's name in double quotes should begin", CharWords(string(rune(b))))
		}
		raw, err := s.str(256)
		if err != nil {
			return nil, err
		}
		var key string
		if json.Unmarshal(raw, &key) != nil {
			key = string(raw)
		}
		if b, err = s.skipSpace(); err != nil || b != ':' {
			return nil, s.fail("a colon should follow the field's name “%s”", short(key))
		}
		if b, err = s.skipSpace(); err != nil {
			return nil, s.fail("it ends too soon: the file is cut short")
		}
		start := s.off - 1
		if err := s.value(b); err != nil {
			return nil, err
		}
		if _, dup := x.fields[key]; dup {
			return nil, s.fail("the field “%s” is there twice", short(key))
		}
		x.fields[key] = [2]int64{start, s.off}
		if !exportFields[key] && x.unknown == "" {
			x.unknown = key
		}
		b, err = s.skipSpace()
		if err != nil {
			return nil, s.fail("it ends too soon: the file is cut short")
		}
		if b == '}' {
			break
		}
		if b != ',' {
			return nil, s.fail("%s where a comma should come before the next field, or the fields should end", CharWords(string(rune(b))))
		}
	}
	if _, err := s.skipSpace(); err == nil {
		return nil, &syntaxError{off: s.off - 1, msg: "there is more after the campaign's closing brace"}
	}
	return x, nil
}

// field decodes a small top-level field into v; ok is false when the file
// does not have it.
func (x *exportFile) field(key string, v any, strict bool) (ok bool, err error) {
	at, ok := x.fields[key]
	if !ok {
		return false, nil
	}
	if at[1]-at[0] > MaxEventSize {
		return true, &FieldError{Field: key, What: fmt.Sprintf("it is larger than %d KB, more than any campaign file holds there", MaxEventSize>>10)}
	}
	buf := make([]byte, at[1]-at[0])
	if _, err := x.r.ReadAt(buf, at[0]); err != nil && !errors.Is(err, io.EOF) {
		return true, err
	}
	dec := json.NewDecoder(bytes.NewReader(buf))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return true, x.decodeError(key, buf, reflect.TypeOf(v), err, at[0])
	}
	return true, nil
}

// decodeError says in words what a JSON error in the field at path is
// (JSONWords; JSONWordsIn when the field's bytes, data, and the type read
// are known), and where it is, in line and column.
func (x *exportFile) decodeError(path string, data []byte, t reflect.Type, err error, base int64) error {
	field, what := JSONWords(path, err)
	if data != nil {
		field, what = JSONWordsIn(path, data, t, err)
	}
	if off, ok := jsonOffset(err); ok {
		what += " (" + x.lineCol(base+off) + ")"
	}
	return &FieldError{Field: field, What: what}
}

// lineCol turns a byte offset into a line and column, reading the file up
// to it.
func (x *exportFile) lineCol(off int64) string {
	off = min(max(off, 0), x.size)
	line, col := 1, 1
	br := bufio.NewReader(io.NewSectionReader(x.r, 0, off))
	for {
		b, err := br.ReadByte()
		if err != nil {
			break
		}
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("line %d, column %d", line, col)
}

// eventSlack is how far past an event's limit a decoder may read ahead.
const eventSlack = 64 << 10

// events decodes the events in order, calling fn with each and its index;
// the first pass (record) keeps their offsets and checksum, a later pass
// checks the checksum.
func (x *exportFile) events(record bool, fn func(i int, e Event) error) error {
	at, ok := x.fields["events"]
	if !ok {
		return nil
	}
	f := &fence{r: x.r, off: at[0], size: at[1], sum: crc64.New(crcTable), sumFrom: at[0], sumUntil: at[1]}
	f.limit = at[0] + eventSlack
	dec := json.NewDecoder(f)
	dec.DisallowUnknownFields()
	where := func(i int) string { return fmt.Sprintf("events[%d]", i) }
	tok, err := dec.Token()
	if err != nil {
		return badField(x.decodeError("events", nil, nil, err, at[0]))
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return bad("events", "must be a list of events, not %s (%s)", jsonKind(tok), x.lineCol(at[0]))
	}
	for i := 0; dec.More(); i++ {
		start := at[0] + dec.InputOffset()
		f.limit = start + MaxEventSize + eventSlack
		if record {
			if i >= len(x.starts) && start > 1<<32-1 {
				return bad(where(i), "the file is too large")
			}
			x.starts = append(x.starts, uint32(start))
		}
		var e Event
		if err := dec.Decode(&e); err != nil {
			if errors.Is(err, errTooLarge) {
				return bad(where(i), "the event is larger than %d KB, more than any action makes", MaxEventSize>>10)
			}
			raw, _ := x.rawAt(start)
			return badField(x.decodeError(where(i), raw, reflect.TypeOf(e), err, at[0]))
		}
		if err := fn(i, e); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return badField(x.decodeError("events", nil, nil, err, at[0]))
	}
	if record {
		x.sum = f.sum.Sum64()
	} else if f.sum.Sum64() != x.sum {
		return &ImportError{What: "the file changed while it was being imported; nothing was imported"}
	}
	return nil
}

var crcTable = crc64.MakeTable(crc64.ECMA)

// event decodes the event at index i again, by its offset.
func (x *exportFile) event(i int) (Event, error) {
	if i < 0 || i >= len(x.starts) {
		return Event{}, fmt.Errorf("the file has no events[%d]", i)
	}
	var e Event
	br, err := x.eventReader(int64(x.starts[i]))
	if err != nil {
		return e, err
	}
	err = json.NewDecoder(br).Decode(&e)
	return e, err
}

// rawAt reads the event at offset off as it is written, to find what is
// wrong with it.
func (x *exportFile) rawAt(off int64) (json.RawMessage, error) {
	var raw json.RawMessage
	br, err := x.eventReader(off)
	if err != nil {
		return nil, err
	}
	err = json.NewDecoder(br).Decode(&raw)
	return raw, err
}

// eventReader reads the events from off, an event's offset, on.
func (x *exportFile) eventReader(off int64) (*bufio.Reader, error) {
	end := x.fields["events"][1]
	f := &fence{r: x.r, off: off, size: end}
	f.limit = f.off + MaxEventSize + eventSlack
	br := bufio.NewReader(f)
	// Skip the comma and spaces before the event.
	for {
		b, err := br.ReadByte()
		if err != nil {
			return nil, err
		}
		if b != ',' && b != ' ' && b != '\n' && b != '\t' && b != '\r' {
			_ = br.UnreadByte()
			return br, nil
		}
	}
}

// jsonKind names the first token of a value in words.
func jsonKind(tok json.Token) string {
	switch tok.(type) {
	case string:
		return "a piece of text"
	case float64, json.Number:
		return "a number"
	case bool:
		return "“true” or “false”"
	case nil:
		return "null"
	case json.Delim:
		return "a set of named fields"
	}
	return "something else"
}
