package content

import (
	"fmt"
	"strings"
)

// SpawnCard is one spawn card (spec §2.2): for each level, the units that
// level places, in printed order.
type SpawnCard struct {
	ID     string                `json:"id"`
	Levels map[Level][]SpawnItem `json:"levels"`
}

// SpawnItem is one entry of a spawn card's row: count miniatures of a type.
type SpawnItem struct {
	UnitCode string `json:"unitCode"`
	Count    int    `json:"count"`
}

// Validate checks the card has an id and three well-formed rows (V-23).
func (c *SpawnCard) Validate() error {
	if strings.TrimSpace(c.ID) == "" {
		return fmt.Errorf("it has no id")
	}
	for l := range c.Levels {
		if !l.Valid() {
			return fmt.Errorf("level %q is not green, orange or red", l)
		}
	}
	for _, l := range []Level{Green, Orange, Red} {
		row, ok := c.Levels[l]
		if !ok {
			return fmt.Errorf("the %s row is missing (an empty list is fine if the row is blank)", l)
		}
		for j, it := range row {
			if strings.TrimSpace(it.UnitCode) == "" {
				return fmt.Errorf("%s row, entry %d: no unit code", l, j+1)
			}
			if it.Count < 1 {
				return fmt.Errorf("%s row, entry %d (%s): the count must be 1 or more, got %d", l, j+1, it.UnitCode, it.Count)
			}
		}
	}
	return nil
}

// CheckCodes checks that every unit code on the card is a line of the
// faction card (V-23).
func (c *SpawnCard) CheckCodes(f *Faction) error {
	for _, l := range []Level{Green, Orange, Red} {
		for j, it := range c.Levels[l] {
			if f.Unit(it.UnitCode) == nil {
				return fmt.Errorf("%s row, entry %d: unit code %q is not on the faction card", l, j+1, it.UnitCode)
			}
		}
	}
	return nil
}

// Noise decks (spec §2.3).
const (
	DeckPreAlarm    = "preAlarm"
	DeckPostAlarm   = "postAlarm"
	DeckAlienWorld  = "alienWorld"
	noiseDeckChoice = "preAlarm, postAlarm or alienWorld"
)

// NoiseCard is one noise card (spec §2.3): its top effects always apply
// once drawn; its bottom effects also apply when the noise total reaches
// the threshold printed in the middle.
type NoiseCard struct {
	ID        string   `json:"id"`
	Deck      string   `json:"deck"`
	Top       []Effect `json:"top"`
	Threshold int      `json:"threshold"`
	Bottom    []Effect `json:"bottom"`
}

// Validate checks the deck, the threshold and every effect.
func (c *NoiseCard) Validate() error {
	if strings.TrimSpace(c.ID) == "" {
		return fmt.Errorf("it has no id")
	}
	if c.Deck != DeckPreAlarm && c.Deck != DeckPostAlarm && c.Deck != DeckAlienWorld {
		return fmt.Errorf("deck %q is not %s", c.Deck, noiseDeckChoice)
	}
	if c.Threshold < 0 {
		return fmt.Errorf("the threshold must be 0 or more, got %d", c.Threshold)
	}
	for i := range c.Top {
		if err := c.Top[i].Validate(); err != nil {
			return fmt.Errorf("top effect %d: %w", i+1, err)
		}
		if err := c.Top[i].fitsDeck(c.Deck); err != nil {
			return fmt.Errorf("top effect %d: %w", i+1, err)
		}
	}
	for i := range c.Bottom {
		if err := c.Bottom[i].Validate(); err != nil {
			return fmt.Errorf("bottom effect %d: %w", i+1, err)
		}
		if err := c.Bottom[i].fitsDeck(c.Deck); err != nil {
			return fmt.Errorf("bottom effect %d: %w", i+1, err)
		}
	}
	return nil
}

// Effect kinds (spec §2.3).
const (
	EffSpawnPatrol       = "spawnPatrol"
	EffSpawnBarracks     = "spawnBarracks"
	EffSpawnFromDarkness = "spawnFromDarkness"
	EffRaiseAwareness    = "raiseAwareness"
	EffAdvanceTracker    = "advanceTracker"
	EffTriggerAlarm      = "triggerAlarm"
	EffFreeText          = "freeText"
)

// Targets of a raiseAwareness effect (spec §7.3 NOISE_RAISE).
const (
	TargetNearestAtEaseRoom = "nearestAtEaseRoom"
	TargetNearestRoom       = "nearestRoom"
	TargetThisRoom          = "heroRoom"
)

// Effect is one effect on a noise card, a tagged union on Kind. The real
// card wording is not in the source; this covers every kind it mentions.
type Effect struct {
	Kind string `json:"kind"`
	// Icons are the spawn icons (spawn effects), in printed order.
	Icons []Level `json:"icons,omitempty"`
	// Awareness is the level a patrol appears with (spawnPatrol), or the
	// level darkness spawns join if the card gives one (spawnFromDarkness).
	Awareness *Awareness `json:"awareness,omitempty"`
	// Letter is the barracks A, B or C (spawnBarracks).
	Letter string `json:"letter,omitempty"`
	// Target and Levels say which room a raiseAwareness effect raises and by how much.
	Target string `json:"target,omitempty"`
	Levels int    `json:"levels,omitempty"`
	// N is how far advanceTracker moves the round marker.
	N int `json:"n,omitempty"`
	// Text is shown to the players for freeText.
	Text string `json:"text,omitempty"`
}

// Validate checks the fields the effect's kind needs.
func (e *Effect) Validate() error {
	checkIcons := func() error {
		if len(e.Icons) == 0 {
			return fmt.Errorf("%s needs at least one spawn icon", e.Kind)
		}
		for j, l := range e.Icons {
			if !l.Valid() {
				return fmt.Errorf("spawn icon %d: level %q is not green, orange or red", j+1, l)
			}
		}
		return nil
	}
	switch e.Kind {
	case EffSpawnPatrol:
		if e.Awareness == nil {
			return fmt.Errorf("spawnPatrol needs the awareness the patrol appears with (atEase, suspicious or alert)")
		}
		return checkIcons()
	case EffSpawnBarracks:
		if e.Letter != "A" && e.Letter != "B" && e.Letter != "C" {
			return fmt.Errorf("spawnBarracks needs a barracks letter A, B or C, got %q", e.Letter)
		}
		return checkIcons()
	case EffSpawnFromDarkness:
		return checkIcons()
	case EffRaiseAwareness:
		if e.Target != TargetNearestAtEaseRoom && e.Target != TargetNearestRoom && e.Target != TargetThisRoom {
			return fmt.Errorf("raiseAwareness target %q is not nearestAtEaseRoom, nearestRoom or heroRoom", e.Target)
		}
		if e.Levels < 1 || e.Levels > 2 {
			return fmt.Errorf("raiseAwareness must raise by 1 or 2 levels, got %d", e.Levels)
		}
	case EffAdvanceTracker:
		if e.N < 1 {
			return fmt.Errorf("advanceTracker needs n of 1 or more, got %d", e.N)
		}
	case EffTriggerAlarm:
	case EffFreeText:
		if strings.TrimSpace(e.Text) == "" {
			return fmt.Errorf("freeText needs the text to show")
		}
	default:
		return fmt.Errorf("effect kind %q is not one of spawnPatrol, spawnBarracks, spawnFromDarkness, raiseAwareness, advanceTracker, triggerAlarm, freeText", e.Kind)
	}
	return nil
}

// fitsDeck refuses spawn effects that cannot come from the card's deck:
// patrols are pre-alarm, barracks post-alarm, darkness alien world (§2.3).
func (e *Effect) fitsDeck(deck string) error {
	want := map[string]string{EffSpawnPatrol: DeckPreAlarm, EffSpawnBarracks: DeckPostAlarm, EffSpawnFromDarkness: DeckAlienWorld}[e.Kind]
	// The alien world deck follows the pre-alarm rules, so patrols may appear there too (§11.1).
	if want != "" && want != deck && !(deck == DeckAlienWorld && e.Kind == EffSpawnPatrol) {
		return fmt.Errorf("%s belongs on a %s noise card, not a %s one", e.Kind, want, deck)
	}
	return nil
}

// Campaign deck removals (spec §4.3, §11.1, V-33).
var (
	CampaignRemovedSpawn     = []string{"RB041"}
	CampaignRemovedFeatures  = []string{"RB185", "RB190", "RB201"}
	NotECampaignRemovedNoise = []string{"NE007"}
)

// CheckCampaignDecks refuses a campaign setup whose decks still hold the
// cards the campaign takes out (V-33). alienNoise is checked only for a
// Not of this Earth! campaign mission.
func CheckCampaignDecks(spawn, features, alienNoise []string, note bool) error {
	for _, id := range spawn {
		if contains(CampaignRemovedSpawn, id) {
			return fmt.Errorf("spawn deck: card %s must be taken out for a campaign mission", id)
		}
	}
	for _, id := range features {
		if contains(CampaignRemovedFeatures, id) {
			return fmt.Errorf("room features deck: secret passage card %s must be taken out for a campaign mission", id)
		}
	}
	if note {
		for _, id := range alienNoise {
			if contains(NotECampaignRemovedNoise, id) {
				return fmt.Errorf("alien world noise deck: card %s must be taken out for a Not of this Earth! campaign mission", id)
			}
		}
	}
	return nil
}
