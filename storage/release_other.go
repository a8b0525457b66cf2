//go:build !(linux || darwin || freebsd)

package storage

import bolt "go.etcd.io/bbolt"

// Elsewhere the system takes mapped pages back on its own.
func releaseMapped(*bolt.Tx) {}

func releasePages([]byte) {}
