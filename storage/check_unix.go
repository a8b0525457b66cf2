//go:build unix

package storage

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// mapFile maps the first n bytes of f read-only: checking a big file's pages
// then costs no copy, and the pages come from the cache bbolt has just filled.
// release lets the system take back the pages read so far (see
// releaseMapped); with the file read into memory instead, it does nothing.
func mapFile(f *os.File, n int64) (data []byte, release, done func(), err error) {
	data, err = syscall.Mmap(int(f.Fd()), 0, int(n), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		data, done, err = readFile(f, n)
		return data, func() {}, done, err
	}
	return data, func() { releasePages(data) }, func() { _ = syscall.Munmap(data) }, nil
}

// lockShared takes the same advisory lock bbolt takes, shared, so no other
// instance writes while the file is checked; it reports false if another
// instance still holds the file after wait.
func lockShared(f *os.File, wait time.Duration) bool {
	deadline := time.Now().Add(wait)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
		if err == nil {
			return true
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) || time.Now().After(deadline) {
			return false
		}
		time.Sleep(50 * time.Millisecond)
	}
}
