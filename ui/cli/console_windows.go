//go:build windows

package cli

import (
	"os"
	"strings"
	"syscall"
	"unsafe"
)

var (
	kernel32               = syscall.NewLazyDLL("kernel32.dll")
	procAttachConsole      = kernel32.NewProc("AttachConsole")
	procFreeConsole        = kernel32.NewProc("FreeConsole")
	procGetConsoleProcList = kernel32.NewProc("GetConsoleProcessList")
)

// attachParentProcess is AttachConsole's ATTACH_PARENT_PROCESS, (DWORD)-1.
const attachParentProcess = ^uint32(0)

// Console fits the process's console to what it is asked to do, on
// Windows, where a program is built either for the console or for windows:
//
//   - Built for the console (go build, as .ci/build-windows does) and
//     started from Explorer to open the window, Windows gave it a console
//     window of its own: that is let go at once, so the players see only
//     the app. Started from a command prompt, the console is the prompt's
//     and is kept.
//   - Built for windows (-H windowsgui, as `fyne package -os windows`
//     does) and run with a verb from a command prompt, it has no standard
//     output at all: it takes the prompt's console, so the verb's answer
//     shows there (where standard output is a file or a pipe, nothing
//     changes).
func Console(args []string) {
	if len(args) == 0 || isWindowFlagsOnly(args) {
		var pid uint32
		n, _, _ := procGetConsoleProcList.Call(uintptr(unsafe.Pointer(&pid)), 1)
		if n == 1 { // the console is this process's alone
			procFreeConsole.Call()
		}
		return
	}
	if usable(os.Stdout) && usable(os.Stderr) {
		return
	}
	if r, _, _ := procAttachConsole.Call(uintptr(attachParentProcess)); r == 0 {
		return
	}
	if !usable(os.Stdout) {
		if f, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0); err == nil {
			os.Stdout = f
		}
	}
	if !usable(os.Stderr) {
		if f, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0); err == nil {
			os.Stderr = f
		}
	}
	if !usable(os.Stdin) {
		if f, err := os.OpenFile("CONIN$", os.O_RDONLY, 0); err == nil {
			os.Stdin = f
		}
	}
}

// isWindowFlagsOnly reports whether args only choose the file (--db PATH)
// for the window, with no verb.
func isWindowFlagsOnly(args []string) bool {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--db" || a == "-db":
			i++
		case strings.HasPrefix(a, "--db=") || strings.HasPrefix(a, "-db="):
		default:
			return false
		}
	}
	return true
}

// usable reports whether f is a handle that can be written or read: a
// program built for windows gets none for its standard streams.
func usable(f *os.File) bool {
	if f == nil {
		return false
	}
	h := syscall.Handle(f.Fd())
	if h == 0 || h == syscall.InvalidHandle {
		return false
	}
	t, err := syscall.GetFileType(h)
	return err == nil && t != syscall.FILE_TYPE_UNKNOWN
}
