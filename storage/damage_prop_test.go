package storage

import (
	"encoding/binary"
	"errors"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestRandomDamageNeverPanics flips random bytes of a real file over many
// seeds, and damages pages in ways a disk might (a zeroed freelist page, a
// page claiming another id): Open and VerifyFile may accept a file whose
// damage fell on unused space, but must never panic or crash.
func TestRandomDamageNeverPanics(t *testing.T) {
	path, good, backup := makeDamageable(t)
	const page = 4096
	refused, tried := 0, 0
	defer func() {
		t.Logf("%d of %d damaged files refused", refused, tried)
		// Damage can fall on unused space and be harmless, but most of it
		// lands on pages in use: a check that refused little would be blind.
		if !t.Failed() && refused*2 < tried {
			t.Errorf("only %d of %d damaged files refused", refused, tried)
		}
	}()
	try := func(bad []byte) {
		t.Helper()
		if err := os.WriteFile(path, bad, 0o600); err != nil {
			t.Fatal(err)
		}
		tried++
		before := fileHash(t, path)
		said := func(err error) {
			t.Helper()
			if err == nil {
				return
			}
			if w := hasPanicText(err.Error(), path, backup); w != "" {
				t.Fatalf("refused with %q: %v", w, err)
			}
			if fileHash(t, path) != before {
				t.Fatalf("a refused file was changed: %v", err)
			}
		}
		_, err := VerifyFile(path, reg)
		said(err)
		if err != nil {
			refused++
		}
		db, oerr := Open(path, reg)
		said(oerr)
		if oerr == nil {
			_, verr := db.Verify()
			db.Close()
			if verr != nil {
				said(verr)
			}
		}
	}
	// The freelist page, as the newer meta page names it.
	meta := func(b []byte) (int, uint64) {
		m0, m1 := binary.LittleEndian.Uint64(b[16+48:]), binary.LittleEndian.Uint64(b[page+16+48:])
		if m1 > m0 {
			return page, binary.LittleEndian.Uint64(b[page+16+32:])
		}
		return 0, binary.LittleEndian.Uint64(b[16+32:])
	}
	_, free := meta(good)
	t.Run("freelist zeroed", func(t *testing.T) {
		bad := append([]byte(nil), good...)
		if int(free+1)*page <= len(bad) {
			copy(bad[free*page:(free+1)*page], make([]byte, page))
		}
		try(bad)
	})
	for p := 2; p*page < len(good); p++ {
		bad := append([]byte(nil), good...)
		binary.LittleEndian.PutUint64(bad[p*page:], uint64(p+1000))
		try(bad)
		bad = append([]byte(nil), good...)
		binary.LittleEndian.PutUint64(bad[p*page:], 1<<40)
		try(bad)
	}
	seeds := 300
	if n, err := strconv.Atoi(os.Getenv("TABLEKEEPER_DAMAGE_SEEDS")); err == nil {
		seeds = n // a longer search, run by hand
	} else if testing.Short() {
		seeds = 30
	}
	for seed := int64(1); seed <= int64(seeds); seed++ {
		rng := rand.New(rand.NewSource(seed))
		bad := append([]byte(nil), good...)
		for n := 1 + rng.Intn(16); n > 0; n-- {
			i := rng.Intn(len(bad))
			if rng.Intn(4) == 0 {
				i = 2*page + rng.Intn(len(bad)-2*page)
				i -= i % page // a page header
				i += rng.Intn(16)
			}
			bad[i] ^= byte(1 + rng.Intn(255))
		}
		try(bad)
	}
}

// TestPageCycleIsDamageNotAHang points a branch page at itself: bbolt would
// walk round it forever.
func TestPageCycleIsDamageNotAHang(t *testing.T) {
	path, good, _ := makeDamageable(t)
	const page = 4096
	bad := append([]byte(nil), good...)
	found := false
	for p := 2; (p+1)*page <= len(bad); p++ {
		hdr := bad[p*page:]
		if binary.LittleEndian.Uint64(hdr) == uint64(p) && binary.LittleEndian.Uint16(hdr[8:]) == 0x01 {
			binary.LittleEndian.PutUint64(hdr[16+8:], uint64(p)) // first child: itself
			found = true
			break
		}
	}
	if !found {
		t.Fatal("the test file has no branch page")
	}
	if err := os.WriteFile(path, bad, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := VerifyFile(path, reg)
	var de *DamageError
	if !errors.As(err, &de) || !strings.Contains(de.Detail, "used twice") {
		t.Fatalf("VerifyFile: %v, want damage naming a page used twice", err)
	}
	if _, err := Open(path, reg); !errors.As(err, &de) {
		t.Fatalf("Open: %v, want a DamageError", err)
	}
}

// FuzzOpenFile hands whole files to VerifyFile and Open: a file either
// verifies or is refused in words, never a panic, a crash or a hang.
func FuzzOpenFile(f *testing.F) {
	path, good, _ := makeDamageable(f)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("shopping list\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := VerifyFile(path, reg); err != nil {
			if w := hasPanicText(err.Error(), path); w != "" {
				t.Fatalf("refused with %q: %v", w, err)
			}
			return
		}
		db, err := Open(path, reg)
		if err != nil {
			if w := hasPanicText(err.Error(), path); w != "" {
				t.Fatalf("refused with %q: %v", w, err)
			}
			return
		}
		_, _ = db.Verify()
		db.Close()
	})
}
