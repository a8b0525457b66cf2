//go:build unix

package widgets

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used: on a shared machine it
// measures the work better than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
