package storage

import (
	"fmt"
	"slices"
	"sort"
	"time"
)

// Retention says which backups are kept, so that one long evening of play
// never pushes last week's backups out, and neither a long break nor a
// wrong clock empties the folder:
//
//   - every backup of the last day of play (up to Recent of the 24 hours
//     before the newest backup);
//   - the newest of each of the last Days days that have a backup, and of
//     each of the last Weeks weeks that have one: days and weeks are
//     counted among those that have backups, not back from the clock, so
//     a clock two years ahead (or a group back after a year away) keeps
//     them all;
//   - the newest Always, and the backup just written, whatever else holds;
//   - within MaxBytes together: beyond it the oldest go first, but never
//     the newest Always nor the one just written, which are kept even when
//     they alone take more (Warning says so before it happens).
//
// A backup is dated by its name; a name ahead of the device's clock (a
// clock that was wrong when it was written, or a copy made under a wrong
// name) is dated by its file's own time instead. Backups whose file's time
// is ahead of the clock too are kept by the same rules among themselves,
// so they never push out the backups the clock vouches for (nor the one
// just written); past MaxBytes they go first.
type Retention struct {
	Recent   int
	Days     int
	Weeks    int
	Always   int
	MaxBytes int64
}

// DefaultRetention keeps at most 24 + 30 + 26 backups, within 512 MB
// unless the newest 3 alone take more.
var DefaultRetention = Retention{Recent: 24, Days: 30, Weeks: 26, Always: 3, MaxBytes: 512 << 20}

const day = 24 * time.Hour

// clockSlack is how far ahead of the clock a backup's time may be and still
// count as the clock's own: file systems round times, and two devices'
// clocks differ by seconds.
const clockSlack = time.Minute

// dated is the time a backup is sorted by, and whether that time is ahead
// of the clock (see Retention).
func dated(b Backup, now time.Time) (at time.Time, ahead bool) {
	limit := now.Add(clockSlack)
	if !b.Time.After(limit) {
		return b.Time, false
	}
	if !b.Modified.IsZero() && !b.Modified.After(limit) {
		return b.Modified, false
	}
	return b.Time, true
}

// A sorted backup is one backup as Sort weighs it.
type sorted struct {
	b         Backup
	at        time.Time
	ahead     bool
	protected bool // never dropped, by age or by size
	kept      bool
}

// Sort splits backups into those kept and those dropped at the time now;
// just names backups written by the run that sorts, never dropped by it.
// Both lists come newest first, by the time each is dated. Days and weeks
// are the calendar's, in now's time zone.
func (r Retention) Sort(list []Backup, now time.Time, just ...string) (keep, drop []Backup) {
	var clock, ahead []*sorted
	all := make([]sorted, len(list))
	for i, b := range list {
		all[i].b = b
		all[i].at, all[i].ahead = dated(b, now)
		all[i].protected = slices.Contains(just, b.Path)
	}
	sort.SliceStable(all, func(i, j int) bool {
		if !all[i].at.Equal(all[j].at) {
			return all[i].at.After(all[j].at)
		}
		return all[i].b.Time.After(all[j].b.Time)
	})
	for i := range all {
		if all[i].ahead {
			ahead = append(ahead, &all[i])
		} else {
			clock = append(clock, &all[i])
		}
	}
	r.mark(clock, now)
	r.mark(ahead, now)
	// The newest Always of those the clock vouches for (or, if fewer,
	// the newest of the others) are kept whatever they take.
	n := 0
	for _, group := range [][]*sorted{clock, ahead} {
		for _, it := range group {
			if n < r.Always {
				it.protected = true
				n++
			}
		}
	}
	var total int64
	for i := range all {
		if all[i].kept = all[i].kept || all[i].protected; all[i].kept {
			total += all[i].b.Size
		}
	}
	// The size bound: those dated ahead of the clock go first, then the
	// oldest; never a protected one.
	for _, group := range [][]*sorted{ahead, clock} {
		for i := len(group) - 1; i >= 0 && r.MaxBytes > 0 && total > r.MaxBytes; i-- {
			if it := group[i]; it.kept && !it.protected {
				it.kept = false
				total -= it.b.Size
			}
		}
	}
	for _, it := range all {
		if it.kept {
			keep = append(keep, it.b)
		} else {
			drop = append(drop, it.b)
		}
	}
	return keep, drop
}

// mark marks the backups of one group (newest first) that the rules of
// age keep: the last day of play, then the newest of each of the last
// days and weeks that have one.
func (r Retention) mark(group []*sorted, now time.Time) {
	if len(group) == 0 {
		return
	}
	recent := 0
	for _, it := range group {
		if group[0].at.Sub(it.at) < day && recent < r.Recent {
			it.kept = true
			recent++
		}
	}
	days, weeks := map[string]bool{}, map[[2]int]bool{}
	for _, it := range group {
		local := it.at.In(now.Location())
		if d := local.Format("2006-01-02"); !days[d] && len(days) < r.Days {
			days[d] = true
			it.kept = true
		}
		y, w := local.ISOWeek()
		if k := [2]int{y, w}; !weeks[k] && len(weeks) < r.Weeks {
			weeks[k] = true
			it.kept = true
		}
	}
}

// Words says the policy to the players.
func (r Retention) Words() string {
	s := fmt.Sprintf("Every backup of the last day of play is kept (up to %d), then the newest of each of the last %d days that have one, then the newest of each of the last %d weeks that have one: a long break or a wrong clock never empties them.", r.Recent, r.Days, r.Weeks)
	if r.MaxBytes > 0 {
		s += fmt.Sprintf(" Together they take at most %s: beyond that the oldest go first.", Size(r.MaxBytes))
	}
	if r.Always > 0 {
		s += fmt.Sprintf(" The newest %d are always kept, however old, and even when they alone take more than that.", r.Always)
	}
	return s
}

// Warning says, in words, when the size bound leaves (or the next backup
// will leave) only the newest Always backups: backups of a file of next
// bytes are so large that Always of them pass MaxBytes. It is empty while
// they fit. list is the backups as kept now, newest first.
func (r Retention) Warning(list []Backup, next int64) string {
	if r.MaxBytes <= 0 || r.Always <= 0 {
		return ""
	}
	sum := next
	for i := 0; i < len(list) && i < r.Always-1; i++ {
		sum += list[i].Size
	}
	if sum <= r.MaxBytes {
		return ""
	}
	return fmt.Sprintf("The campaign file takes %s, so %d backups of it take about %s, more than the %s backups may take: from the next backup on only the newest %d are kept (they are kept even past %s), and every older one is removed. Export a campaign you want to keep apart.",
		Size(next), r.Always, Size(sum), Size(r.MaxBytes), r.Always, Size(r.MaxBytes))
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
