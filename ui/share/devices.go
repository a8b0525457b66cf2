package share

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Devices keeps what a host must remember across a restart, in the
// campaign's file (storage.DB implements it): the join code and the
// devices let in, with their keys' digests. A host killed and started
// again lets the same phones back in; a host stopped (Host.Stop) clears
// it, and every old key and code is worthless.
type Devices interface {
	// LoadShare returns every value kept for the campaign, by name.
	LoadShare(campaignID string) (map[string][]byte, error)
	// PutShare keeps a value under a name; nil removes it.
	PutShare(campaignID, name string, value []byte) error
	// ClearShare forgets every value kept for the campaign, and the
	// answers its devices were given.
	ClearShare(campaignID string) error
}

// MemoryDevices is a Devices in memory, for tests and for a host that
// need not outlive its process.
func MemoryDevices() Devices { return &memDevices{m: map[string]map[string][]byte{}} }

type memDevices struct {
	mu sync.Mutex
	m  map[string]map[string][]byte
}

func (d *memDevices) LoadShare(id string) (map[string][]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := map[string][]byte{}
	for k, v := range d.m[id] {
		out[k] = append([]byte(nil), v...)
	}
	return out, nil
}

func (d *memDevices) PutShare(id, name string, v []byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.m[id] == nil {
		d.m[id] = map[string][]byte{}
	}
	if v == nil {
		delete(d.m[id], name)
	} else {
		d.m[id][name] = append([]byte(nil), v...)
	}
	return nil
}

func (d *memDevices) ClearShare(id string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.m, id)
	return nil
}

// A Role is what the host lets a device do.
type Role string

const (
	// RolePlay: the device may play its seat's figure (once it has one).
	RolePlay Role = "play"
	// RoleWatch: the device only watches; the host refuses its taps.
	RoleWatch Role = "watch"
)

// A Device is a phone or tablet joined to the table, as the host's screen
// lists it.
type Device struct {
	ID   string
	Name string
	// Seat is the seat it sits at (a Seat's ID), "" while it watches.
	Seat string
	// SeatName is the seat's name in words ("" while it watches).
	SeatName string
	Role     Role
	Joined   time.Time
	// LastSeen is the last time it asked the host anything (zero: not
	// since the host started).
	LastSeen time.Time
	// Connected: its live stream is open now.
	Connected bool
}

// Limits of the devices.
const (
	// MaxDevices joined to one table at once: more than any table seats,
	// few enough that a flood of joins cannot grow the file.
	MaxDevices  = 32
	maxNameLen  = 40
	shareJoin   = "join"
	shareDevice = "device:"
)

// deviceRecord is a device as the file keeps it. Only the key's digest is
// kept: a backup of the file does not hold a key that lets anyone in.
type deviceRecord struct {
	ID     string    `json:"id"`
	Name   string    `json:"name"`
	Seat   string    `json:"seat,omitempty"`
	Watch  bool      `json:"watch,omitempty"`
	KeySum string    `json:"keySum"`
	Joined time.Time `json:"joined"`
}

func (r deviceRecord) role() Role {
	if r.Watch {
		return RoleWatch
	}
	return RolePlay
}

// joinRecord is the table's join code and the token in its QR code.
type joinRecord struct {
	Code  string `json:"code"`
	Token string `json:"token"`
	// Share names this sharing: a page keeps its device under it, and a
	// new sharing (after a stop) is another one.
	Share string `json:"share"`
}

// registry is the host's devices in memory, written through to Devices.
// Its own lock guards it; it never calls the session.
type registry struct {
	mu       sync.Mutex
	store    Devices
	campaign string
	join     joinRecord
	devices  map[string]*deviceRecord
	byKey    map[string]string // key digest → device ID
	seen     map[string]time.Time
	streams  map[string]int // open streams per device
}

func keySum(key string) string {
	s := sha256.Sum256([]byte(key))
	return hex.EncodeToString(s[:])
}

// loadRegistry reads what the file keeps, making a join code the first
// time. A record that does not read is left out (its device joins again).
func loadRegistry(store Devices, campaign string) (*registry, error) {
	r := &registry{store: store, campaign: campaign, devices: map[string]*deviceRecord{}, byKey: map[string]string{},
		seen: map[string]time.Time{}, streams: map[string]int{}}
	kept, err := store.LoadShare(campaign)
	if err != nil {
		return nil, fmt.Errorf("the devices this table let in cannot be read: %w", err)
	}
	if v, ok := kept[shareJoin]; ok && json.Unmarshal(v, &r.join) == nil && validCode(r.join.Code) && len(r.join.Token) >= 16 && r.join.Share != "" {
		for name, v := range kept {
			id, ok := strings.CutPrefix(name, shareDevice)
			if !ok {
				continue
			}
			var d deviceRecord
			if json.Unmarshal(v, &d) != nil || d.ID != id || len(d.KeySum) != 64 {
				continue
			}
			r.devices[id] = &d
			r.byKey[d.KeySum] = id
		}
		return r, nil
	}
	// No sharing kept (or a damaged one): a new one, with nothing from
	// before.
	if err := store.ClearShare(campaign); err != nil {
		return nil, err
	}
	r.join = joinRecord{Code: newCode(), Token: randomText(16), Share: randomText(9)}
	v, _ := json.Marshal(r.join)
	if err := store.PutShare(campaign, shareJoin, v); err != nil {
		return nil, fmt.Errorf("the join code cannot be kept: %w", err)
	}
	return r, nil
}

// checkCode says whether a join code or token is this table's.
func (r *registry) checkCode(code, token string) bool {
	r.mu.Lock()
	j := r.join
	r.mu.Unlock()
	if token != "" {
		return subtle.ConstantTimeCompare([]byte(token), []byte(j.Token)) == 1
	}
	c := normalCode(code)
	return c != "" && subtle.ConstantTimeCompare([]byte(c), []byte(j.Code)) == 1
}

// add lets a device in and returns it with its key.
func (r *registry) add(name, seat string, now time.Time) (*deviceRecord, string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.devices) >= MaxDevices {
		return nil, "", fmt.Errorf("%d devices have joined this table already, the most it takes: the host can remove one that left", MaxDevices)
	}
	key := randomText(32)
	d := &deviceRecord{ID: newDeviceID(), Name: name, Seat: seat, KeySum: keySum(key), Joined: now.UTC()}
	if err := r.put(d); err != nil {
		return nil, "", err
	}
	r.devices[d.ID] = d
	r.byKey[d.KeySum] = d.ID
	return d, key, nil
}

func (r *registry) put(d *deviceRecord) error {
	v, _ := json.Marshal(d)
	if err := r.store.PutShare(r.campaign, shareDevice+d.ID, v); err != nil {
		return fmt.Errorf("the device cannot be kept in the campaign's file: %w", err)
	}
	return nil
}

// byKeyOf returns the device a key belongs to, or nil.
func (r *registry) byKeyOf(key string) *deviceRecord {
	if key == "" {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	id, ok := r.byKey[keySum(key)]
	if !ok {
		return nil
	}
	d := *r.devices[id]
	return &d
}

func (r *registry) get(id string) (deviceRecord, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	d, ok := r.devices[id]
	if !ok {
		return deviceRecord{}, false
	}
	return *d, true
}

// update changes a device and keeps it.
func (r *registry) update(id string, fn func(d *deviceRecord)) (deviceRecord, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	d, ok := r.devices[id]
	if !ok {
		return deviceRecord{}, errors.New("no such device is joined")
	}
	c := *d
	fn(&c)
	if err := r.put(&c); err != nil {
		return deviceRecord{}, err
	}
	*d = c
	return c, nil
}

func (r *registry) remove(id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	d, ok := r.devices[id]
	if !ok {
		return errors.New("no such device is joined")
	}
	if err := r.store.PutShare(r.campaign, shareDevice+id, nil); err != nil {
		return err
	}
	delete(r.byKey, d.KeySum)
	delete(r.devices, id)
	delete(r.seen, id)
	return nil
}

// touch notes that a device asked something now.
func (r *registry) touch(id string, now time.Time) {
	r.mu.Lock()
	r.seen[id] = now
	r.mu.Unlock()
}

func (r *registry) name(id string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if d, ok := r.devices[id]; ok {
		return d.Name, true
	}
	return "", false
}

// list is every device, by the time it joined.
func (r *registry) list(seatName func(string) string) []Device {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Device, 0, len(r.devices))
	for _, d := range r.devices {
		out = append(out, Device{ID: d.ID, Name: d.Name, Seat: d.Seat, SeatName: seatName(d.Seat), Role: d.role(),
			Joined: d.Joined, LastSeen: r.seen[d.ID], Connected: r.streams[d.ID] > 0})
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Joined.Equal(out[j].Joined) {
			return out[i].Joined.Before(out[j].Joined)
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// checkDeviceName trims a device's name and refuses one that cannot be
// shown on one line.
func checkDeviceName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", errors.New("give this device a name, so the table knows who taps")
	}
	if !utf8.ValidString(name) {
		return "", errors.New("the name is not readable text")
	}
	if n := utf8.RuneCountInString(name); n > maxNameLen {
		return "", fmt.Errorf("the name is %d letters long; at most %d fit", n, maxNameLen)
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029' || r == '\uFEFF' {
			return "", errors.New("the name holds a character that cannot be shown (a line break or an invisible mark)")
		}
	}
	return name, nil
}
