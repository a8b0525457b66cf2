package storage

import (
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

// LockWait is how long Open waits for another instance to let go of the file
// before it says so.
const LockWait = 1500 * time.Millisecond

// Default backup policy.
const (
	DefaultBackupEvery = 200
	DefaultBackupsKept = 14
)

// DB is an open campaign file.
type DB struct {
	mu   sync.RWMutex // guards bolt across Restore
	bolt *bolt.DB
	path string
	reg  tracker.Registry
	now  func() time.Time
	// BackupDir is where rolling backups go; BackupEvery actions trigger one
	// (0: never by count); BackupsKept are kept.
	BackupDir   string
	BackupEvery int
	BackupsKept int

	actions  int
	backupMu sync.Mutex // one backup at a time, so two never share a name
	bg       sync.WaitGroup
	bgErr    error
}

// Open opens or creates the campaign file at path. It fails within about
// LockWait if another instance holds the file, and reports damage in words,
// naming the newest good backup, without panicking.
func Open(path string, reg tracker.Registry) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("cannot make the folder for %s: %w", path, err)
	}
	db := &DB{path: path, reg: reg, now: time.Now,
		BackupDir: filepath.Join(filepath.Dir(path), "backups"), BackupEvery: DefaultBackupEvery, BackupsKept: DefaultBackupsKept}
	if err := precheck(path); err != nil {
		return nil, db.classify(err)
	}
	b, err := openBolt(path, false)
	if err != nil {
		return nil, db.classify(err)
	}
	db.bolt = b
	if err := db.prepare(); err != nil {
		b.Close()
		return nil, db.classify(err)
	}
	return db, nil
}

func openBolt(path string, readOnly bool) (b *bolt.DB, err error) {
	err = safely(func() error {
		var e error
		b, e = bolt.Open(path, 0o600, &bolt.Options{Timeout: LockWait, ReadOnly: readOnly})
		return e
	})
	return b, err
}

// safely runs fn, turning a panic or a memory fault from reading a damaged
// file into an error: a bad file must never crash the app.
func safely(fn func() error) (err error) {
	old := debug.SetPanicOnFault(true)
	defer debug.SetPanicOnFault(old)
	defer func() {
		if r := recover(); r != nil {
			err = &damaged{fmt.Sprint(r)}
		}
	}()
	return fn()
}

// damaged marks an error as damage found in the file.
type damaged struct{ what string }

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
		return err
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum), errors.Is(err, berrors.ErrVersionMismatch):
		return db.damage("it is not a Tablekeeper file, or its header is damaged (" + err.Error() + ")")
	case errors.As(err, &d), errors.Is(err, errBadFrame):
		return db.damage(err.Error())
	}
	return err
}

func (db *DB) damage(problem string) error {
	e := &DamageError{Path: db.path, Problem: problem}
	e.Backup, _ = NewestGoodBackup(db.backupDir(), db.reg)
	return e
}

func (db *DB) backupDir() string {
	if db.BackupDir != "" {
		return db.BackupDir
	}
	return filepath.Join(filepath.Dir(db.path), "backups")
}

// prepare sets up the buckets, migrates an older file, refuses a newer one,
// and checks the file's structure and every stored value's checksum.
func (db *DB) prepare() error {
	err := safely(func() error {
		return db.bolt.Update(func(tx *bolt.Tx) error {
			meta, err := tx.CreateBucketIfNotExists(bucketMeta)
			if err != nil {
				return err
			}
			v := meta.Get(keySchema)
			schema := Schema
			if v != nil {
				if schema, err = strconv.Atoi(string(v)); err != nil {
					return &damaged{"its format number is unreadable"}
				}
			} else if tx.Bucket(bucketCampaigns) != nil {
				return &damaged{"its format number is missing"}
			}
			if schema > Schema {
				return &NewerError{Path: db.path, Schema: schema, Readable: Schema}
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
	if err != nil {
		return err
	}
	return db.checkFile(db.bolt)
}

// checkFile runs bbolt's own consistency check and checks every framed
// value, without decoding the log.
func checkFile(b *bolt.DB) error {
	return safely(func() error {
		return b.View(func(tx *bolt.Tx) error {
			// Drain Check's channel whole: leaving early would strand its
			// goroutine, blocked on a send, for the life of the program.
			var problem error
			for err := range tx.Check() {
				if problem == nil {
					problem = &damaged{"its page structure is inconsistent (" + err.Error() + ")"}
				}
			}
			if problem != nil {
				return problem
			}
			cs := tx.Bucket(bucketCampaigns)
			if cs == nil {
				return &damaged{"it has no campaign list"}
			}
			return cs.ForEach(func(k, v []byte) error {
				var c tracker.Campaign
				if err := unframe(v, &c); err != nil {
					return &damaged{fmt.Sprintf("the record of campaign %s is unreadable", k)}
				}
				cb := tx.Bucket(campaignKey(string(k)))
				if cb == nil {
					return &damaged{fmt.Sprintf("campaign %q has lost its log", c.Name)}
				}
				for _, name := range [][]byte{bucketEvents, bucketSnapshots} {
					sub := cb.Bucket(name)
					if sub == nil {
						return &damaged{fmt.Sprintf("campaign %q has lost its %s", c.Name, name)}
					}
					var want uint64 = 1
					err := sub.ForEach(func(sk, sv []byte) error {
						if _, err := checkFrame(sv); err != nil {
							return &damaged{fmt.Sprintf("%s %d of campaign %q fails its checksum", name, keySeq(sk), c.Name)}
						}
						if string(name) == string(bucketEvents) {
							if keySeq(sk) != want {
								return &damaged{fmt.Sprintf("campaign %q is missing event %d", c.Name, want)}
							}
							want++
						}
						return nil
					})
					if err != nil {
						return err
					}
				}
				return nil
			})
		})
	})
}

func (db *DB) checkFile(b *bolt.DB) error { return checkFile(b) }

func campaignKey(id string) []byte { return []byte("c:" + id) }

// Path is the file's location.
func (db *DB) Path() string { return db.path }

// Registry is the game rules this file's campaigns are replayed with.
func (db *DB) Registry() tracker.Registry { return db.reg }

// Close waits for background backups and closes the file.
func (db *DB) Close() error {
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
		return tx.Bucket(bucketCampaigns).ForEach(func(k, v []byte) error {
			var c tracker.Campaign
			if err := unframe(v, &c); err != nil {
				return &damaged{fmt.Sprintf("the record of campaign %s is unreadable", k)}
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

func getCampaign(tx *bolt.Tx, id string) (tracker.Campaign, error) {
	var c tracker.Campaign
	v := tx.Bucket(bucketCampaigns).Get([]byte(id))
	if v == nil {
		return c, tracker.ErrNoCampaign
	}
	if err := unframe(v, &c); err != nil {
		return c, &damaged{fmt.Sprintf("the record of campaign %s is unreadable", id)}
	}
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

// Append implements tracker.Store: the event is on disk when it returns nil.
func (db *DB) Append(id string, e tracker.Event) error {
	err := db.update(func(tx *bolt.Tx) error {
		c, err := getCampaign(tx, id)
		if err != nil {
			return err
		}
		ev := tx.Bucket(campaignKey(id)).Bucket(bucketEvents)
		last, _ := ev.Cursor().Last()
		if keySeq(last)+1 != e.Seq {
			return fmt.Errorf("event %d out of order: campaign %q is at event %d", e.Seq, c.Name, keySeq(last))
		}
		v, err := frame(e)
		if err != nil {
			return err
		}
		if err := ev.Put(seqKey(e.Seq), v); err != nil {
			return err
		}
		c.LastPlayed, c.Where, c.Events = e.Time, e.Where, e.Seq
		return putCampaign(tx, c)
	})
	if err == nil {
		db.counted()
	}
	return err
}

// counted starts a rolling backup every BackupEvery actions, in the
// background: the action is already safe on disk.
func (db *DB) counted() {
	db.mu.Lock()
	db.actions++
	due := db.BackupEvery > 0 && db.actions%db.BackupEvery == 0
	db.mu.Unlock()
	if due {
		db.bg.Add(1)
		go func() {
			defer db.bg.Done()
			if _, err := db.Backup(); err != nil {
				db.mu.Lock()
				db.bgErr = err
				db.mu.Unlock()
			}
		}()
	}
}

// BackgroundError is the last error of a rolling backup, if any.
func (db *DB) BackgroundError() error {
	db.mu.RLock()
	defer db.mu.RUnlock()
	return db.bgErr
}

// Event implements tracker.Store.
func (db *DB) Event(id string, seq uint64) (tracker.Event, error) {
	var e tracker.Event
	err := db.view(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		v := cb.Bucket(bucketEvents).Get(seqKey(seq))
		if v == nil {
			return fmt.Errorf("campaign %s has no event %d", id, seq)
		}
		if err := unframe(v, &e); err != nil {
			return &damaged{fmt.Sprintf("event %d fails its checksum", seq)}
		}
		return nil
	})
	return e, err
}

// Events implements tracker.Store. fn runs inside a read transaction and
// must not write to the file.
func (db *DB) Events(id string, from uint64, fn func(tracker.Event) error) error {
	return db.view(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		c := cb.Bucket(bucketEvents).Cursor()
		for k, v := c.Seek(seqKey(from)); k != nil; k, v = c.Next() {
			var e tracker.Event
			if err := unframe(v, &e); err != nil {
				return &damaged{fmt.Sprintf("event %d fails its checksum", keySeq(k))}
			}
			if err := fn(e); err != nil {
				return err
			}
		}
		return nil
	})
}

// snapshotsKept per campaign; older ones are dropped as new ones come.
const snapshotsKept = 2

// PutSnapshot implements tracker.Store.
func (db *DB) PutSnapshot(id string, s tracker.Snapshot) error {
	return db.update(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		sb := cb.Bucket(bucketSnapshots)
		v, err := frame(s)
		if err != nil {
			return err
		}
		if err := sb.Put(seqKey(s.Seq), v); err != nil {
			return err
		}
		var old [][]byte
		c := sb.Cursor()
		n := 0
		for k, _ := c.Last(); k != nil; k, _ = c.Prev() {
			if n++; n > snapshotsKept {
				old = append(old, append([]byte(nil), k...))
			}
		}
		for _, k := range old {
			if err := sb.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
}

// LatestSnapshot implements tracker.Store. A damaged snapshot is skipped:
// it is only a shortcut, and the log is the truth.
func (db *DB) LatestSnapshot(id string) (*tracker.Snapshot, error) {
	var snap *tracker.Snapshot
	err := db.view(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		c := cb.Bucket(bucketSnapshots).Cursor()
		for k, v := c.Last(); k != nil; k, v = c.Prev() {
			var s tracker.Snapshot
			if unframe(v, &s) == nil {
				snap = &s
				return nil
			}
		}
		return nil
	})
	return snap, err
}

// OpenSession opens a campaign for play with its game's rules.
func (db *DB) OpenSession(id string) (*tracker.Session, error) {
	c, err := db.Campaign(id)
	if err != nil {
		return nil, err
	}
	rules, err := db.reg.Rules(c.Game)
	if err != nil {
		return nil, err
	}
	return tracker.Open(db, rules, id)
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
