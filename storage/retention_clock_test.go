package storage

// Backups and a wrong clock (issue 24, items 1–3): the backup just written
// is never pruned by the run that wrote it; a name ahead of the clock is
// dated by its file's time; neither a clock two years ahead nor one set
// back a year prunes what the right clock would keep; one day never loses
// every backup; and the size bound never takes the newest 3.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// copyBackup copies a backup file to the name of another time, its file's
// time set to modified (a copy made by hand has the time it was made; a
// backup written under a clock a year ahead has that time too).
func copyBackup(t *testing.T, from string, named, modified time.Time) string {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(filepath.Dir(from), "tk-"+named.UTC().Format(backupTimeFormat)+backupExt)
	if err := os.WriteFile(to, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(to, modified, modified); err != nil {
		t.Fatal(err)
	}
	return to
}

func exists(path string) bool { _, err := os.Stat(path); return err == nil }

// The repro: back up; copy that backup thirty times to names a
// year ahead; back up again: the backup it reports must exist, and so must
// the first one. Both ways the copies can come: made by hand (their files
// have today's time), or written under a clock a year ahead (their files
// have that time too).
func TestReliabilityBackupJustWrittenSurvivesNamesAhead(t *testing.T) {
	for _, filesAhead := range []bool{false, true} {
		t.Run(map[bool]string{false: "copies made today", true: "written under a clock a year ahead"}[filesAhead], func(t *testing.T) {
			db, _ := openTemp(t)
			db.BackupEvery = 0
			clock := time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
			db.now = func() time.Time { return clock }
			c, _ := db.NewCampaign(tracker.Alone, "X", 1)
			s, _ := db.OpenSession(c.ID)
			addNotes(t, s, 3)
			first, err := db.Backup()
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 30; i++ {
				named := clock.AddDate(1, 0, 0).Add(time.Duration(i) * time.Minute)
				modified := clock.Add(time.Duration(i) * time.Second)
				if filesAhead {
					modified = named
				}
				copyBackup(t, first.Path, named, modified)
			}
			clock = clock.Add(10 * time.Minute)
			addNotes(t, s, 2)
			second, err := db.Backup()
			if err != nil {
				t.Fatal(err)
			}
			if !exists(second.Path) {
				t.Fatalf("backup reported %s, which does not exist", second.Path)
			}
			// Copies made by hand are dated by their files' time, within
			// the minute of the first: one of 32 backups of the last day,
			// of which the newest 24 are kept. Written under a clock a
			// year ahead, they are kept among themselves and the first
			// stays.
			if filesAhead && !exists(first.Path) {
				t.Fatalf("the first backup %s was pruned", first.Path)
			}
			// Opening again (pruning runs at every open) keeps them too,
			// and a third backup keeps the second.
			clock = clock.Add(10 * time.Minute)
			db.cleanStale()
			third, err := db.Backup()
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range []Backup{second, third} {
				if !exists(b.Path) {
					t.Fatalf("%s was pruned", filepath.Base(b.Path))
				}
			}
			list, _ := db.Backups()
			t.Logf("%d backups kept of 33", len(list))
		})
	}
}

// A start with a clock two years ahead, or two years behind, prunes no
// backup the right clock keeps: 180 backups (three an evening, sixty
// evenings).
func TestBackupsStartWithAWrongClock(t *testing.T) {
	right := time.Date(2026, 11, 29, 23, 0, 0, 0, time.UTC)
	var list []Backup
	for d := 0; d < 60; d++ {
		for _, m := range []int{40, 110, 150} {
			at := time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC).AddDate(0, 0, -d).Add(time.Duration(m) * time.Minute)
			list = append(list, Backup{Path: at.String(), Time: at, Modified: at, Size: 1 << 20})
		}
	}
	want, _ := DefaultRetention.Sort(list, right)
	if len(want) < 30 {
		t.Fatalf("the right clock keeps %d of 180", len(want))
	}
	for _, off := range []time.Duration{2 * 365 * day, -2 * 365 * day, 40 * day, -3 * time.Hour} {
		keep, drop := DefaultRetention.Sort(list, right.Add(off))
		kept := map[string]bool{}
		for _, b := range keep {
			kept[b.Path] = true
		}
		for _, b := range want {
			if !kept[b.Path] {
				t.Errorf("a clock %v off drops %s, which the right clock keeps (%d kept, %d dropped of 180)", off, b.Path, len(keep), len(drop))
				break
			}
		}
		if len(keep) > len(want)+DefaultRetention.Days {
			t.Errorf("a clock %v off keeps %d of 180, the right clock %d", off, len(keep), len(want))
		}
	}
}

// The same at a real start (pruning runs at every open): a file opened
// with a clock two years ahead prunes nothing the right clock keeps.
func TestReliabilityOpenWithAClockTwoYearsAhead(t *testing.T) {
	db, path := openTemp(t)
	db.BackupEvery = 0
	c, _ := db.NewCampaign(tracker.Alone, "X", 1)
	s, _ := db.OpenSession(c.ID)
	addNotes(t, s, 1)
	b, err := db.Backup()
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	right := time.Now()
	for d := 0; d < 60; d++ {
		for _, m := range []int{1, 70, 110} {
			at := right.AddDate(0, 0, -d).Add(-time.Duration(m) * time.Minute)
			copyBackup(t, b.Path, at, at)
		}
	}
	os.Remove(b.Path)
	list, _ := BackupsOf(path)
	if len(list) != 180 {
		t.Fatalf("%d backups before opening, want 180", len(list))
	}
	want, _ := DefaultRetention.Sort(list, right)
	defer func(old func() time.Time) { wallClock = old }(wallClock)
	wallClock = func() time.Time { return time.Now().Add(2 * 365 * day) }
	db, err = Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	after, _ := BackupsOf(path)
	t.Logf("a start two years ahead kept %d of 180 (the right clock keeps %d)", len(after), len(want))
	if len(after) < len(want) {
		t.Fatalf("a start with a clock two years ahead kept %d of 180 backups; the right clock keeps %d", len(after), len(want))
	}
}

// A clock set back a year, after a year of play under it: the 80 backups
// it kept stay, and the backups written since (dated by the right clock)
// are kept by the same rules, beside them.
func TestBackupsAfterTheClockIsSetBack(t *testing.T) {
	wrong := time.Date(2027, 11, 25, 23, 0, 0, 0, time.UTC) // a Thursday
	r := DefaultRetention
	kept, _ := playedYear(r, wrong)
	for i := range kept {
		kept[i].Modified = kept[i].Time // written under that clock
	}
	before := len(kept)
	right := time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)
	// A month of evenings under the right clock, sorted after every backup
	// as Backup does.
	list := kept
	var last Backup
	for d := 0; d < 28; d++ {
		for m := 0; m < 3; m++ {
			at := right.AddDate(0, 0, d).Add(time.Duration(m) * 40 * time.Minute)
			last = Backup{Path: "real " + at.String(), Time: at, Modified: at, Size: 1 << 20}
			list = append([]Backup{last}, list...)
			var drop []Backup
			list, drop = r.Sort(list, at.Add(time.Second), last.Path)
			for _, b := range drop {
				if b.Path == last.Path {
					t.Fatalf("the backup just written (%s) was pruned", at)
				}
				if !strings.HasPrefix(b.Path, "real ") {
					t.Fatalf("a backup of the year under the wrong clock was pruned: %s", b.Time)
				}
			}
		}
	}
	ahead, real := 0, 0
	days := map[string]bool{}
	for _, b := range list {
		if strings.HasPrefix(b.Path, "real ") {
			real++
			days[b.Time.Format("2006-01-02")] = true
		} else {
			ahead++
		}
	}
	if ahead != before {
		t.Fatalf("%d of the %d backups dated ahead of the clock kept", ahead, before)
	}
	if len(days) != 28 || real != 28+2 {
		t.Fatalf("%d backups of the right clock kept over %d days, want the last evening's 3 and one of each of 27 others", real, len(days))
	}
}

// One future-dated 600 MB backup beside 10 daily ones: the daily ones stay
// (before, only it was left): past the size bound, a backup dated ahead of
// the clock goes first.
func TestBackupsAheadOfTheClockGoFirstPastTheBound(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	list := []Backup{{Path: "ahead", Time: now.AddDate(1, 0, 0), Modified: now.AddDate(1, 0, 0), Size: 600 << 20}}
	for d := 0; d < 10; d++ {
		at := now.AddDate(0, 0, -d)
		list = append(list, Backup{Path: at.String(), Time: at, Modified: at, Size: 10 << 20})
	}
	keep, drop := DefaultRetention.Sort(list, now)
	if len(keep) != 10 || len(drop) != 1 || drop[0].Path != "ahead" {
		t.Fatalf("kept %d, dropped %v", len(keep), drop)
	}
}

// Item 2: 20 backups yesterday evening, 30 since midnight, one more: a
// day later yesterday still has its newest.
func TestBackupsADayNeverLosesEveryBackup(t *testing.T) {
	r := DefaultRetention
	today := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	var list []Backup
	add := func(at time.Time) {
		b := Backup{Path: at.String(), Time: at, Modified: at, Size: 1 << 20}
		list = append([]Backup{b}, list...)
		list, _ = r.Sort(list, at, b.Path)
	}
	for i := 0; i < 20; i++ {
		add(today.Add(-4*time.Hour + time.Duration(i)*5*time.Minute))
	}
	for i := 0; i < 30; i++ {
		add(today.Add(time.Duration(i) * 10 * time.Minute))
	}
	add(today.Add(6 * time.Hour))
	add(today.Add(30 * time.Hour)) // a day later
	yesterday := today.AddDate(0, 0, -1).Format("2006-01-02")
	n := 0
	for _, b := range list {
		if b.Time.Format("2006-01-02") == yesterday {
			n++
			if b.Time != today.Add(-4*time.Hour+19*5*time.Minute) {
				t.Fatalf("yesterday keeps %s, not its newest", b.Time)
			}
		}
	}
	if n != 1 {
		t.Fatalf("yesterday keeps %d backups, want its newest", n)
	}
}

// Item 3: backups of a 438 MB file: three are kept, past the 512 MB bound
// (before, the bound left one), and Warning says so before it happens.
func TestBackupsTheNewestThreeWinOverTheBound(t *testing.T) {
	r := DefaultRetention
	now := time.Date(2026, 11, 29, 22, 0, 0, 0, time.UTC)
	var list []Backup
	for d := 0; d < 5; d++ {
		at := now.AddDate(0, 0, -d)
		list = append(list, Backup{Path: at.String(), Time: at, Modified: at, Size: 438 << 20})
	}
	keep, _ := r.Sort(list, now)
	if len(keep) != 3 || keep[0].Time != now {
		t.Fatalf("kept %d of 5 backups of 438 MB, want the newest 3", len(keep))
	}
	small := []Backup{{Path: "a", Time: now, Size: 1 << 20}, {Path: "b", Time: now.Add(-day), Size: 1 << 20}}
	if w := r.Warning(small, 1<<20); w != "" {
		t.Fatalf("a warning for small backups: %q", w)
	}
	// 200 MB backups: two fit beside a third of the file's size…
	two := []Backup{{Path: "a", Time: now, Size: 150 << 20}, {Path: "b", Time: now.Add(-day), Size: 150 << 20}}
	if w := r.Warning(two, 150<<20); w != "" {
		t.Fatalf("a warning while three fit: %q", w)
	}
	// …and once the file grows past what three can hold, the Data screen
	// warns before the next backup removes the older ones.
	w := r.Warning(two, 260<<20)
	if !strings.Contains(w, "only the newest 3 are kept") || !strings.Contains(w, "512 MB") {
		t.Fatalf("warning: %q", w)
	}
}
