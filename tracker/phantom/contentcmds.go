package phantom

import (
	"encoding/json"
	"fmt"
	"strings"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// SaveContent adds or replaces one piece of content: Data is its JSON
// (phantom.AdversaryType for "adversary", SpeciesCard, ClassCard,
// phantom.BossBoard, phantom.BossCard, Species, ClassBoard, ActionCard,
// Equipment, Attachment, ItemCard, MissionInfo, or a map file in the
// automa/hex format for "map"). ID names cards that carry no name of their
// own (species, class and boss action cards, maps); the others are kept
// under their name. Content used by the mission in play cannot change.
// Replaces names the piece this one was edited from when the edit changed
// its name (or its key): that piece goes, unless something uses it.
type SaveContent struct {
	Kind     ContentKind     `json:"kind"`
	ID       string          `json:"id,omitempty"`
	Data     json.RawMessage `json:"data"`
	Replaces string          `json:"replaces,omitempty"`
}

func (c SaveContent) exec(s *State, x *ctx) (string, error) {
	id, v, ps := CheckContent(c.Kind, c.ID, c.Data)
	// An event recorded before a check was added replays as it was
	// played: at Apply only a piece that cannot be read at all is refused.
	if v == nil || (len(ps) > 0 && !x.apply) {
		rule := ruleContent
		if r := problemRules(ps); r != "" {
			rule += ", " + r
		}
		return "", tracker.Refuse(rule, "%v", problemsError(ps))
	}
	// A piece whose name reads as another's spelled otherwise would be a
	// second of one piece ("PRACTICE-RELAY" beside "practice-relay").
	if other, ok := s.Content.lookAlike(c.Kind, id); ok && !x.apply && other != c.Replaces {
		return "", tracker.Refuse(ruleContent, "%s %q reads the same as %q already here: spell it so to change that one, or give it another name", KindTitle(c.Kind), id, other)
	}
	if s.Mission != nil && s.Mission.Phase != "over" && s.inUse(c.Kind, id) {
		return "", tracker.Refuse(ruleContent, "%s %q is in use by the mission being played; change it between missions", KindTitle(c.Kind), id)
	}
	renamed := c.Replaces != "" && c.Replaces != id && s.Content.has(c.Kind, c.Replaces, false)
	if renamed && s.inUse(c.Kind, c.Replaces) {
		return "", tracker.Refuse(ruleContent, "%s %q is in use (by a character or the mission), so it keeps its name", KindTitle(c.Kind), c.Replaces)
	}
	verb := "Entered"
	if s.Content.has(c.Kind, id, false) {
		verb = "Edited"
	}
	if renamed {
		s.Content.has(c.Kind, c.Replaces, true)
		s.Content.put(c.Kind, id, v)
		return fmt.Sprintf("Edited %s %q, now %q", lowerFirst(KindTitle(c.Kind)), c.Replaces, id), nil
	}
	s.Content.put(c.Kind, id, v)
	return fmt.Sprintf("%s %s %q", verb, lowerFirst(KindTitle(c.Kind)), id), nil
}

// RemoveContent deletes a piece of content that nothing uses.
type RemoveContent struct {
	Kind ContentKind `json:"kind"`
	ID   string      `json:"id"`
}

func (c RemoveContent) exec(s *State, x *ctx) (string, error) {
	if !s.Content.has(c.Kind, c.ID, false) {
		return "", tracker.Refuse(ruleContent, "there is no %s %q", lowerFirst(KindTitle(c.Kind)), c.ID)
	}
	if s.inUse(c.Kind, c.ID) {
		return "", tracker.Refuse(ruleContent, "%s %q is in use (by a character or the mission); it cannot be removed", KindTitle(c.Kind), c.ID)
	}
	s.Content.has(c.Kind, c.ID, true)
	return fmt.Sprintf("Removed %s %q", lowerFirst(KindTitle(c.Kind)), c.ID), nil
}

// inUse reports whether characters or the mission use the content.
func (s *State) inUse(kind ContentKind, id string) bool {
	for _, ch := range s.Characters {
		switch kind {
		case KindSpecies:
			if ch.Species == id {
				return true
			}
		case KindClass:
			if ch.Class == id {
				return true
			}
		case KindActionCard:
			if contains(ch.Cards, id) {
				return true
			}
		case KindEquipment:
			for _, g := range ch.Equipment {
				if g.ID == id {
					return true
				}
			}
		case KindAttachment:
			for _, g := range ch.Attachments {
				if g.ID == id {
					return true
				}
			}
		case KindItem:
			if contains(ch.Items, id) {
				return true
			}
		}
	}
	m := s.Mission
	if m == nil || m.Phase == "over" {
		return false
	}
	switch kind {
	case KindAdversary:
		for _, t := range m.Types {
			if AdversaryKey(t, m.AdversaryDifficulty) == id {
				return true
			}
		}
	case KindBoss:
		return contains(m.Bosses, id)
	case KindMission:
		return m.ID == id
	case KindSpeciesCard, KindClassCard, KindBossCard:
		all := func(d *phantom.Deck) bool {
			return d != nil && (contains(d.Draw, id) || contains(d.Discard, id))
		}
		for _, d := range m.Decks.Species {
			if all(d) {
				return true
			}
		}
		for _, d := range m.Decks.Class {
			if all(d) {
				return true
			}
		}
		if all(m.Decks.Boss) {
			return true
		}
		for _, d := range m.Decks.InPlay {
			if d.Species == id || d.Class == id || d.Boss == id {
				return true
			}
		}
	}
	return false
}

// lowerFirst is a title in the middle of a sentence.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// upperFirst starts a sentence with a capital.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
