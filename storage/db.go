package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"tablekeeper/tracker"
)

// Schema is the storage format this version writes. Older files are
// migrated on open; newer ones are refused.
const Schema = 1

// migrations[v] upgrades a file from schema v to v+1, inside the open
// transaction, so a failed migration leaves the file as it was.
var migrations = map[int]func(tx *bolt.Tx) error{}

var (
	bucketMeta      = []byte("meta")
	bucketCampaigns = []byte("campaigns")
	bucketEvents    = []byte("events")
	bucketSnapshots = []byte("snapshots")
	keySchema       = []byte("schema")
)

// wallClock is the device's clock, replaced in tests of a wrong clock.
var wallClock = time.Now

// LockWait is how long Open waits for another instance to let go of the file
// before it says so.
const LockWait = 1500 * time.Millisecond

// DefaultBackupEvery actions a backup is written.
const DefaultBackupEvery = 200

// DB is an open campaign file.
type DB struct {
	mu   sync.RWMutex // guards bolt across Restore, and the counts below
	bolt *bolt.DB
	path string
	reg  tracker.Registry
	now  func() time.Time
	// BackupDir is where backups go; BackupEvery actions trigger one (0:
	// never by count); Keep says which are kept.
	BackupDir   string
	BackupEvery int
	Keep        Retention

	// found is what opening found that does not refuse the file: the
	// snapshots that fail their checksum, dropped when their campaign is
	// next opened.
	found finding

	// sinceBackup mirrors the count of actions since the last backup kept
	// in the meta bucket, so it survives reopening. A backup by count is
	// running while backingUp; after a failed one the next try waits for
	// retryAt.
	sinceBackup uint64
	retryAt     uint64
	backingUp   bool
	backupMu    sync.Mutex // one backup at a time, so two never share a name
	bgErr       error

	// bg counts the backups under way; life ends when the file closes,
	// calling off the backups still under way; closing refuses new ones.
	bg      workGroup
	life    context.Context
	end     context.CancelFunc
	closing bool
}

// startWork counts one more backup under way, unless the file is closing;
// done counts it finished.
func (db *DB) startWork() (done func(), ok bool) {
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.closing {
		return nil, false
	}
	db.bg.Add(1)
	return db.bg.Done, true
}

// A workGroup is a sync.WaitGroup that may be added to while it is waited
// on (a backup can start while a restore waits for the others).
type workGroup struct {
	mu   sync.Mutex
	n    int
	idle *sync.Cond
}

func (g *workGroup) cond() *sync.Cond {
	if g.idle == nil {
		g.idle = sync.NewCond(&g.mu)
	}
	return g.idle
}

func (g *workGroup) Add(d int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.n += d; g.n <= 0 {
		g.n = 0
		g.cond().Broadcast()
	}
}

func (g *workGroup) Done() { g.Add(-1) }

// Wait waits until no work is under way.
func (g *workGroup) Wait() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.n > 0 {
		g.cond().Wait()
	}
}

// Open opens or creates the campaign file at path. The file is checked
// read-only first, whole (its pages, every stored value's checksum), and
// only a sound file is opened for writing: a damaged file is reported in
// words, naming the newest good backup, and never changed. An empty or
// missing file is a new one, unless copies of it (backups, or a file a
// restore kept aside) lie beside it. Open fails within about LockWait if
// another instance holds the file.
func Open(path string, reg tracker.Registry) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("cannot make the folder for %s: %w", path, err)
	}
	db := &DB{path: path, reg: reg, now: wallClock,
		BackupDir: filepath.Join(filepath.Dir(path), "backups"), BackupEvery: DefaultBackupEvery, Keep: DefaultRetention}
	db.life, db.end = context.WithCancel(context.Background())
	if err := db.open(); err != nil {
		db.end()
		return nil, err
	}
	db.cleanStale()
	return db, nil
}

// open checks the file and opens it for writing; db.mu is held or the DB
// not yet shared.
func (db *DB) open() error {
	db.found = finding{}
	blank := true
	if st, err := os.Stat(db.path); err == nil && st.Size() > 0 {
		var err error
		if blank, err = db.checkReadOnly(); err != nil {
			return err
		}
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if blank {
		if err := db.refuseAfresh(); err != nil {
			return err
		}
	}
	b, err := openBolt(db.path, false)
	if err != nil {
		return db.classify(err)
	}
	if err := db.prepare(b); err != nil {
		b.Close()
		return db.classify(err)
	}
	if err := dropCutOffImports(b); err != nil {
		b.Close()
		return db.classify(err)
	}
	db.bolt = b
	return nil
}

// dropCutOffImports removes the logs that imports cut off (the app quit, a
// kill, a full disk) left without a campaign record: no campaign lists
// them, and the file and every backup would carry them for good (an import
// as a copy gets a new ID each time, so a later import never clears it).
// It runs at open, after the file was checked, when no import can be
// under way; a file with none is not written to.
func dropCutOffImports(b *bolt.DB) error {
	var cut [][]byte
	err := safely(func() error {
		return b.View(func(tx *bolt.Tx) error {
			camps := tx.Bucket(bucketCampaigns)
			if camps == nil {
				return nil
			}
			return tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
				if id, ok := bytes.CutPrefix(name, []byte("c:")); ok && camps.Get(id) == nil {
					cut = append(cut, bytes.Clone(name))
				}
				return nil
			})
		})
	})
	if err != nil || len(cut) == 0 {
		return err
	}
	return safely(func() error {
		return b.Update(func(tx *bolt.Tx) error {
			for _, name := range cut {
				if err := tx.DeleteBucket(name); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// refuseAfresh refuses to start a new, empty file where copies of the old
// one lie beside it: an emptied or lost file must not be taken for a first
// start while a campaign sits in a backup.
func (db *DB) refuseAfresh() error {
	all := copies(db.path, db.backupDir())
	if len(all) == 0 {
		return nil
	}
	e := &DamageError{Path: db.path, Missing: true, Problem: "is missing"}
	if st, err := os.Stat(db.path); err == nil {
		e.Problem = "is empty"
		if st.Size() > 0 {
			e.Problem = "holds no campaign list at all"
		}
	}
	if c, ok := newestGoodCopy(db.path, db.backupDir(), db.reg); ok {
		e.Backup, e.BackupTime, e.Aside = c.Path, c.Time, c.Aside
	}
	return e
}

// checkReadOnly opens the file read-only and checks all of it, before
// anything may write to it. blank is a file bbolt has set up but that holds
// no buckets yet (a first start killed half way).
func (db *DB) checkReadOnly() (blank bool, err error) {
	if err := precheck(db.path); err != nil {
		return false, db.classify(err)
	}
	ro, err := openBolt(db.path, true)
	if err != nil {
		return false, db.classify(err)
	}
	defer ro.Close()
	err = safely(func() error {
		return ro.View(func(tx *bolt.Tx) error {
			var err error
			blank, _, err = readSchema(tx)
			return err
		})
	})
	if err != nil || blank {
		return blank, db.classify(err)
	}
	found, err := checkFile(ro)
	if err != nil {
		return false, db.classify(err)
	}
	db.found = found
	return false, nil
}

// readSchema reads the file's format. A file with no buckets at all is
// blank; one with buckets that are not ours is not a campaign file.
func readSchema(tx *bolt.Tx) (blank bool, schema int, err error) {
	meta, cs := tx.Bucket(bucketMeta), tx.Bucket(bucketCampaigns)
	if meta == nil && cs == nil {
		other := tx.ForEach(func([]byte, *bolt.Bucket) error { return errForeign })
		if other != nil {
			return false, 0, &damaged{what: "it is not a Tablekeeper file: it holds other data"}
		}
		return true, 0, nil
	}
	var v []byte
	if meta != nil {
		v = meta.Get(keySchema)
	}
	if v == nil {
		return false, 0, &damaged{what: "its format number is missing"}
	}
	if schema, err = strconv.Atoi(string(v)); err != nil {
		return false, 0, &damaged{what: "its format number is unreadable"}
	}
	if schema > Schema {
		return false, schema, &NewerError{Schema: schema, Readable: Schema}
	}
	if cs == nil {
		return false, schema, &damaged{what: "it has no campaign list"}
	}
	return false, schema, nil
}

var errForeign = errors.New("foreign bucket")

func openBolt(path string, readOnly bool) (b *bolt.DB, err error) {
	err = safely(func() error {
		var e error
		b, e = bolt.Open(path, 0o600, &bolt.Options{Timeout: LockWait, ReadOnly: readOnly})
		return e
	})
	return b, err
}

// safely runs fn, turning a panic or a memory fault from reading a damaged
// file into an error: a bad file must never crash the app, and a panic's
// words are never the message.
func safely(fn func() error) (err error) {
	old := debug.SetPanicOnFault(true)
	defer debug.SetPanicOnFault(old)
	defer func() {
		if r := recover(); r != nil {
			err = &damaged{what: "it cannot be read: its internal index is broken", detail: fmt.Sprint(r)}
		}
	}()
	return fn()
}

// damaged marks an error as damage found in the file: what, in words;
// detail, what exactly was found, kept for whoever looks closer; asItReads,
// only one of the two meta pages is damaged.
type damaged struct {
	what, detail string
	asItReads    bool
}

func (d *damaged) Error() string { return d.what }

// classify turns low-level errors into the errors a user can act on.
func (db *DB) classify(err error) error {
	var d *damaged
	var ne *NewerError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, berrors.ErrTimeout):
		return &LockedError{Path: db.path}
	case errors.As(err, &ne):
		ne.Path = db.path
		return ne
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum), errors.Is(err, berrors.ErrVersionMismatch):
		return db.damage(&damaged{what: notOurs, detail: err.Error()})
	case errors.As(err, &d):
		return db.damage(d)
	case errors.Is(err, errBadFrame):
		return db.damage(&damaged{what: "a stored value fails its checksum"})
	}
	return err
}

func (db *DB) damage(d *damaged) error {
	e := &DamageError{Path: db.path, Problem: d.what, Detail: d.detail, AsItReads: d.asItReads}
	if db.BackupDir != "-" {
		if c, ok := newestGoodCopy(db.path, db.backupDir(), db.reg); ok {
			e.Backup, e.BackupTime, e.Aside = c.Path, c.Time, c.Aside
		}
	}
	return e
}

func (db *DB) backupDir() string {
	if db.BackupDir != "" {
		return db.BackupDir
	}
	return filepath.Join(filepath.Dir(db.path), "backups")
}

// prepare sets up a new file's buckets and migrates an older one. A file
// that needs neither is not written to: opening, listing and verifying a
// file leave its bytes as they were.
func (db *DB) prepare(b *bolt.DB) error {
	var blank bool
	var schema int
	err := safely(func() error {
		return b.View(func(tx *bolt.Tx) error {
			var err error
			blank, schema, err = readSchema(tx)
			if err == nil && !blank {
				db.sinceBackup = readCount(tx)
			}
			return err
		})
	})
	if err != nil || (!blank && schema == Schema) {
		return err
	}
	return safely(func() error {
		return b.Update(func(tx *bolt.Tx) error {
			meta, err := tx.CreateBucketIfNotExists(bucketMeta)
			if err != nil {
				return err
			}
			if blank {
				schema = Schema
			}
			for ; schema < Schema; schema++ {
				m, ok := migrations[schema]
				if !ok {
					return fmt.Errorf("no way to upgrade a file of format %d", schema)
				}
				if err := m(tx); err != nil {
					return fmt.Errorf("upgrading from format %d: %w", schema, err)
				}
			}
			if err := meta.Put(keySchema, []byte(strconv.Itoa(Schema))); err != nil {
				return err
			}
			_, err = tx.CreateBucketIfNotExists(bucketCampaigns)
			return err
		})
	})
}

// A finding is what checking a file found that does not refuse it:
// snapshots failing their checksum, by campaign, with the campaigns' names.
type finding struct {
	snaps map[string][][]byte
	names map[string]string
}

func (f finding) notices() []string {
	var out []string
	ids := make([]string, 0, len(f.snaps))
	for id := range f.snaps {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		out = append(out, snapshotNotice(f.names[id]))
	}
	return out
}

func snapshotNotice(name string) string {
	return fmt.Sprintf("A shortcut that opens “%s” quickly was damaged. It is rebuilt from the campaign's log, which is whole, when the campaign is next opened: nothing is lost.", name)
}

// checkFile runs bbolt's own consistency check and checks every framed
// value, without decoding the log. A snapshot that fails its checksum does
// not refuse the file: snapshots are a cache of the log.
func checkFile(b *bolt.DB) (finding, error) {
	found := finding{snaps: map[string][][]byte{}, names: map[string]string{}}
	err := safely(func() error {
		return b.View(func(tx *bolt.Tx) error {
			// Drain Check's channel whole: leaving early would strand its
			// goroutine, blocked on a send, for the life of the program.
			// It reads every page: the pages it has read are let go as it
			// goes (release.go), while the transaction holds the mapping.
			var problem error
			stop := make(chan struct{})
			released := make(chan struct{})
			go func() {
				defer close(released)
				for {
					select {
					case <-stop:
						return
					case <-time.After(10 * time.Millisecond):
						releaseMapped(tx)
					}
				}
			}()
			for err := range tx.Check() {
				if problem == nil {
					problem = &damaged{what: "its internal index is inconsistent, so some of what it holds may be lost", detail: err.Error()}
				}
			}
			close(stop)
			<-released
			if problem != nil {
				return problem
			}
			r := releaser{tx: tx}
			cs := tx.Bucket(bucketCampaigns)
			if cs == nil {
				return &damaged{what: "it has no campaign list"}
			}
			return cs.ForEach(func(k, v []byte) error {
				var c tracker.Campaign
				if err := unframe(v, &c); err != nil {
					return &damaged{what: fmt.Sprintf("the record of campaign %s is unreadable", k)}
				}
				cb := tx.Bucket(campaignKey(string(k)))
				if cb == nil {
					return &damaged{what: fmt.Sprintf("campaign “%s” has lost its log", c.Name)}
				}
				ev, sb := cb.Bucket(bucketEvents), cb.Bucket(bucketSnapshots)
				if ev == nil || sb == nil {
					return &damaged{what: fmt.Sprintf("campaign “%s” has lost its log", c.Name)}
				}
				var want uint64 = 1
				err := ev.ForEach(func(sk, sv []byte) error {
					r.add(len(sk) + len(sv))
					if _, err := checkFrame(sv); err != nil {
						return &damaged{what: fmt.Sprintf("event %d of campaign “%s” fails its checksum", keySeq(sk), c.Name)}
					}
					if keySeq(sk) != want {
						return &damaged{what: fmt.Sprintf("campaign “%s” is missing event %d", c.Name, want)}
					}
					want++
					return nil
				})
				if err != nil {
					return err
				}
				return sb.ForEach(func(sk, sv []byte) error {
					r.add(len(sk) + len(sv))
					if _, err := checkFrame(sv); err != nil {
						found.snaps[string(k)] = append(found.snaps[string(k)], append([]byte(nil), sk...))
						found.names[string(k)] = c.Name
					}
					return nil
				})
			})
		})
	})
	return found, err
}

// Notices are what opening the file found that the players should be told
// without refusing it (a damaged snapshot, rebuilt from the log).
func (db *DB) Notices() []string {
	db.mu.RLock()
	defer db.mu.RUnlock()
	return db.found.notices()
}

func campaignKey(id string) []byte { return []byte("c:" + id) }

// Path is the file's location.
func (db *DB) Path() string { return db.path }

// Registry is the game rules this file's campaigns are replayed with.
func (db *DB) Registry() tracker.Registry { return db.reg }

// Close calls off the backups under way (a backup is a copy: the next one
// will do; a half-made one is removed) and closes the file. It waits only
// for them to let go of the file, which they do within one write.
func (db *DB) Close() error {
	db.mu.Lock()
	db.closing = true
	db.mu.Unlock()
	if db.end != nil {
		db.end()
	}
	db.bg.Wait()
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.bolt == nil {
		return nil
	}
	err := db.bolt.Close()
	db.bolt = nil
	return err
}

func (db *DB) view(fn func(tx *bolt.Tx) error) error {
	db.mu.RLock()
	defer db.mu.RUnlock()
	if db.bolt == nil {
		return errors.New("the campaign file is closed")
	}
	return db.classify(safely(func() error { return db.bolt.View(fn) }))
}

func (db *DB) update(fn func(tx *bolt.Tx) error) error {
	db.mu.RLock()
	defer db.mu.RUnlock()
	if db.bolt == nil {
		return errors.New("the campaign file is closed")
	}
	return db.classify(safely(func() error { return db.bolt.Update(fn) }))
}

// List returns every campaign, the most recently played first.
func (db *DB) List() ([]tracker.Campaign, error) {
	var out []tracker.Campaign
	err := db.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketCampaigns).ForEach(func(k, _ []byte) error {
			c, err := getCampaign(tx, string(k))
			if err != nil {
				return err
			}
			out = append(out, c)
			return nil
		})
	})
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].LastPlayed, out[j].LastPlayed
		if a.IsZero() {
			a = out[i].Created
		}
		if b.IsZero() {
			b = out[j].Created
		}
		return a.After(b)
	})
	return out, err
}

// Create stores a new campaign with an empty log.
func (db *DB) Create(c tracker.Campaign) error {
	return db.update(func(tx *bolt.Tx) error { return createIn(tx, c) })
}

func createIn(tx *bolt.Tx, c tracker.Campaign) error {
	cs := tx.Bucket(bucketCampaigns)
	if cs.Get([]byte(c.ID)) != nil {
		return &ExistsError{ID: c.ID, Name: c.Name}
	}
	cb, err := tx.CreateBucket(campaignKey(c.ID))
	if err != nil {
		return err
	}
	if _, err := cb.CreateBucket(bucketEvents); err != nil {
		return err
	}
	if _, err := cb.CreateBucket(bucketSnapshots); err != nil {
		return err
	}
	return putCampaign(tx, c)
}

func putCampaign(tx *bolt.Tx, c tracker.Campaign) error {
	v, err := frame(c)
	if err != nil {
		return err
	}
	return tx.Bucket(bucketCampaigns).Put([]byte(c.ID), v)
}

// getCampaign reads a campaign's record; its last played time, place and
// event count come from its last event.
func getCampaign(tx *bolt.Tx, id string) (tracker.Campaign, error) {
	var c tracker.Campaign
	v := tx.Bucket(bucketCampaigns).Get([]byte(id))
	if v == nil {
		return c, tracker.ErrNoCampaign
	}
	if err := unframe(v, &c); err != nil {
		return c, &damaged{what: fmt.Sprintf("the record of campaign %s is unreadable", id)}
	}
	cb := tx.Bucket(campaignKey(id))
	if cb == nil || cb.Bucket(bucketEvents) == nil {
		return c, &damaged{what: fmt.Sprintf("campaign “%s” has lost its log", c.Name)}
	}
	k, ev := cb.Bucket(bucketEvents).Cursor().Last()
	if k == nil {
		c.Events = 0
		return c, nil
	}
	var head struct {
		Seq   uint64    `json:"seq"`
		Time  time.Time `json:"time"`
		Where string    `json:"where"`
	}
	if err := unframe(ev, &head); err != nil {
		return c, &damaged{what: fmt.Sprintf("event %d of campaign “%s” fails its checksum", keySeq(k), c.Name)}
	}
	c.LastPlayed, c.Where, c.Events = head.Time, head.Where, head.Seq
	return c, nil
}

// Campaign implements tracker.Store.
func (db *DB) Campaign(id string) (tracker.Campaign, error) {
	var c tracker.Campaign
	err := db.view(func(tx *bolt.Tx) error {
		var err error
		c, err = getCampaign(tx, id)
		return err
	})
	return c, err
}

// Rename changes a campaign's name.
func (db *DB) Rename(id, name string) error {
	name, err := tracker.CheckName(name)
	if err != nil {
		return err
	}
	return db.update(func(tx *bolt.Tx) error {
		c, err := getCampaign(tx, id)
		if err != nil {
			return err
		}
		c.Name = name
		return putCampaign(tx, c)
	})
}

// OpenSession opens a campaign for play with its game's rules. Snapshots of
// it that failed their checksum when the file was opened are dropped first;
// the session rebuilds one from the log.
func (db *DB) OpenSession(id string) (*tracker.Session, error) {
	c, err := db.Campaign(id)
	if err != nil {
		return nil, err
	}
	rules, err := db.reg.Rules(c.Game)
	if err != nil {
		return nil, err
	}
	if err := db.dropDamagedSnapshots(id); err != nil {
		return nil, err
	}
	return tracker.Open(db, rules, id)
}

// dropDamagedSnapshots deletes the snapshots of a campaign that failed
// their checksum (only those that still do), and forgets the notice.
func (db *DB) dropDamagedSnapshots(id string) error {
	db.mu.RLock()
	keys := db.found.snaps[id]
	db.mu.RUnlock()
	if len(keys) == 0 {
		return nil
	}
	err := db.update(func(tx *bolt.Tx) error {
		sb := tx.Bucket(campaignKey(id)).Bucket(bucketSnapshots)
		for _, k := range keys {
			if v := sb.Get(k); v != nil {
				if _, err := checkFrame(v); err == nil {
					continue
				}
				if err := sb.Delete(k); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	db.mu.Lock()
	delete(db.found.snaps, id)
	db.mu.Unlock()
	return nil
}

// NewCampaign creates a campaign of a game with a name, and a random seed
// unless one is given.
func (db *DB) NewCampaign(game tracker.GameID, name string, seed uint64) (tracker.Campaign, error) {
	c, err := tracker.NewCampaign(game, name, seed, db.now())
	if err != nil {
		return c, err
	}
	return c, db.Create(c)
}
