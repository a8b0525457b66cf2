package eternaut

import (
	"fmt"
	"strings"
)

// Characters as the players say them. The number printed on a Character
// card (901, 902, …) is how the rulebook and the Storybooks name the card,
// not how a group talks about the person at the table: messages and the
// Log say the name the players entered, and add the card's number only
// where it helps to find the card (a new Character joining, the board's
// title on the Play tab).

// Named is the Character's name, or "Character card 901" while it has none.
func (c *Character) Named() string {
	if n := strings.TrimSpace(c.Name); n != "" {
		return n
	}
	return "Character card " + c.ID
}

// Carded is "Marta (card 901)", where the number helps to find the card.
func (c *Character) Carded() string {
	if n := strings.TrimSpace(c.Name); n != "" {
		return fmt.Sprintf("%s (card %s)", n, c.ID)
	}
	return "Character card " + c.ID
}

// andList is "Marta", "Marta and Bruno", "Marta, Bruno and Lucía".
func andList(l []string) string {
	switch len(l) {
	case 0:
		return ""
	case 1:
		return l[0]
	}
	return strings.Join(l[:len(l)-1], ", ") + " and " + l[len(l)-1]
}

// CubesWords is how the Consumed cubes were dealt, in words: "1 each to
// Marta, Bruno, Lucía and Iris", or "2 to Marta, 1 to Bruno, 1 to Lucía".
func CubesWords(names []string, split []int) string {
	if len(names) == 0 || len(names) != len(split) {
		return "none"
	}
	even := true
	for _, n := range split {
		even = even && n == split[0]
	}
	if even && len(names) > 1 {
		return fmt.Sprintf("%d each to %s", split[0], andList(names))
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%d to %s", split[i], n)
	}
	return strings.Join(parts, ", ")
}
