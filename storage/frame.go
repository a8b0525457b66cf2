package storage

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
)

// Every value is stored framed: a CRC-32C of the JSON, then the JSON. bbolt
// checksums only its meta pages, so without this a flipped byte inside an
// event would go unnoticed until it broke a replay, or worse, did not.

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

var errBadFrame = errors.New("a stored value fails its checksum")

func frame(v any) ([]byte, error) {
	js, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 4+len(js))
	binary.BigEndian.PutUint32(out, crc32.Checksum(js, castagnoli))
	copy(out[4:], js)
	return out, nil
}

// frameBytes frames a value that is already bytes.
func frameBytes(b []byte) []byte {
	out := make([]byte, 4+len(b))
	binary.BigEndian.PutUint32(out, crc32.Checksum(b, castagnoli))
	copy(out[4:], b)
	return out
}

func checkFrame(b []byte) ([]byte, error) {
	if len(b) < 4 || binary.BigEndian.Uint32(b) != crc32.Checksum(b[4:], castagnoli) {
		return nil, errBadFrame
	}
	return b[4:], nil
}

func unframe(b []byte, v any) error {
	js, err := checkFrame(b)
	if err != nil {
		return err
	}
	return json.Unmarshal(js, v)
}

func seqKey(seq uint64) []byte {
	k := make([]byte, 8)
	binary.BigEndian.PutUint64(k, seq)
	return k
}

func keySeq(k []byte) uint64 {
	if len(k) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(k)
}
