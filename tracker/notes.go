package tracker

// The campaign's free notes are read from its log, newest first, never
// kept in its state (see CoreState): a note is an event of kind KindNote,
// and it is in the campaign while that action is in effect (an undo takes
// it out, a redo puts it back).

// Notes are the campaign's notes in effect, newest first: at most max of
// them, found among the newest within events of the log (0: the whole
// log). The reading is bounded by within, whatever the log's length.
func (s *Session) Notes(max, within int) ([]Note, error) {
	var out []Note
	last := s.LastSeq()
	err := s.EventsBack(last, func(e Event) error {
		if len(out) >= max || (within > 0 && last-e.Seq >= uint64(within)) {
			return ErrStop
		}
		if e.Kind != KindNote || !s.InEffect(e.Seq) {
			return nil
		}
		var p notePayload
		if err := e.Decode(&p); err != nil {
			return err
		}
		out = append(out, Note{Seq: e.Seq, Time: e.Time, Text: p.Text})
		return nil
	})
	return out, err
}
