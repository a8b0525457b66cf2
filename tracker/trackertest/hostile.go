package trackertest

import "strings"

// HostileNames are what a hostile content file or form puts in a name or
// an ID (issue 24 item 6), each of which the rules of campaign names
// refuse: control characters, line breaks, invisible characters that
// reorder or hide text, bytes that are not text, and lengths no card
// prints. The tests of every game's content try them all.
func HostileNames() map[string]string {
	return map[string]string{
		"NUL":                         "Relay\x00",
		"a bell":                      "Re\x07lay",
		"a line break":                "Relay\nRoom",
		"a carriage return":           "Relay\rRoom",
		"a line separator":            "Relay\u2028Room",
		"a right-to-left override":    "\u202eyaleR",
		"a right-to-left mark":        "Relay\u200f",
		"a zero-width space":          "Re\u200blay",
		"a word joiner":               "Relay\u2060",
		"a joiner that joins nothing": "Relay\u200d",
		"a soft hyphen":               "Re\u00adlay",
		"a byte-order mark":           "\ufeffRelay",
		"a noncharacter":              "Relay\uffff",
		"invalid UTF-8":               "Relay\xff\xfe",
		"an escape sequence":          "Relay\x1b[2J",
		"a C1 control":                "Relay\u009b",
		"100,000 characters":          strings.Repeat("r", 100_000),
	}
}

// LookAlikes are IDs that read as "PRACTICE-RELAY" but are spelled
// otherwise: each must be taken for that one, never kept beside it.
func LookAlikes() []string {
	return []string{"practice-relay", "PRACTICE-RELAY ", " Practice-Relay", "PRACTICE-\u200bRELAY"}
}
