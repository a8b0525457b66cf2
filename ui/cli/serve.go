package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/ui/share"
)

// serve shares one campaign with the phones at the table, without a
// window, until SIGINT or SIGTERM (or Env.Stop): tablekeeper serve [ID]
// [--addr HOST:PORT] [--allow-resolve] [--allow-outside].
func (c *command) serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", "", "")
	allowResolve := fs.Bool("allow-resolve", false, "")
	allowOutside := fs.Bool("allow-outside", false, "")
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return usageError{"serve: " + err.Error()}
		}
		args = fs.Args()
		if len(args) > 0 {
			pos, args = append(pos, args[0]), args[1:]
		}
	}
	if len(pos) > 1 {
		return usageError{"serve shares one campaign"}
	}
	db, err := c.open()
	if err != nil {
		return err
	}
	defer db.Close()
	cp, err := campaignToShare(db, pos)
	if err != nil {
		return err
	}
	s, err := db.OpenSession(cp.ID)
	if err != nil {
		return err
	}
	table := c.env.Tables[cp.Game]
	if table == nil {
		table = share.Basic(cp.Game)
	}
	h, err := share.Start(share.Options{Session: s, Table: table, Devices: db, Addr: *addr,
		AllowResolve: *allowResolve, AllowOutside: *allowOutside})
	if err != nil {
		return err
	}
	out := c.env.Stdout
	fmt.Fprintf(out, "Sharing “%s” (%s) with the phones at the table.\n", cp.Name, cp.Game.Title())
	addrs := h.Addresses()
	for i, a := range addrs {
		if i == 0 {
			fmt.Fprintf(out, "Open on a phone or tablet:  %s\n", a)
		} else {
			fmt.Fprintf(out, "                       or:  %s\n", a)
		}
	}
	fmt.Fprintf(out, "Join code:                  %s\n", h.JoinCode())
	fmt.Fprintf(out, "Joins without the code:     %s\n", h.JoinURL())
	fmt.Fprintf(out, "Table view (a TV):          %s\n", h.TableURL())
	if *allowResolve {
		fmt.Fprintln(out, "Phones may play the enemy's steps.")
	}
	if *allowOutside {
		fmt.Fprintln(out, "Answering beyond the local network too.")
	}
	fmt.Fprintln(out, "Press Ctrl+C to stop sharing: the code and every phone's key stop working.")

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	select {
	case <-ctx.Done():
	case <-c.env.Stop:
	}
	err = h.Stop()
	h.Wait()
	if err != nil {
		return fmt.Errorf("sharing stopped, but the devices could not be forgotten in the file: %w", err)
	}
	fmt.Fprintln(out, "Stopped sharing.")
	return nil
}

// campaignToShare is the campaign named, or the one there is, or the most
// recently played.
func campaignToShare(db *storage.DB, pos []string) (tracker.Campaign, error) {
	if len(pos) == 1 {
		return findCampaign(db, pos[0])
	}
	list, err := db.List()
	if err != nil {
		return tracker.Campaign{}, err
	}
	if len(list) == 0 {
		return tracker.Campaign{}, errors.New("there is no campaign to share yet: start one with tablekeeper new GAME NAME")
	}
	return list[0], nil
}
