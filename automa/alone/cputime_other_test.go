//go:build !unix

package alone

import "time"

var start = time.Now()

func cpuTime() time.Duration { return time.Since(start) }
