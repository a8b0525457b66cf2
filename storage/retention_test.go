package storage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// playedYear is backups as a group would leave them over a year of play
// with the default policy: an evening a week (Thursday, three backups:
// by count at 20:40 and 21:50, one as the session ends at 22:30), and on
// the last evening the eleven backups of sixteen minutes of trying screens.
// Sort runs after every backup, as Backup does.
func playedYear(r Retention, end time.Time) (kept []Backup, dropped int) {
	start := end.AddDate(-1, 0, 0)
	add := func(t time.Time) {
		if t.After(end) {
			return
		}
		kept = append([]Backup{{Path: t.Format(backupTimeFormat), Time: t, Size: 1 << 20}}, kept...)
		var drop []Backup
		kept, drop = r.Sort(kept, t)
		dropped += len(drop)
	}
	for d := start; d.Before(end); d = d.AddDate(0, 0, 1) {
		if d.Weekday() != time.Thursday {
			continue
		}
		evening := time.Date(d.Year(), d.Month(), d.Day(), 20, 0, 0, 0, d.Location())
		for _, m := range []int{40, 110, 150} {
			add(evening.Add(time.Duration(m) * time.Minute))
		}
	}
	last := end.Add(-20 * time.Minute)
	for i := 0; i < 11; i++ {
		add(last.Add(time.Duration(i) * 90 * time.Second))
	}
	return kept, dropped
}

func TestBackupsAreKeptByAge(t *testing.T) {
	end := time.Date(2026, 11, 26, 23, 0, 0, 0, time.UTC) // a Thursday
	r := DefaultRetention
	kept, dropped := playedYear(r, end)
	t.Logf("a year of play: %d backups kept, %d dropped", len(kept), dropped)
	evenings := map[string]int{}
	for _, b := range kept {
		evenings[b.Time.Format("2006-01-02")]++
	}
	// The last evening keeps every backup (11, within a day of the newest).
	if n := evenings[end.Format("2006-01-02")]; n != 11 {
		t.Errorf("%d backups of the last evening kept, want all 11", n)
	}
	// Each of the 29 evenings before it keeps its newest: days are
	// counted among the days that have backups, so a group that plays once
	// a week keeps 30 evenings, and the weeks reach no further.
	for d := end.AddDate(0, 0, -7); end.Sub(d) < 29*7*day+day; d = d.AddDate(0, 0, -7) {
		if n := evenings[d.Format("2006-01-02")]; n != 1 {
			t.Errorf("%d backups kept for the evening of %s, want its newest", n, d.Format("2006-01-02"))
		}
	}
	if len(evenings) != 30 || len(kept) != 11+29 {
		t.Errorf("%d backups kept over %d evenings, want 40 over 30", len(kept), len(evenings))
	}
	for _, b := range kept {
		if b.Time.Format("2006-01-02") != end.Format("2006-01-02") && b.Time.Hour() != 22 {
			t.Errorf("kept %s, not its evening's newest", b.Time)
		}
	}
	// One evening never pushes out last week.
	if evenings[end.AddDate(0, 0, -7).Format("2006-01-02")] == 0 {
		t.Error("last week's evening has no backup left")
	}
}

func TestBackupRetentionEdges(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	at := func(ago time.Duration, size int64) Backup {
		return Backup{Path: now.Add(-ago).String(), Time: now.Add(-ago), Size: size}
	}
	// A campaign left for a year keeps its backups: its days are the last
	// days that have one.
	old := []Backup{at(400*day, 10), at(401*day, 10), at(402*day, 10), at(403*day, 10)}
	keep, drop := DefaultRetention.Sort(old, now)
	if len(keep) != 4 || len(drop) != 0 {
		t.Fatalf("a year-old campaign keeps %d of its backups, drops %d; want all 4", len(keep), len(drop))
	}
	// More than Recent in a day: the newest Recent.
	var many []Backup
	for i := 0; i < 30; i++ {
		many = append(many, at(time.Duration(i)*time.Minute, 10))
	}
	if keep, _ := DefaultRetention.Sort(many, now); len(keep) != DefaultRetention.Recent || keep[0] != many[0] {
		t.Fatalf("30 backups in an hour: %d kept", len(keep))
	}
	// A clock set back: a backup "from the future" is kept beside today's.
	if keep, _ := DefaultRetention.Sort([]Backup{at(-3*day, 10), at(2*day, 10)}, now); len(keep) != 2 {
		t.Fatalf("a backup from the future was dropped: %d kept", len(keep))
	}
	// The size bound drops the oldest first, but never the newest 3.
	r := DefaultRetention
	r.MaxBytes = 250
	keep, _ = r.Sort([]Backup{at(0, 100), at(2*day, 100), at(3*day, 100), at(4*day, 100)}, now)
	if len(keep) != 3 || keep[2].Time != now.Add(-3*day) {
		t.Fatalf("size bound kept %v", keep)
	}
	r.Always = 1
	keep, _ = r.Sort([]Backup{at(0, 100), at(2*day, 100), at(3*day, 100)}, now)
	if len(keep) != 2 || keep[1].Time != now.Add(-2*day) {
		t.Fatalf("size bound kept %v", keep)
	}
	keep, _ = r.Sort([]Backup{at(0, 1000), at(day*2, 10)}, now)
	if len(keep) != 1 || keep[0].Size != 1000 {
		t.Fatalf("a backup bigger than the bound: kept %v", keep)
	}
	if w := DefaultRetention.Words(); !strings.Contains(w, "last day") || !strings.Contains(w, "last 26 weeks") || !strings.Contains(w, "512 MB") || !strings.Contains(w, "newest 3 are always kept") {
		t.Fatalf("policy in words: %q", w)
	}
}

// The policy on real files, with the file's clock injected: a month of
// weekly evenings, each with a backup by count and one asked for.
func TestBackupsOnDiskKeepLastWeek(t *testing.T) {
	db, _ := openTemp(t)
	db.BackupEvery = 0
	clock := time.Date(2026, 10, 1, 20, 0, 0, 0, time.UTC)
	db.now = func() time.Time { return clock }
	c, _ := db.NewCampaign(tracker.Alone, "Weekly", 1)
	s, _ := db.OpenSession(c.ID)
	for week := 0; week < 8; week++ {
		for i := 0; i < 12; i++ { // one evening of trying screens
			addNotes(t, s, 1)
			if _, err := db.Backup(); err != nil {
				t.Fatal(err)
			}
			clock = clock.Add(80 * time.Second)
		}
		clock = clock.Add(7*day - 16*time.Minute)
	}
	list, _ := db.Backups()
	// This evening's 12, then one for each of the four earlier evenings
	// within a month, then the weeks before.
	if len(list) != 12+4+3 {
		for _, b := range list {
			t.Log(b.Time)
		}
		t.Fatalf("%d backups kept", len(list))
	}
	size, err := db.BackupsSize()
	if err != nil || size <= 0 {
		t.Fatalf("total size %d %v", size, err)
	}
	for _, b := range list {
		if _, err := VerifyFile(b.Path, reg); err != nil {
			t.Fatal(err)
		}
	}
}

// The count toward the next backup survives reopening: five sessions of
// 150 actions are 750 actions, three backups by count at 200 each.
func TestBackupCountSurvivesReopening(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tablekeeper.db")
	var id string
	for session := 0; session < 5; session++ {
		db, err := Open(path, reg)
		if err != nil {
			t.Fatal(err)
		}
		if id == "" {
			c, _ := db.NewCampaign(tracker.Alone, "Sessions", 1)
			id = c.ID
		}
		s, err := db.OpenSession(id)
		if err != nil {
			t.Fatal(err)
		}
		addNotes(t, s, 150)
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	list, _ := db.Backups()
	if len(list) != 3 {
		t.Fatalf("%d backups by count after 5 sessions of 150 actions, want 3", len(list))
	}
	// The count is of the actions the newest backup does not hold (a
	// backup in the background may take in an action or two more).
	cs, err := Campaigns(list[0].Path, reg)
	if err != nil || len(cs) != 1 || cs[0].Events < 600 {
		t.Fatalf("newest backup holds %+v %v", cs, err)
	}
	if n := db.ActionsSinceBackup(); n != 750-cs[0].Events {
		t.Fatalf("%d actions toward the next backup, want %d", n, 750-cs[0].Events)
	}
	// Opening and closing without playing does not write the file.
	before := fileHash(t, path)
	db.Close()
	db, _ = Open(path, reg)
	db.Close()
	if fileHash(t, path) != before {
		t.Fatal("opening and closing wrote to the file")
	}
}

// A backup that cannot be written is retried after another BackupEvery
// actions, not after every action.
func TestFailedBackupRetriesLater(t *testing.T) {
	db, _ := openTemp(t)
	db.BackupEvery = 5
	blocker := filepath.Join(t.TempDir(), "not-a-folder")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	db.BackupDir = filepath.Join(blocker, "backups")
	c, _ := db.NewCampaign(tracker.Alone, "Blocked", 1)
	s, _ := db.OpenSession(c.ID)
	tries := 0
	for i := 0; i < 12; i++ {
		addNotes(t, s, 1)
		db.bg.Wait()
		if db.BackgroundError() != nil {
			tries++
			db.bgErr = nil
		}
	}
	if tries != 2 {
		t.Fatalf("%d tries in 12 actions with a backup every 5, want 2 (at 5 and 10)", tries)
	}
}
