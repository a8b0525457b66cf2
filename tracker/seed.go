package tracker

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A seed, as players see and type it: a whole number of at most 19 digits
// (a seed takes up to 2⁶⁴−1, but that number means nothing at a table; any
// number of 19 digits fits), or blank for a random one. Refusals say what
// is wrong in words, never the largest number a seed can hold.

// maxSeedDigits is how many digits a seed is said to take.
const maxSeedDigits = 19

// ParseSeed reads a seed as a player types it (the new-campaign form, the
// new verb): blank gives 0, which asks for a random one.
func ParseSeed(s string) (uint64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("a seed is a whole number, written in digits only: %s is not a digit; leave it blank for a random one", seedChar(r))
		}
	}
	n, err := strconv.ParseUint(s, 10, 64)
	switch {
	case err != nil:
		return 0, fmt.Errorf("a seed has at most %d digits, and this one has %d; leave it blank for a random one", maxSeedDigits, len(s))
	case n == 0:
		return 0, errors.New("a seed is a whole number from 1 up: 0 is not one; leave it blank for a random one")
	}
	return n, nil
}

// seedChar names a character that is not a digit, as a player would.
func seedChar(r rune) string {
	switch {
	case r == '-':
		return "the minus sign"
	case r == utf8.RuneError:
		return "a character that cannot be read"
	case unicode.IsSpace(r):
		return "a space"
	case unicode.IsLetter(r):
		return "the letter “" + string(r) + "”"
	case unicode.IsPrint(r):
		return "“" + string(r) + "”"
	}
	return "an invisible character"
}
