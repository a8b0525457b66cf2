package ui

import (
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/ui/share"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// Sharing the open campaign with the phones at the table (issue 21): the
// header's Share button opens a panel in the tabs' place; "Share this
// table" starts the host (package ui/share) on the local network and the
// panel shows its QR code, address and join code, and the devices joined,
// each of which the host may make watch only or remove. While the table is
// shared the Share button is its mark, on every tab. Leaving the campaign
// (Home, Back, quitting) stops sharing.
//
// Threads: the host calls the session only through Exec, the app's
// fyne.DoAndWait, so a phone's command runs on Fyne's goroutine as a tap
// does. Its event reaches the screens through the session's watcher
// (followDevices), which only queues the refresh (it is called with the
// session's lock held); the host's OnChange comes from its own goroutines
// and is queued the same way.

// prefSharePort is the port the table was last shared on: sharing again on
// the same one lets a phone whose host was restarted find it again.
const prefSharePort = "share.port"

// lockWords say what the table lock means for the phones. The lock is
// against stray taps on this tablet as it is passed around; a phone is its
// player's own device, kept by its player, and the host can make it watch
// only if it must not play.
const lockWords = "The table lock holds this tablet's own taps only: joined phones keep playing while it is on. To keep a phone from changing the table, make it watch only."

// sharing is one open campaign's sharing: the host while it runs, and the
// panel.
type sharing struct {
	cs   *campaignScreen
	host *share.Host
	// names are the devices seen while the campaign is open, by ID, for
	// the Log's "from" (kept after a device is removed, so its lines
	// still name it).
	names *deviceNames

	// The panel's parts, made by panel(); nil until then.
	root    fyne.CanvasObject
	body    *fyne.Container
	devices *fyne.Container
	rows    map[string]*deviceRow
	count   *widget.Label
	resolve *widget.Check
	problem *widget.Label
	// shownHost is the host the body was built for.
	shownHost *share.Host
	built     bool
}

// deviceNames are the devices' names by ID, safe from any goroutine (the
// Log's search reads them in the background).
type deviceNames struct {
	mu sync.Mutex
	m  map[string]string
}

func (n *deviceNames) set(id, name string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.m == nil {
		n.m = map[string]string{}
	}
	n.m[id] = name
}

// from says who asked for an event a device sent.
func (n *deviceNames) from(id string) string {
	if n != nil {
		n.mu.Lock()
		defer n.mu.Unlock()
		if name, ok := n.m[id]; ok {
			return name
		}
	}
	return "a phone at the table"
}

func newSharing(cs *campaignScreen) *sharing {
	return &sharing{cs: cs, names: &deviceNames{}, rows: map[string]*deviceRow{}}
}

// on says whether the table is shared now.
func (sh *sharing) on() bool { return sh.host != nil }

// tableFor is the game's face on the shared page, or share.Basic.
func (u *App) tableFor(g tracker.GameID) share.Table {
	if t := u.tables[g]; t != nil {
		return t
	}
	return share.Basic(g)
}

// start shares the table. It says why not in the panel when it cannot.
func (sh *sharing) start() {
	cs := sh.cs
	u := cs.u
	if sh.on() {
		return
	}
	if cs.locked {
		sh.say(shell.ErrLocked.Error())
		return
	}
	opts := share.Options{Session: cs.s, Table: u.tableFor(cs.s.Campaign().Game), Exec: u.exec, Devices: u.DB}
	h, err := startOn(opts, u.shareAddrs())
	if err != nil {
		sh.say("Sharing could not start: " + shell.Words(err))
		return
	}
	u.Fyne.Preferences().SetInt(prefSharePort, h.Port())
	sh.host = h
	h.OnChange(func() {
		u.post(func() {
			if sh.host == h {
				sh.update()
			}
		})
	})
	sh.problemText("")
	sh.update()
	cs.message("Sharing this table: phones join with the code or the QR code on the Share panel.", false)
}

// startOn starts the host on the first address that takes it.
func startOn(opts share.Options, addrs []string) (*share.Host, error) {
	var err error
	for _, a := range addrs {
		opts.Addr = a
		var h *share.Host
		if h, err = share.Start(opts); err == nil {
			return h, nil
		}
	}
	return nil, err
}

// shareAddrs are where to listen, in turn: the port used last time (a
// phone that knew it finds the table again), then any free one.
func (u *App) shareAddrs() []string {
	if u.shareAddr != "" {
		return []string{u.shareAddr}
	}
	var out []string
	if p := u.Fyne.Preferences().Int(prefSharePort); p > 0 && p < 65536 {
		out = append(out, net.JoinHostPort("", strconv.Itoa(p)))
	}
	return append(out, "")
}

// stop ends sharing: every phone is told and cut off, and the join code
// and every device's key are worthless from now on.
func (sh *sharing) stop() error {
	h := sh.host
	if h == nil {
		return nil
	}
	sh.host = nil
	err := h.Stop()
	sh.update()
	return err
}

// askStop asks before stopping: every phone at the table is cut off.
func (sh *sharing) askStop(src fyne.CanvasObject) {
	cs := sh.cs
	if cs.locked {
		cs.ctx.Refuse(src, shell.ErrLocked.Error())
		return
	}
	n := len(sh.host.Devices())
	text := "No device has joined. The join code stops working."
	if n > 0 {
		text = fmt.Sprintf("%s will be cut off, and the join code and their keys stop working: to come back, they join again with the new code when you share again.", devicesWord(n, true))
	}
	widgets.ShowConfirm("Stop sharing this table?", widgets.Paragraph(text), "Stop sharing", "Keep sharing", func(ok bool) {
		if !ok {
			return
		}
		if err := sh.stop(); err != nil {
			cs.message("Sharing stopped, but the devices could not be forgotten in the file: "+shell.Words(err), true)
			return
		}
		cs.message("Stopped sharing: the phones were cut off and the old join code no longer works.", false)
	}, cs.u.Window)
}

// devicesWord is "1 device" or "3 devices" ("The 3 devices joined").
func devicesWord(n int, joined bool) string {
	w := fmt.Sprintf("%d devices", n)
	if n == 1 {
		w = "1 device"
	}
	if joined {
		if n == 1 {
			return "The device joined"
		}
		return "The " + w + " joined"
	}
	return w
}

// say shows a refusal or failure in the panel (and the message line).
func (sh *sharing) say(text string) {
	sh.problemText(text)
	sh.cs.message(text, true)
}

func (sh *sharing) problemText(text string) {
	if sh.problem == nil {
		return
	}
	sh.problem.SetText(text)
	if text == "" {
		sh.problem.Hide()
	} else {
		sh.problem.Show()
	}
}

// update shows the sharing as it is now: the header's mark, and the panel
// if it was made.
func (sh *sharing) update() {
	if sh.host != nil {
		for _, d := range sh.host.Devices() {
			sh.names.set(d.ID, d.Name)
		}
	}
	sh.cs.chrome.SetSharing(sh.on())
	if sh.built {
		sh.fill()
	}
}

// panel is the sharing panel, shown in the tabs' place.
func (sh *sharing) panel() fyne.CanvasObject {
	if sh.root != nil {
		return sh.root
	}
	back := iconButton("Back to the campaign", theme.NavigateBackIcon(), sh.cs.hideSharePanel)
	sh.problem = widgets.Paragraph("")
	sh.problem.Importance = widget.DangerImportance
	sh.problem.Hide()
	sh.body = container.NewVBox()
	sh.built = true
	sh.fill()
	sh.root = container.NewBorder(container.NewPadded(container.NewHBox(back)), nil, nil, nil,
		container.NewVScroll(container.NewPadded(container.NewVBox(sh.problem, sh.body))))
	return sh.root
}

// fill builds the panel's body for the host as it is (none, or one), or
// brings the device list up to date.
func (sh *sharing) fill() {
	if sh.shownHost == sh.host && len(sh.body.Objects) > 0 {
		sh.fillDevices()
		return
	}
	sh.shownHost = sh.host
	sh.rows = map[string]*deviceRow{}
	if sh.host == nil {
		sh.body.Objects = []fyne.CanvasObject{sh.offer()}
	} else {
		sh.body.Objects = []fyne.CanvasObject{sh.shared()}
		sh.fillDevices()
	}
	sh.body.Refresh()
}

// offer is the panel before sharing: what it does, and the button.
func (sh *sharing) offer() fyne.CanvasObject {
	start := widget.NewButtonWithIcon("Share this table", theme.MailForwardIcon(), sh.start)
	start.Importance = widget.HighImportance
	return container.NewVBox(
		widgets.Paragraph("Every phone and tablet on this Wi-Fi can then open this campaign in its browser, with nothing to install: each player keeps their own figure, everyone sees the table change as it happens, and the Log says which phone did what. This tablet keeps the campaign; the phones only ask it."),
		widgets.Paragraph("Anyone on the same network who sees the code can join and read the table: share on a network you trust (a home Wi-Fi, a phone's hotspot), not a café's."),
		container.NewHBox(start),
	)
}

// qrSide is the QR code's side: about 8 cm on a 10-inch tablet, read by
// a phone's camera from across a table.
const qrSide = 300

// shared is the panel while sharing: how to join on one side, the
// devices and the controls on the other (one under the other on a
// narrow screen).
func (sh *sharing) shared() fyne.CanvasObject {
	h := sh.host
	addrs := h.Addresses()
	join := container.NewVBox()
	var qr fyne.CanvasObject
	if q, err := widgets.NewQRCode(h.JoinURL(), qrSide); err == nil {
		qr = container.NewVBox(q)
		join.Add(widgets.Paragraph("Scan it with a phone's camera, or open:"))
	} else {
		join.Add(widgets.Paragraph("Open this address in a phone's browser:"))
	}
	first := ""
	if len(addrs) > 0 {
		first = addrs[0]
	}
	addr := widget.NewLabelWithStyle(first, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	addr.SizeName = theme.SizeNameSubHeadingText
	addr.Wrapping = fyne.TextWrapBreak
	join.Add(addr)
	join.Add(widget.NewLabel("Join code:"))
	// Bold, not monospace: a monospace bold face of its own cost the
	// app 10 MB resident, and the code's letters never look alike anyway.
	code := widget.NewLabelWithStyle(spacedCode(h.JoinCode()), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	code.SizeName = widgets.SizeNameReadAcross
	join.Add(code)
	if first == "" || loopback(first) {
		join.Add(warning("This device is on no local network now, so only this device itself can open the table: join a Wi-Fi (or turn on a phone's hotspot) and share again."))
	}
	// Other addresses on the local network (another Wi-Fi the device is
	// on); this device's own (loopback) would lead a phone nowhere.
	var others []string
	for _, a := range addrs[min(1, len(addrs)):] {
		if !loopback(a) {
			others = append(others, a)
		}
	}
	if len(others) > 0 {
		join.Add(widgets.Paragraph("On another network this device is on:"))
		join.Add(pathLabel(strings.Join(others, "  ")))
	}
	join.Add(widgets.Paragraph("For a TV or a spare tablet, the table view:"))
	join.Add(pathLabel(h.TableURL()))

	sh.count = heading("")
	sh.count.SizeName = theme.SizeNameSubHeadingText
	sh.devices = container.NewVBox()
	sh.resolve = widget.NewCheck("Phones play the enemy", func(on bool) {
		if sh.host != nil && sh.host.AllowResolve() != on {
			if sh.cs.locked {
				sh.cs.message(shell.ErrLocked.Error(), true)
				sh.resolve.SetChecked(sh.host.AllowResolve())
				return
			}
			sh.host.SetAllowResolve(on)
		}
	})
	sh.resolve.SetChecked(h.AllowResolve())
	stop := widget.NewButtonWithIcon("Stop sharing", theme.CancelIcon(), nil)
	stop.Importance = widget.DangerImportance
	stop.OnTapped = func() { sh.askStop(stop) }
	side := container.NewVBox(sh.count, sh.devices, widget.NewSeparator(), sh.resolve,
		widgets.Paragraph("Ticked, a phone may play the enemy's steps too; else only this tablet plays them, and the phones see the enemy's latest decision."),
		widgets.Paragraph(lockWords), container.NewHBox(stop))
	// Side by side where they fit (a landscape tablet: the code, the words
	// and the devices each in a column, all in view at once), else one
	// under the other.
	if qr == nil {
		return widgets.NewAdaptive(join, side)
	}
	return widgets.NewAdaptive(qr, join, side)
}

// loopback says whether an address is this device's own.
func loopback(addr string) bool {
	return strings.Contains(addr, "//127.") || strings.Contains(addr, "//[::1]")
}

// spacedCode shows a join code in two halves, easier to read across a
// table ("ACD EFG"; a phone takes it with or without the space).
func spacedCode(c string) string {
	if len(c) == share.CodeLen {
		return c[:3] + " " + c[3:]
	}
	return c
}

func warning(text string) *widget.Label {
	l := widgets.Paragraph(text)
	l.Importance = widget.WarningImportance
	return l
}

// fillDevices brings the list of devices up to date, row by row.
func (sh *sharing) fillDevices() {
	if sh.host == nil || sh.devices == nil {
		return
	}
	list := sh.host.Devices()
	switch n := len(list); n {
	case 0:
		sh.count.SetText("No device has joined yet")
	default:
		sh.count.SetText(devicesWord(n, false) + " joined")
	}
	seen := map[string]bool{}
	objs := make([]fyne.CanvasObject, 0, len(list))
	for _, d := range list {
		seen[d.ID] = true
		r := sh.rows[d.ID]
		if r == nil {
			r = sh.newDeviceRow(d.ID)
			sh.rows[d.ID] = r
		}
		r.set(d, sh.cs.u.now())
		objs = append(objs, r.box)
	}
	for id := range sh.rows {
		if !seen[id] {
			delete(sh.rows, id)
		}
	}
	sh.devices.Objects = objs
	sh.devices.Refresh()
}

// tick keeps the "seen 5 s ago" of each device true while the panel shows
// (the host says when a device joins or goes, not when it asks).
func (sh *sharing) tick() {
	if sh.host == nil || !sh.built || sh.cs.chrome.Panel() == nil {
		return
	}
	now := sh.cs.u.now()
	for _, d := range sh.host.Devices() {
		if r := sh.rows[d.ID]; r != nil {
			r.set(d, now)
		}
	}
}

// A deviceRow is one device on the panel: its name and seat, what it may
// do, whether it is connected and when it was last seen, and the host's
// two buttons.
type deviceRow struct {
	name, state   *widget.Label
	watch, remove *widget.Button
	box           *fyne.Container
	role          share.Role
}

func (sh *sharing) newDeviceRow(id string) *deviceRow {
	r := &deviceRow{}
	r.name = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	r.name.Wrapping = fyne.TextWrapWord
	r.state = widgets.Paragraph("")
	r.watch = widget.NewButtonWithIcon("Watch only", theme.VisibilityOffIcon(), nil)
	r.watch.OnTapped = func() { sh.setRole(r.watch, id, r.role) }
	r.remove = widget.NewButtonWithIcon("Remove", theme.DeleteIcon(), nil)
	r.remove.OnTapped = func() { sh.remove(r.remove, id) }
	r.box = container.NewVBox(r.name, r.state, widgets.NewFlow(r.watch, r.remove), widget.NewSeparator())
	return r
}

// set shows a device as the host lists it.
func (r *deviceRow) set(d share.Device, now time.Time) {
	r.role = d.Role
	r.name.SetText(d.Name)
	seat := "Watches, with no seat."
	switch {
	case d.SeatName != "":
		seat = "Sits as " + d.SeatName + "."
	case d.Seat != "":
		seat = "Its seat is no longer at the table: it watches until it picks another."
	}
	may := "May play its seat."
	if d.Role == share.RoleWatch {
		may = "Watch only: the host refuses its taps."
	} else if d.Seat == "" {
		may = "May write notes, and play once it picks a seat."
	}
	conn := "Not connected"
	if d.Connected {
		conn = "Connected"
	}
	seen := "not seen since sharing started."
	if !d.LastSeen.IsZero() {
		seen = "seen " + seenAgo(now.Sub(d.LastSeen)) + "."
	}
	r.state.SetText(seat + " " + may + "\n" + conn + ", " + seen)
	if d.Role == share.RoleWatch {
		r.watch.SetText("Let it play")
		r.watch.SetIcon(theme.VisibilityIcon())
	} else {
		r.watch.SetText("Watch only")
		r.watch.SetIcon(theme.VisibilityOffIcon())
	}
}

// seenAgo says how long ago a device asked, to the second while it is
// seconds: "just now", "40 s ago", "3 min ago", "2 h ago".
func seenAgo(d time.Duration) string {
	switch {
	case d < 5*time.Second:
		return "just now"
	case d < time.Minute:
		return fmt.Sprintf("%d s ago", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d/time.Minute))
	}
	return fmt.Sprintf("%d h ago", int(d/time.Hour))
}

// setRole makes a device watch only, or lets it play again.
func (sh *sharing) setRole(src fyne.CanvasObject, id string, now share.Role) {
	cs := sh.cs
	if cs.locked {
		cs.ctx.Refuse(src, shell.ErrLocked.Error())
		return
	}
	if sh.host == nil {
		return
	}
	to, text := share.RoleWatch, "Now watch only: its taps are refused."
	if now == share.RoleWatch {
		to, text = share.RolePlay, "It may play its seat again."
	}
	if err := sh.host.SetRole(id, to); err != nil {
		cs.ctx.Refuse(src, capitalize(shell.Words(err))+".")
		return
	}
	sh.update()
	cs.ctx.Feedback(src, text, false)
}

// remove sends a device away: its key stops working and its page is told.
func (sh *sharing) remove(src fyne.CanvasObject, id string) {
	cs := sh.cs
	if cs.locked {
		cs.ctx.Refuse(src, shell.ErrLocked.Error())
		return
	}
	if sh.host == nil {
		return
	}
	name := sh.names.from(id)
	err := sh.host.Remove(id)
	sh.update()
	if err != nil {
		cs.ctx.Refuse(src, capitalize(shell.Words(err))+".")
		return
	}
	cs.message(fmt.Sprintf("Removed %s from the table: it can join again only with the code.", name), false)
}

// showSharePanel shows the sharing panel in the tabs' place.
func (cs *campaignScreen) showSharePanel() {
	cs.chrome.ShowPanel(cs.share.panel())
	cs.share.update()
}

// hideSharePanel shows the tabs again.
func (cs *campaignScreen) hideSharePanel() { cs.chrome.HidePanel() }

// toggleSharePanel is the header's Share button.
func (cs *campaignScreen) toggleSharePanel() {
	if cs.chrome.Panel() != nil {
		cs.hideSharePanel()
		return
	}
	cs.showSharePanel()
}

// followDevices makes a phone's command land on the screens as a tap on
// the tablet does: the frame's refresh and every OnChange listener of the
// game, and the message line saying who did what. The watcher runs with
// the session's lock held (inside the host's Exec, on Fyne's goroutine),
// so it only queues that.
func (cs *campaignScreen) followDevices() func() {
	u := cs.u
	return cs.s.Watch(func(e tracker.Event) {
		if e.Origin == nil {
			return // the tablet's own: its screen already said so
		}
		u.post(func() {
			if u.camp != cs {
				return
			}
			cs.ctx.Changed(e)
			cs.message(cs.share.names.from(e.Origin.Device)+": "+cs.s.Describe(e), false)
		})
	})
}
