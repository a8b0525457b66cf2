package storage

import bolt "go.etcd.io/bbolt"

// Reading a whole file (an export, a verify, a backup's check) goes through
// its pages as bbolt maps them into memory: they are the file's, held in the
// system's cache, and the system counts them as the program's own for as
// long as they stay mapped in, so reading a 438 MB file made the program
// 438 MB larger. Long reads let the system take them back as they go
// (every releaseEvery bytes read): the next touch brings a page back from
// the cache, and nothing else changes.

// releaseEvery is how many bytes of a file a long read goes through before
// it lets the system take its pages back.
const releaseEvery = 16 << 20

// A releaser counts the bytes a long read goes through, inside one read
// transaction, and lets the system take back the mapped pages every
// releaseEvery of them.
type releaser struct {
	tx   *bolt.Tx
	read int
}

func (r *releaser) add(n int) {
	if r.read += n; r.read >= releaseEvery {
		r.read = 0
		releaseMapped(r.tx)
	}
}
