package shell

import (
	"errors"
	"regexp"
	"strings"

	"tablekeeper/tracker"
)

// rulebookPage finds a rulebook page in a rule's name ("phantom-epoch
// §8.6 (RB p.27)").
var rulebookPage = regexp.MustCompile(`\bRB p\.\s?(\d+)`)

// Words is a refusal as the players read it. A rule's refusal names its
// rule by spec section for the code and the Log's readers; the players
// get the why, and the rulebook page when the rule names one ("Rulebook
// p.27"), never the spec's section.
func Words(err error) string {
	if err == nil {
		return ""
	}
	var re *tracker.RuleError
	if !errors.As(err, &re) {
		return err.Error()
	}
	why := re.Why
	if m := rulebookPage.FindStringSubmatch(re.Rule); m != nil {
		why += " (Rulebook p." + m[1] + ")"
	}
	// A refusal wrapped in more words keeps them.
	return strings.Replace(err.Error(), re.Error(), why, 1)
}
