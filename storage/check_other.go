//go:build !unix

package storage

import (
	"os"
	"time"
)

func mapFile(f *os.File, n int64) (data []byte, release, done func(), err error) {
	data, done, err = readFile(f, n)
	return data, func() {}, done, err
}

// lockShared: without flock, bbolt's own lock (taken just after) is the guard.
func lockShared(*os.File, time.Duration) bool { return true }
