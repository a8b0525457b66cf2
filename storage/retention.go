package storage

import (
	"fmt"
	"time"
)

// Retention says which backups are kept, by age, so that one long evening
// of play never pushes last week's backups out: every backup of the last
// day (up to Recent of them), then the newest of each day for Days days,
// then the newest of each week for Weeks weeks. The newest Always are kept
// whatever their age (a campaign left for a year still has its backups),
// and when the kept ones together pass MaxBytes the oldest go first, down
// to the newest one.
type Retention struct {
	Recent   int
	Days     int
	Weeks    int
	Always   int
	MaxBytes int64
}

// DefaultRetention keeps at most 24 + 30 + 26 = 80 backups, within 512 MB.
var DefaultRetention = Retention{Recent: 24, Days: 30, Weeks: 26, Always: 3, MaxBytes: 512 << 20}

const day = 24 * time.Hour

// Sort splits backups (newest first) into those kept and those dropped at
// the time now. Days and weeks are the calendar's, in now's time zone.
func (r Retention) Sort(list []Backup, now time.Time) (keep, drop []Backup) {
	recent := 0
	days := map[string]bool{}
	weeks := map[[2]int]bool{}
	for i, b := range list {
		age := now.Sub(b.Time)
		local := b.Time.In(now.Location())
		kept := false
		switch {
		case i < r.Always:
			kept = true
			if age < day {
				recent++
			}
		case age < day: // a clock set back makes ages negative: recent too
			kept = recent < r.Recent
			recent++
		case age < time.Duration(r.Days)*day:
			d := local.Format("2006-01-02")
			kept, days[d] = !days[d], true
		case age < time.Duration(r.Weeks)*7*day:
			y, w := local.ISOWeek()
			kept, weeks[[2]int{y, w}] = !weeks[[2]int{y, w}], true
		}
		if kept {
			keep = append(keep, b)
		} else {
			drop = append(drop, b)
		}
	}
	if r.MaxBytes > 0 {
		var total int64
		for _, b := range keep {
			total += b.Size
		}
		for len(keep) > 1 && total > r.MaxBytes {
			last := keep[len(keep)-1]
			keep, drop = keep[:len(keep)-1], append(drop, last)
			total -= last.Size
		}
	}
	return keep, drop
}

// Words says the policy to the players.
func (r Retention) Words() string {
	s := fmt.Sprintf("Every backup of the last day is kept (up to %d), then the newest of each day for %d days, then the newest of each week for %d weeks.", r.Recent, r.Days, r.Weeks)
	if r.Always > 0 {
		s += fmt.Sprintf(" The newest %d are always kept, however old.", r.Always)
	}
	if r.MaxBytes > 0 {
		s += fmt.Sprintf(" Together they take at most %s: beyond that the oldest go first.", Size(r.MaxBytes))
	}
	return s
}

// Size says a number of bytes the way a file manager does.
func Size(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 10<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", (n+1023)>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
