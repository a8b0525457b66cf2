//go:build !unix

package reich

import "time"

var start = time.Now()

func cpuTime() time.Duration { return time.Since(start) }
