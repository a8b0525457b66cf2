package eternaut

import "tablekeeper/tracker"

var _ tracker.CommandReader = Rules{}

// CommandOf is the command an event recorded, so an import decides it again
// with exactly the checks the live command had (tracker.CommandReader).
func (Rules) CommandOf(e tracker.Event) (tracker.Command, error) {
	var env envelope
	if err := e.Decode(&env); err != nil {
		return nil, err
	}
	return decodeCommand(e.Kind, env.Cmd)
}
