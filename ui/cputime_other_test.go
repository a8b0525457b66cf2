//go:build !unix

package ui

import "time"

var start = time.Now()

func cpuTime() time.Duration { return time.Since(start) }
