package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"os"

	berrors "go.etcd.io/bbolt/errors"
)

// bbolt trusts its file: it follows page numbers through a memory map, and a
// damaged number can send it past the end of the file (a fatal fault in Tx.Check's
// own goroutine, where no recover reaches), round a cycle of pages forever, or
// into a list of free pages claiming billions of entries. So before bbolt reads
// anything beyond its header, checkStructure reads the file itself, with plain
// reads and bounds on everything, and walks the same pages bbolt would: the
// list of free pages, and every bucket's tree, nested buckets included.
//
// The layout is bbolt's file format version 2 (go.etcd.io/bbolt
// internal/common: Page, Meta, branchPageElement, leafPageElement, InBucket).
const (
	pageHeaderSize   = 16 // id uint64, flags uint16, count uint16, overflow uint32
	elementSize      = 16 // a branch or leaf element
	metaSumLen       = 56 // the meta record up to its checksum
	bucketHeaderSize = 16 // root pgid, sequence
	branchPageFlag   = 0x01
	leafPageFlag     = 0x02
	freelistPageFlag = 0x10
	bucketLeafFlag   = 0x01
	noFreelist       = ^uint64(0)
	boltMagic        = 0xED0CDAED
	boltVersion      = 2
	maxDepth         = 64 // tree levels and bucket nesting together
)

type metaRecord struct {
	pageSize            uint32
	root, freelist, hwm uint64
	txid                uint64
	valid               bool
}

func readMeta(m []byte) metaRecord {
	sum := fnv.New64a()
	_, _ = sum.Write(m[:metaSumLen])
	return metaRecord{
		pageSize: binary.LittleEndian.Uint32(m[8:]),
		root:     binary.LittleEndian.Uint64(m[16:]),
		freelist: binary.LittleEndian.Uint64(m[32:]),
		hwm:      binary.LittleEndian.Uint64(m[40:]),
		txid:     binary.LittleEndian.Uint64(m[48:]),
		valid: binary.LittleEndian.Uint32(m) == boltMagic &&
			binary.LittleEndian.Uint32(m[4:]) == boltVersion &&
			binary.LittleEndian.Uint64(m[metaSumLen:]) == sum.Sum64(),
	}
}

// pageWalk reads pages of one file, remembering which it has seen: in a sound
// file every page belongs to exactly one place.
type pageWalk struct {
	data []byte // the pages below the high water mark
	ps   int64
	hwm  uint64
	seen []bool
	// read counts the bytes walked since release was last called.
	read    int64
	release func()
}

// precheck checks an existing file before bbolt opens it: bbolt reads its
// list of free pages while opening, and a panic there would leave the file
// locked until the app exits. It waits for another instance's lock as bbolt
// would, and reports that as bbolt's timeout.
func precheck(path string) error { return precheckFile(path, false) }

// precheckAsItReads is precheck where one damaged header is allowed: the
// file is walked as bbolt would read it, through the other.
func precheckAsItReads(path string) error { return precheckFile(path, true) }

func precheckFile(path string, oneHeader bool) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	if !lockShared(f, LockWait) {
		return berrors.ErrTimeout
	}
	return checkOpenFile(f, oneHeader)
}

// checkStructure checks the file at path, which this instance has open.
func checkStructure(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return checkOpenFile(f, false)
}

// checkOpenFile checks f as described above. An empty file passes: whether
// it may be taken for a new one is for Open to decide. With oneHeader, a
// file whose only damage is one of its two meta pages passes.
func checkOpenFile(f *os.File, oneHeader bool) error {
	st, err := f.Stat()
	if err != nil {
		return err
	}
	size := st.Size()
	if size == 0 {
		return nil
	}
	// The walk reads with bounds on everything, but a mistake in it, or the
	// file cut short while it is mapped, must still come out as words.
	return safely(func() error {
		m, ps, headerErr := pickMeta(f, size)
		var d *damaged
		if headerErr != nil && !(errors.As(headerErr, &d) && d.asItReads) {
			return headerErr
		}
		if oneHeader {
			headerErr = nil
		}
		if m.hwm < 2 || m.hwm > uint64(size/ps) {
			return &damaged{what: "it is shorter than its own index says (it may have been cut off while copying)",
				detail: fmt.Sprintf("%d pages of %d bytes, the index names %d", size/ps, ps, m.hwm)}
		}
		// The used part whole, as bbolt maps it; page-by-page reads cost three
		// times as long on a big file.
		data, release, done, err := mapFile(f, int64(m.hwm)*ps)
		if err != nil {
			return &damaged{what: "it cannot be read to its end", detail: err.Error()}
		}
		defer done()
		w := &pageWalk{data: data, ps: ps, hwm: m.hwm, seen: make([]bool, m.hwm), release: release}
		w.seen[0], w.seen[1] = true, true // the meta pages
		if m.freelist != noFreelist {
			if err := w.freelist(m.freelist); err != nil {
				return indexBroken(err)
			}
		}
		if err := w.tree(m.root, 0); err != nil {
			return indexBroken(err)
		}
		// Read whole through the good header: say the header's damage.
		return headerErr
	})
}

// indexBroken says what a page-level finding means to someone who has never
// heard of pages, keeping the finding for whoever looks closer.
func indexBroken(err error) error {
	var d *damaged
	if errors.As(err, &d) {
		return &damaged{what: "its internal index is broken, so some of what it holds cannot be found", detail: d.what}
	}
	return err
}

func readFile(f *os.File, n int64) ([]byte, func(), error) {
	data := make([]byte, n)
	if _, err := f.ReadAt(data, 0); err != nil {
		return nil, nil, err
	}
	return data, func() {}, nil
}

// pickMeta reads both meta pages and picks the one bbolt would use: the
// valid one with the higher transaction id. bbolt writes them in turn, so
// in a sound file both are valid; when one is not, bbolt silently uses the
// other, one write older. That is damage to say, not to pass over.
func pickMeta(f *os.File, size int64) (metaRecord, int64, error) {
	var head [pageHeaderSize + metaSumLen + 8]byte
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return metaRecord{}, 0, &damaged{what: notOurs, detail: err.Error()}
	}
	m0 := readMeta(head[pageHeaderSize:])
	sane := func(ps int64) bool { return ps >= 1024 && ps <= 1<<20 && ps&(ps-1) == 0 && 2*ps <= size }
	m0.valid = m0.valid && sane(int64(m0.pageSize))
	var m1 metaRecord
	for _, ps := range []int64{int64(m0.pageSize), int64(os.Getpagesize()), 4096, 16384, 65536} {
		if !sane(ps) {
			continue
		}
		if _, err := f.ReadAt(head[:], ps); err == nil {
			if m := readMeta(head[pageHeaderSize:]); m.valid && int64(m.pageSize) == ps {
				m1 = m
				break
			}
		}
	}
	switch {
	case m0.valid && m1.valid:
		if m1.txid > m0.txid {
			return m1, int64(m1.pageSize), nil
		}
		return m0, int64(m0.pageSize), nil
	case !m0.valid && !m1.valid:
		return metaRecord{}, 0, &damaged{what: notOurs, detail: "neither meta page is valid"}
	}
	good, bad, badAt := m0, m1, int64(m0.pageSize)
	if m1.valid {
		good, bad, badAt = m1, m0, 0
	}
	// The damaged page's own transaction id, if that much of it still reads:
	// lower than the good one's, it was the older page and nothing is missing.
	if _, err := f.ReadAt(head[:], badAt); err == nil {
		bad = readMeta(head[pageHeaderSize:])
	}
	d := &damaged{asItReads: true, detail: fmt.Sprintf("meta page %d is invalid; meta page %d (transaction %d) is valid", badAt/int64(good.pageSize), 1-badAt/int64(good.pageSize), good.txid)}
	if bad.txid < good.txid && good.txid-bad.txid <= 2 {
		d.what = "the older of the two copies of its table of contents is damaged (what it holds looks complete)"
	} else {
		d.what = "one of the two copies of its table of contents is damaged, so the last change written to it may be missing (the file still reads whole as it was just before that change)"
	}
	return good, int64(good.pageSize), d
}

const notOurs = "it is not a Tablekeeper file, or its beginning is damaged"

// page reads page id with its overflow pages, checking that it lies inside
// the file, names itself, and has one of the wanted kinds.
func (w *pageWalk) page(id uint64, want uint16, what string) ([]byte, error) {
	if id < 2 || id >= w.hwm {
		return nil, &damaged{what: fmt.Sprintf("%s points to page %d, which does not exist", what, id)}
	}
	if w.seen[id] {
		return nil, &damaged{what: fmt.Sprintf("page %d is used twice (%s)", id, what)}
	}
	hdr := w.data[int64(id)*w.ps:]
	flags := binary.LittleEndian.Uint16(hdr[8:])
	overflow := uint64(binary.LittleEndian.Uint32(hdr[12:]))
	if got := binary.LittleEndian.Uint64(hdr[:]); got != id {
		return nil, &damaged{what: fmt.Sprintf("page %d calls itself page %d", id, got)}
	}
	if flags&want == 0 || flags&^(branchPageFlag|leafPageFlag|freelistPageFlag|0x04) != 0 {
		return nil, &damaged{what: fmt.Sprintf("page %d should hold %s but holds something else", id, what)}
	}
	if id+overflow >= w.hwm {
		return nil, &damaged{what: fmt.Sprintf("page %d runs past the end of the file", id)}
	}
	for p := id; p <= id+overflow; p++ {
		if w.seen[p] {
			return nil, &damaged{what: fmt.Sprintf("page %d is used twice (%s)", p, what)}
		}
		w.seen[p] = true
	}
	// The pages walked are the file's, in the system's cache: let it take
	// them back now and then, so the walk of a big file does not hold it.
	if w.read += int64(overflow+1) * w.ps; w.read >= releaseEvery {
		w.read = 0
		w.release()
	}
	return w.data[int64(id)*w.ps : int64(id+overflow+1)*w.ps], nil
}

func (w *pageWalk) freelist(id uint64) error {
	p, err := w.page(id, freelistPageFlag, "the list of free pages")
	if err != nil {
		return err
	}
	count := uint64(binary.LittleEndian.Uint16(p[10:]))
	first := uint64(pageHeaderSize)
	if count == 0xFFFF { // the real count is the first entry
		count = binary.LittleEndian.Uint64(p[pageHeaderSize:])
		first += 8
	}
	if count > (uint64(len(p))-first)/8 {
		return &damaged{what: fmt.Sprintf("the list of free pages at page %d runs past its end", id)}
	}
	for i := uint64(0); i < count; i++ {
		free := binary.LittleEndian.Uint64(p[first+8*i:])
		if free < 2 || free >= w.hwm {
			return &damaged{what: fmt.Sprintf("the list of free pages names page %d, which does not exist", free)}
		}
	}
	return nil
}

// tree walks the bucket tree whose root is page id.
func (w *pageWalk) tree(id uint64, depth int) error {
	p, err := w.page(id, branchPageFlag|leafPageFlag, "a bucket")
	if err != nil {
		return err
	}
	return w.node(p, id, depth)
}

// node checks one branch or leaf page (p, which may be an inline page held
// in a bucket's value), then what it points to.
func (w *pageWalk) node(p []byte, id uint64, depth int) error {
	if depth > maxDepth {
		return &damaged{what: "its buckets nest impossibly deep"}
	}
	bad := func(why string) error {
		if id == 0 {
			return &damaged{what: "a small bucket stored inside another is damaged (" + why + ")"}
		}
		return &damaged{what: fmt.Sprintf("page %d is damaged (%s)", id, why)}
	}
	if len(p) < pageHeaderSize {
		return bad("too short")
	}
	flags := binary.LittleEndian.Uint16(p[8:])
	count := uint64(binary.LittleEndian.Uint16(p[10:]))
	size := uint64(len(p))
	if pageHeaderSize+count*elementSize > size {
		return bad("more entries than fit")
	}
	for i := uint64(0); i < count; i++ {
		at := pageHeaderSize + i*elementSize
		e := p[at : at+elementSize]
		switch {
		case flags&branchPageFlag != 0:
			pos, ksize := uint64(binary.LittleEndian.Uint32(e)), uint64(binary.LittleEndian.Uint32(e[4:]))
			if at+pos+ksize > size {
				return bad("a key runs past the page")
			}
			if id == 0 {
				return bad("a branch inside a value")
			}
			if err := w.tree(binary.LittleEndian.Uint64(e[8:]), depth+1); err != nil {
				return err
			}
		case flags&leafPageFlag != 0:
			eflags := binary.LittleEndian.Uint32(e)
			pos := uint64(binary.LittleEndian.Uint32(e[4:]))
			ksize := uint64(binary.LittleEndian.Uint32(e[8:]))
			vsize := uint64(binary.LittleEndian.Uint32(e[12:]))
			if at+pos+ksize+vsize > size {
				return bad("a value runs past the page")
			}
			if eflags&bucketLeafFlag == 0 {
				continue
			}
			v := p[at+pos+ksize : at+pos+ksize+vsize]
			if len(v) < bucketHeaderSize {
				return bad("a bucket's header is cut short")
			}
			if root := binary.LittleEndian.Uint64(v); root != 0 {
				if err := w.tree(root, depth+1); err != nil {
					return err
				}
			} else if err := w.node(v[bucketHeaderSize:], 0, depth+1); err != nil {
				return err
			}
		default:
			return bad("neither a branch nor a leaf")
		}
	}
	return nil
}
