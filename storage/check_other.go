//go:build !unix

package storage

import (
	"os"
	"time"
)

func mapFile(f *os.File, n int64) ([]byte, func(), error) { return readFile(f, n) }

// lockShared: without flock, bbolt's own lock (taken just after) is the guard.
func lockShared(*os.File, time.Duration) bool { return true }
