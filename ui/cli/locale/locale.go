// Package locale keeps Fyne quiet about a "C" locale. Fyne's lang package
// reads the user's language from LC_ALL, LC_MESSAGES or LANG (through
// github.com/jeandeaual/go-locale) while the program is being initialised,
// before main runs, and logs "Fyne error: Error parsing user locale C" for
// LANG=C.UTF-8, common on servers and in containers: it keeps "C" as the
// language and fails to parse it as a language tag. LANG=C and LANG=POSIX
// exactly are skipped by go-locale, but C.UTF-8, C.utf8, POSIX.UTF-8 and a
// "C" in LANGUAGE are not.
//
// Importing this package fixes that for the process: when the language the
// environment names is C or POSIX, it sets LANGUAGE, which go-locale reads
// first, to "en" (what Fyne falls back to anyway). LANG and LC_* are left
// alone, so the C libraries keep their character set (a C.UTF-8 X input
// method still types UTF-8), and gettext ignores LANGUAGE in the C locale.
//
// It must run before fyne.io/fyne/v2/lang's init. Go initialises packages
// in import-path order among those whose imports are ready, so this package
// imports only syscall: it is ready long before text/template, which Fyne's
// lang package waits for, and "tablekeeper/..." sorts before "text/...".
// main_test.go checks the order in the built binary.
package locale

import "syscall"

func init() {
	if key, value, ok := Fix(syscall.Getenv); ok {
		_ = syscall.Setenv(key, value)
	}
}

// Fix says which variable to set, to what, so that the language go-locale
// reads from the environment is a real one; ok is false when nothing needs
// setting. getenv is syscall.Getenv's shape.
func Fix(getenv func(string) (string, bool)) (key, value string, ok bool) {
	if !readsEnv {
		return "", "", false
	}
	get := func(k string) string { v, _ := getenv(k); return v }
	// go-locale's order: the first of these that is set names the locale.
	loc := ""
	for _, k := range [...]string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if loc = get(k); loc != "" {
			break
		}
	}
	if loc == "C" || loc == "POSIX" {
		return "", "", false // go-locale skips these itself
	}
	if langs := get("LANGUAGE"); langs != "" {
		// go-locale uses LANGUAGE, a colon-separated list, when it is set:
		// keep its real languages, drop C and POSIX.
		kept, dropped := "", false
		for _, l := range split(langs, ':') {
			if isC(l) || l == "" {
				dropped = true
				continue
			}
			if kept != "" {
				kept += ":"
			}
			kept += l
		}
		if !dropped {
			return "", "", false
		}
		if kept == "" {
			kept = "en"
		}
		return "LANGUAGE", kept, true
	}
	if loc != "" && isC(loc) {
		return "LANGUAGE", "en", true
	}
	return "", "", false
}

// isC says whether a locale name's language is C or POSIX: "C.UTF-8",
// "C.utf8", "POSIX.UTF-8", "C@euro".
func isC(loc string) bool {
	lang := loc
	for i := 0; i < len(loc); i++ {
		if c := loc[i]; c == '.' || c == '@' || c == '_' || c == '-' {
			lang = loc[:i]
			break
		}
	}
	return lang == "C" || lang == "POSIX" || lang == "c" || lang == "posix"
}

func split(s string, sep byte) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == sep {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}
