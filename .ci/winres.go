//go:build ignore

// winres writes what the Windows build's resources are made of, from
// FyneApp.toml and its icon, so the .exe carries the same name, version
// and icon as `fyne package -os windows` would give it, without that tool
// (which the module proxy may not serve) and with the MinGW tools only:
//
//	go run .ci/winres.go DIR
//	x86_64-w64-mingw32-windres -O coff -o rsrc_windows_amd64.syso DIR/tablekeeper.rc
//
// It writes DIR/tablekeeper.ico (the icon at 16, 24, 32, 48, 64 and 256
// pixels, each a PNG, as Windows Vista and later read them),
// DIR/tablekeeper.manifest (the application manifest: run as the user,
// Windows 10 and 11, long paths) and DIR/tablekeeper.rc (icon, manifest
// and version information). .ci/build-windows runs both steps.
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// app is what FyneApp.toml says of the app.
type app struct {
	Name, ID, Version, Icon, Website, Comment string
	Build                                     int
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run .ci/winres.go DIR (from the repository's root)")
		os.Exit(2)
	}
	dir := os.Args[1]
	a, err := readFyneApp("FyneApp.toml")
	if err == nil {
		err = writeAll(dir, a)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "winres:", err)
		os.Exit(1)
	}
}

// readFyneApp reads the keys it needs from FyneApp.toml: plain `key =
// value` lines in [Details] (and Website at the top, Comment in
// [LinuxAndBSD]); it refuses a file without Name, ID, Version or Icon.
func readFyneApp(path string) (app, error) {
	f, err := os.Open(path)
	if err != nil {
		return app{}, err
	}
	defer f.Close()
	var a app
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			section = strings.Trim(line, "[]")
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if s, err := strconv.Unquote(v); err == nil {
			v = s
		}
		switch section + "." + k {
		case ".Website":
			a.Website = v
		case "Details.Name":
			a.Name = v
		case "Details.ID":
			a.ID = v
		case "Details.Version":
			a.Version = v
		case "Details.Icon":
			a.Icon = v
		case "Details.Build":
			if a.Build, err = strconv.Atoi(v); err != nil {
				return a, fmt.Errorf("%s: Build %q is not a number", path, v)
			}
		case "LinuxAndBSD.Comment":
			a.Comment = v
		}
	}
	if err := sc.Err(); err != nil {
		return a, err
	}
	if a.Name == "" || a.ID == "" || a.Version == "" || a.Icon == "" {
		return a, fmt.Errorf("%s lacks one of Name, ID, Version, Icon in [Details]", path)
	}
	return a, nil
}

// fileVersion is Version and Build as Windows's four numbers: "0.1.0"
// and 1 make 0,1,0,1.
func (a app) fileVersion() ([4]uint16, error) {
	var v [4]uint16
	parts := strings.Split(a.Version, ".")
	if len(parts) > 3 {
		return v, fmt.Errorf("Version %q has more than three numbers", a.Version)
	}
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 16)
		if err != nil {
			return v, fmt.Errorf("Version %q: %q is not a number up to 65535", a.Version, p)
		}
		v[i] = uint16(n)
	}
	if a.Build < 0 || a.Build > 65535 {
		return v, fmt.Errorf("Build %d is beyond 65535", a.Build)
	}
	v[3] = uint16(a.Build)
	return v, nil
}

func writeAll(dir string, a app) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	v, err := a.fileVersion()
	if err != nil {
		return err
	}
	ico, err := icon(a.Icon)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "tablekeeper.ico"), ico, 0o644); err != nil {
		return err
	}
	dotted := fmt.Sprintf("%d.%d.%d.%d", v[0], v[1], v[2], v[3])
	manifest := fmt.Sprintf(manifestXML, xmlEscape(a.ID), dotted, xmlEscape(a.Name))
	if err := os.WriteFile(filepath.Join(dir, "tablekeeper.manifest"), []byte(manifest), 0o644); err != nil {
		return err
	}
	comma := fmt.Sprintf("%d,%d,%d,%d", v[0], v[1], v[2], v[3])
	desc := a.Name
	if a.Comment != "" {
		desc = a.Name + ": " + a.Comment
	}
	rc := fmt.Sprintf(rcText, comma, comma,
		rcString(a.Name), rcString(desc), rcString(dotted), rcString(a.ID),
		rcString(strings.ToLower(a.Name)+".exe"), rcString(a.Name), rcString(a.Version), rcString(a.Website))
	return os.WriteFile(filepath.Join(dir, "tablekeeper.rc"), []byte(rc), 0o644)
}

const manifestXML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <assemblyIdentity type="win32" name="%s" version="%s" processorArchitecture="amd64"/>
  <description>%s</description>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application>
      <supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"/>
    </application>
  </compatibility>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <longPathAware xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">true</longPathAware>
    </windowsSettings>
  </application>
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security>
      <requestedPrivileges>
        <requestedExecutionLevel level="asInvoker" uiAccess="false"/>
      </requestedPrivileges>
    </security>
  </trustInfo>
</assembly>
`

// rcText is the resource script: the icon (ID 1, which Explorer shows),
// the manifest (type 24, ID 1) and the version information Explorer's
// Properties shows.
const rcText = `// Written by .ci/winres.go from FyneApp.toml; not kept in the repository.
#pragma code_page(65001)
1 ICON "tablekeeper.ico"
1 24 "tablekeeper.manifest"
1 VERSIONINFO
FILEVERSION %s
PRODUCTVERSION %s
FILEOS 0x40004
FILETYPE 0x1
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904B0"
    BEGIN
      VALUE "CompanyName", "%s"
      VALUE "FileDescription", "%s"
      VALUE "FileVersion", "%s"
      VALUE "InternalName", "%s"
      VALUE "OriginalFilename", "%s"
      VALUE "ProductName", "%s"
      VALUE "ProductVersion", "%s"
      VALUE "Comments", "%s"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x0409, 0x04B0
  END
END
`

// rcString quotes s for a resource script's string ("" doubles a quote).
func rcString(s string) string {
	return strings.NewReplacer(`"`, `""`, "\n", " ", "\r", " ").Replace(s)
}

func xmlEscape(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// icon makes an .ico of the PNG at path, one PNG entry per size.
func icon(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	sizes := []int{16, 24, 32, 48, 64, 256}
	var images [][]byte
	for _, s := range sizes {
		var b bytes.Buffer
		if err := png.Encode(&b, scale(src, s)); err != nil {
			return nil, err
		}
		images = append(images, b.Bytes())
	}
	var out bytes.Buffer
	w := func(v any) { binary.Write(&out, binary.LittleEndian, v) }
	w(uint16(0))          // reserved
	w(uint16(1))          // an icon
	w(uint16(len(sizes))) // how many
	offset := 6 + 16*len(sizes)
	for i, s := range sizes {
		side := uint8(s)
		if s >= 256 {
			side = 0 // 0 means 256
		}
		out.Write([]byte{side, side, 0, 0})
		w(uint16(1))  // colour planes
		w(uint16(32)) // bits per pixel
		w(uint32(len(images[i])))
		w(uint32(offset))
		offset += len(images[i])
	}
	for _, img := range images {
		out.Write(img)
	}
	return out.Bytes(), nil
}

// scale shrinks (or grows) src to a side×side square, averaging the
// source pixels each target pixel covers, so small sizes stay smooth.
func scale(src image.Image, side int) image.Image {
	b := src.Bounds()
	dst := image.NewNRGBA(image.Rect(0, 0, side, side))
	for y := 0; y < side; y++ {
		y0 := b.Min.Y + y*b.Dy()/side
		y1 := max(b.Min.Y+(y+1)*b.Dy()/side, y0+1)
		for x := 0; x < side; x++ {
			x0 := b.Min.X + x*b.Dx()/side
			x1 := max(b.Min.X+(x+1)*b.Dx()/side, x0+1)
			var r, g, bl, a, n uint64
			for sy := y0; sy < y1; sy++ {
				for sx := x0; sx < x1; sx++ {
					c := color.NRGBA64Model.Convert(src.At(sx, sy)).(color.NRGBA64)
					r += uint64(c.R) * uint64(c.A)
					g += uint64(c.G) * uint64(c.A)
					bl += uint64(c.B) * uint64(c.A)
					a += uint64(c.A)
					n++
				}
			}
			if a == 0 {
				continue
			}
			dst.SetNRGBA(x, y, color.NRGBA{
				R: uint8(r / a >> 8), G: uint8(g / a >> 8), B: uint8(bl / a >> 8), A: uint8(a / n >> 8),
			})
		}
	}
	return dst
}
