// Package automa holds the enemy side's decisions for each game as pure
// functions: a situation in, a decision and the trace that explains it out.
// It never imports Fyne or bbolt.
package automa
