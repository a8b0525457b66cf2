//go:build !unix

package widgets

import "time"

var start = time.Now()

func cpuTime() time.Duration { return time.Since(start) }
