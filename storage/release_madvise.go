//go:build linux || darwin || freebsd

package storage

import (
	"syscall"
	"unsafe"

	bolt "go.etcd.io/bbolt"
)

// releaseMapped lets the system take back the pages of the file that bbolt
// has mapped in. It must run inside a read transaction: bbolt moves its
// mapping only when no transaction reads it, so the range is the file's
// for as long as tx is open. The mapping is the file's and read-only, so
// dropping its pages loses nothing: they come back from the file.
func releaseMapped(tx *bolt.Tx) {
	size := uintptr(tx.Size())
	if size == 0 {
		return
	}
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, tx.DB().Info().Data, size, syscall.MADV_DONTNEED)
}

// releasePages does the same for a mapping of our own (a file's pages
// being walked, storage/check.go), which stays in place until unmapped.
func releasePages(data []byte) {
	if len(data) > 0 {
		_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, uintptr(unsafe.Pointer(&data[0])), uintptr(len(data)), syscall.MADV_DONTNEED)
	}
}
