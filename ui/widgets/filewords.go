package widgets

import "fyne.io/fyne/v2"

// FileWords names a file the system's picker chose, for a message: its
// path where it is a file, else its name (an Android document is a
// content: URI whose path means nothing to the players).
func FileWords(uri fyne.URI) string {
	if uri == nil {
		return "the chosen file"
	}
	if uri.Scheme() == "file" {
		return uri.Path()
	}
	if n := uri.Name(); n != "" {
		return n
	}
	return uri.String()
}
