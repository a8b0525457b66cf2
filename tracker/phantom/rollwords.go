package phantom

import "strings"

// RollWords says a roll the way players say it. The engine records a roll
// as its face and how it was made, "1 (rolled)" or "fumble (entered)"
// (automa/phantom turn.go), and keeps that in the turn's report; players
// read "rolled 1", "rolled a fumble", "rolled 3 at the table". A checked
// roll ("Blinded check: miss (rolled)") keeps what it checked. Anything
// else is returned as it is.
func RollWords(roll string) string {
	what := ""
	if i := strings.LastIndex(roll, ": "); i >= 0 {
		what, roll = roll[:i+2], roll[i+2:]
	}
	face, how, ok := strings.Cut(roll, " (")
	if !ok || !strings.HasSuffix(how, ")") {
		return what + roll
	}
	how = strings.TrimSuffix(how, ")")
	if how != "rolled" && how != "entered" {
		return what + roll
	}
	out := "rolled " + faceWords(face)
	if how == "entered" {
		out += " at the table"
	}
	return what + out
}

// faceWords is a die face after "rolled": a number as it is, a named
// face with its article ("a fumble", "a critical", "a miss").
func faceWords(face string) string {
	switch face {
	case "crit":
		return "a critical"
	case "":
		return face
	}
	if face[0] >= '0' && face[0] <= '9' || face[0] == '-' || face[0] == '+' {
		return face
	}
	return "a " + face
}
