// Package hex is the Phantom Epoch map model and its geometry (spec
// phantom-epoch §2): pointy-top hexagonal spaces in axial coordinates with
// printed labels, walls as edges with the play-area boundary as an implicit
// wall, closed and open doors, gaps, difficult terrain, hazards, objects and
// their states, adjacency and Range, line of sight exactly as §2.6 defines
// it, the spaces a line goes through (§2.7), MP-cost shortest paths and Leap
// reachability (§2.8) and door regions (§2.9).
//
// All geometry is done in the exact integer frame of §2.1 item 4: the centre
// of (q, r) is (2q + r, 3r) and every grid vertex has integer coordinates,
// so lines of sight are decided with integer arithmetic only and never
// depend on rounding.
//
// Spaces are addressed by index (0 … Len()-1, in the order of the map file)
// in every hot path, and by printed label at the edges of the program. The
// map knows nothing of figures: callers say which spaces figures block
// (MoveRules.Blocked) and which figures stand on a line's spaces.
//
// The map file format (JSON) is described in FORMAT.md.
package hex
