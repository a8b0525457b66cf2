package storage

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Names on the disk. Windows (NTFS, FAT, exFAT) and macOS (APFS and HFS+ by
// default) compare file names without regard to letter case, so
// "TableKeeper.db" and "tablekeeper.db" are one file there, with one set of
// backups, whichever way --db spells it. And a Windows path may hold
// characters filepath.Glob reads as a pattern ("[" in "Games [2024]"),
// which Glob cannot escape there ("\" is the separator): files beside the
// campaign file are found by reading the folder and comparing names, never
// by a pattern.

// foldNames says whether the disk compares names without case; tests set
// it to check the Windows rule on Linux.
var foldNames = runtime.GOOS == "windows" || runtime.GOOS == "darwin"

// cutName reports whether name begins with prefix as the disk compares
// names, and gives what follows it.
func cutName(name, prefix string) (rest string, ok bool) {
	if len(name) < len(prefix) {
		return "", false
	}
	head := name[:len(prefix)]
	if head != prefix && !(foldNames && strings.EqualFold(head, prefix)) {
		return "", false
	}
	return name[len(prefix):], true
}

// filesBeside lists the files in path's folder whose names begin with
// path's own name followed by mark (".replaced-", ".restoring"), as the
// disk compares names.
func filesBeside(path, mark string) []string {
	dir := filepath.Dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	prefix := filepath.Base(path) + mark
	var out []string
	for _, e := range entries {
		if _, ok := cutName(e.Name(), prefix); ok && !e.IsDir() {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

// diskName makes s (a campaign's name) a file name every disk Tablekeeper
// runs on accepts: Windows refuses \ / : * ? " < > |, control
// characters, and a name ending in a dot or a space.
func diskName(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || strings.ContainsRune(`\/:*?"<>|`, r) {
			return '_'
		}
		return r
	}, s)
	return strings.TrimRight(s, ". ")
}
