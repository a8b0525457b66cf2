package alone

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// ParseContent reads a content file: its format, then every component,
// normalised the same way whether the file came from the players, from
// another device or is the app's own practice set. A file that cannot be
// read at all is an error; a readable file with faults returns them all as
// ContentProblems (which card, which field).
func ParseContent(b []byte) (*Content, error) {
	if len(b) > MaxContentBytes {
		return nil, ContentProblems{{Kind: KindFile, Problem: fmt.Sprintf("the file is %d KB; a content set is at most %d KB", len(b)/1024, MaxContentBytes/1024)}}
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, ContentProblems{{Kind: KindFile, Problem: "this is not an Alone content file (it cannot be read)"}}
	}
	if head.Format != ContentFormat {
		return nil, ContentProblems{{Kind: KindFile, Problem: "this is not an Alone content file (it is for another game or another app)"}}
	}
	if head.Version > ContentVersion || head.Version < 1 {
		return nil, ContentProblems{{Kind: KindFile, Problem: fmt.Sprintf("the file was made by a newer version of Tablekeeper (content version %d); update the app to read it", head.Version)}}
	}
	var c Content
	d := json.NewDecoder(bytes.NewReader(b))
	if err := d.Decode(&c); err != nil {
		return nil, ContentProblems{{Kind: KindFile, Problem: "part of the file cannot be read: " + plainJSONError(err)}}
	}
	c.Normalize()
	ps := c.Problems()
	// Every name and text by the rules of campaign names (issue 24 item
	// 6), checked on the file as it came.
	for _, p := range tracker.ContentTexts(b) {
		ps = append(ps, ContentProblem{Kind: KindFile, Problem: p.Words()})
	}
	if len(ps) > 0 {
		return &c, ps
	}
	return &c, nil
}

// plainJSONError says where a JSON file went wrong without its jargon.
func plainJSONError(err error) string {
	var te *json.UnmarshalTypeError
	if e, ok := err.(*json.UnmarshalTypeError); ok {
		te = e
		return fmt.Sprintf("the value of %q has the wrong kind", te.Field)
	}
	return "it is damaged or cut short"
}

// Encode writes the set as a file (indented, so a person can read it).
func (c *Content) Encode() ([]byte, error) {
	x := *c
	x.Format, x.Version = ContentFormat, ContentVersion
	return json.MarshalIndent(&x, "", "  ")
}

// Clone is a deep copy.
func (c *Content) Clone() *Content {
	if c == nil {
		return nil
	}
	b, err := json.Marshal(c)
	if err != nil {
		panic(fmt.Sprintf("alone: content cannot be copied: %v", err))
	}
	var out Content
	if err := json.Unmarshal(b, &out); err != nil {
		panic(fmt.Sprintf("alone: content cannot be copied: %v", err))
	}
	return &out
}

// Normalize trims names and fills what follows from the rest: a Reaction
// card's id (its deck and name), a Sector's shape from its exits, Stairs
// colours in lower case.
func (c *Content) Normalize() {
	c.Format, c.Version = ContentFormat, ContentVersion
	c.Name = strings.TrimSpace(c.Name)
	for i := range c.Maps {
		c.Maps[i].normalize()
	}
	for i := range c.Missions {
		m := &c.Missions[i]
		m.Name, m.Colour = strings.TrimSpace(m.Name), strings.ToLower(strings.TrimSpace(m.Colour))
		m.Kind = strings.ToLower(strings.TrimSpace(m.Kind))
		for k := range m.Goals {
			m.Goals[k] = strings.TrimSpace(m.Goals[k])
		}
	}
	for i := range c.Items {
		it := &c.Items[i]
		it.Name, it.Matrix, it.Needs = strings.TrimSpace(it.Name), strings.TrimSpace(it.Matrix), strings.TrimSpace(it.Needs)
		if it.Passive {
			it.Action = ""
		}
	}
	for i := range c.Characters {
		c.Characters[i].Name = strings.TrimSpace(c.Characters[i].Name)
	}
	for i := range c.Reactions {
		NormalizeReaction(&c.Reactions[i])
	}
}

// NormalizeReaction trims a Reaction card and gives it its id.
func NormalizeReaction(r *alone.ReactionCard) {
	r.Name, r.Deck, r.Timing = strings.TrimSpace(r.Name), strings.ToLower(strings.TrimSpace(r.Deck)), strings.TrimSpace(r.Timing)
	r.ID = ReactionID(r.Deck, r.Name)
	if !r.Instant {
		r.Timing = ""
	}
}

// ReactionID is a Reaction card's id: its deck and name.
func ReactionID(deck, name string) string {
	return strings.ToLower(deck) + "/" + strings.ToLower(strings.TrimSpace(name))
}

func (l *MapLayout) normalize() {
	l.Name, l.Hero = strings.TrimSpace(l.Name), strings.TrimSpace(l.Hero)
	for i := range l.Sectors {
		s := &l.Sectors[i]
		s.ID, s.Room = strings.TrimSpace(s.ID), strings.TrimSpace(s.Room)
		s.StairsColour = strings.ToLower(strings.TrimSpace(s.StairsColour))
		if s.Exits == nil {
			s.Exits = map[alone.Dir]alone.Link{}
		}
		if s.Room != "" || s.Shape == alone.ShapeRoom {
			s.Shape = alone.ShapeRoom
		} else {
			s.Shape = ShapeOf(s.Exits)
		}
	}
}

// ShapeOf names a corridor tile by its compass exits: a dead end, a
// straight Corridor, a Curve, a T-Junction or a Cross.
func ShapeOf(exits map[alone.Dir]alone.Link) string {
	var ds []alone.Dir
	for _, d := range alone.Compass {
		if _, ok := exits[d]; ok {
			ds = append(ds, d)
		}
	}
	switch len(ds) {
	case 1:
		return alone.ShapeDeadEnd
	case 2:
		if ds[0].Opposite() == ds[1] {
			return alone.ShapeCorridor
		}
		return alone.ShapeCurve
	case 3:
		return alone.ShapeTJunction
	case 4:
		return alone.ShapeCross
	}
	return alone.ShapeCorridor
}
