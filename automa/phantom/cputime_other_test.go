//go:build !unix

package phantom

import "time"

var start = time.Now()

func cpuTime() time.Duration { return time.Since(start) }
