package ui

// This package's tests of other screens end sessions and open Data often:
// the backups and reads beside the window run inline there, on the test's
// goroutine (Fyne's test driver would run their answers on theirs, beside
// the test). backups_test.go runs them beside the window.
func init() { inlineBackups = true }
