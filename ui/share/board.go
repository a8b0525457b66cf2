package share

import (
	"bytes"
	"image"
	"image/png"
	"net/http"
	"strconv"
	"sync"
)

// The board picture for the table view: Table.Board drawn off screen by
// the game's own map code, as PNG, one drawing per change of the table and
// size, kept for the screens that ask again.

// Bounds of a board picture a page may ask for.
const (
	minBoard = 64
	maxBoard = 2048
	// boardsKept: a few table views of different sizes share the host.
	boardsKept = 4
)

type boardKey struct {
	seq  uint64
	dark bool
	size image.Point
}

type boardCache struct {
	mu   sync.Mutex
	keys []boardKey
	pngs map[boardKey][]byte
	// draw makes one drawing at a time: several screens asking at once
	// wait for the one drawing.
	draw sync.Mutex
}

func (c *boardCache) get(k boardKey) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.pngs[k]
	return b, ok
}

func (c *boardCache) put(k boardKey, b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pngs == nil {
		c.pngs = map[boardKey][]byte{}
	}
	if _, ok := c.pngs[k]; ok {
		return
	}
	c.keys = append(c.keys, k)
	c.pngs[k] = b
	for len(c.keys) > boardsKept {
		delete(c.pngs, c.keys[0])
		c.keys = c.keys[1:]
	}
}

// handleBoard answers the board as PNG, or 204 where the game has none.
func (h *Host) handleBoard(w http.ResponseWriter, r *http.Request, _ deviceRecord) {
	writeDeadline(w)
	q := r.URL.Query()
	size := image.Pt(atoiIn(q.Get("w"), 1280), atoiIn(q.Get("h"), 800))
	dark := q.Get("dark") == "1"
	h.board.draw.Lock()
	defer h.board.draw.Unlock()
	var seq uint64
	var img image.Image
	var err error
	var cached []byte
	ok := h.exec(func() {
		seq = h.opts.Session.LastSeq()
		if b, hit := h.board.get(boardKey{seq, dark, size}); hit {
			cached = b
			return
		}
		img, err = h.opts.Table.Board(h.opts.Session, size, dark)
	})
	switch {
	case !ok:
		h.refuse(w, http.StatusGone, reasonStopped, stoppedWords)
		return
	case err != nil:
		h.refuse(w, http.StatusServiceUnavailable, reasonFailed, "The board could not be drawn: "+refusalWords(err))
		return
	}
	if cached == nil {
		if img == nil {
			h.board.put(boardKey{seq, dark, size}, []byte{})
			w.WriteHeader(http.StatusNoContent)
			return
		}
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := enc.Encode(&buf, img); err != nil {
			h.refuse(w, http.StatusServiceUnavailable, reasonFailed, "The board could not be drawn.")
			return
		}
		cached = buf.Bytes()
		h.board.put(boardKey{seq, dark, size}, cached)
	}
	if len(cached) == 0 {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Tablekeeper-Seq", strconv.FormatUint(seq, 10))
	_, _ = w.Write(cached)
}

func atoiIn(s string, def int) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return def
	}
	return min(max(n, minBoard), maxBoard)
}
