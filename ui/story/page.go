package story

// A page is a format the story is written in (HTML, Markdown). The book
// calls it in reading order, as the story is told: nothing is held back
// but the mission being told, so a long campaign streams out in the memory
// of one mission.
type page interface {
	// head opens the document: its title and the lines under it.
	head(title string, lines []string) error
	// sitting opens a session of play, closing the one before.
	sitting(heading, sub string) error
	// part opens a mission or scenario (or the time between two) within
	// the session, closing the part before.
	part(heading, sub string) error
	// para is a paragraph; list a list of lines under an optional lead.
	para(text string) error
	list(lead string, items []string) error
	// table is a table with a header row.
	table(caption string, head []string, rows [][]string) error
	// plot is a chart of tracks over rounds.
	plot(p *Plot) error
	// picture is a PNG picture with its caption (nil: none could be drawn).
	picture(png []byte, caption string) error
	// why is an enemy decision's explanation: a lead and its steps.
	why(lead string, steps []string) error
	// end closes the document.
	end(lines []string) error
	// wantsPictures says whether pictures are drawn for this page: a page
	// without them is never asked to, so no time is spent drawing.
	wantsPictures() bool
}
