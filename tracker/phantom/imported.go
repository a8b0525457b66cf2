package phantom

import (
	"encoding/json"
	"fmt"

	"tablekeeper/tracker"
)

var _ tracker.CommandReader = Rules{}

// CommandOf is the command an event recorded, so an import decides it again
// with exactly the checks the live command had (tracker.CommandReader).
func (Rules) CommandOf(e tracker.Event) (tracker.Command, error) {
	mk, ok := kinds[e.Kind]
	if !ok {
		return nil, fmt.Errorf("event kind %q is not known to this version of Tablekeeper", e.Kind)
	}
	var p payload
	if err := e.Decode(&p); err != nil {
		return nil, fmt.Errorf("%s: %w", e.Kind, err)
	}
	c := mk()
	if err := json.Unmarshal(p.Command, c); err != nil {
		return nil, fmt.Errorf("%s: %w", e.Kind, err)
	}
	return c, nil
}
