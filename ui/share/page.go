package share

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"net/http"
	"path"
	"strings"
)

// The page: one HTML file made from a template (the protocol version and
// the mode, phone or table view), a script and a style sheet, embedded in
// the binary. No framework, nothing fetched from elsewhere: a phone on a
// table's Wi-Fi without the internet gets all of it from the host.

//go:embed page/index.html page/app.js page/style.css
var pageFiles embed.FS

var pageTemplate = template.Must(template.ParseFS(pageFiles, "page/index.html"))

type pageData struct {
	Protocol int
	Mode     string // "phone" or "table"
	Version  string // the assets' digest, so a new build's are fetched
}

// assetVersion is a digest of the script and style sheet.
var assetVersion = func() string {
	h := sha256.New()
	for _, f := range []string{"page/app.js", "page/style.css", "page/index.html"} {
		b, _ := pageFiles.ReadFile(f)
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)[:6])
}()

func (h *Host) handlePage(w http.ResponseWriter, r *http.Request) {
	mode := "phone"
	if r.URL.Path == "/table" {
		mode = "table"
	}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, pageData{Protocol: Protocol, Mode: mode, Version: assetVersion}); err != nil {
		http.Error(w, "The page could not be made.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// Never kept: a page from an older host must not outlive an update.
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b.Bytes())
}

func (h *Host) handleAsset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	types := map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
	ct, ok := types[path.Ext(name)]
	if !ok || strings.ContainsAny(name, "/\\") || name == "index.html" {
		h.refuse(w, http.StatusNotFound, reasonNotFound, "Nothing is here: this host shares one table, and only through its page.")
		return
	}
	b, err := pageFiles.ReadFile("page/" + name)
	if err != nil {
		h.refuse(w, http.StatusNotFound, reasonNotFound, "Nothing is here: this host shares one table, and only through its page.")
		return
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("ETag", `"`+assetVersion+`"`)
	if r.Header.Get("If-None-Match") == `"`+assetVersion+`"` {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	_, _ = w.Write(b)
}

// PageSize is the bytes of the page as served: the HTML, the script and
// the style sheet.
func PageSize() int {
	n := 0
	for _, f := range []string{"page/index.html", "page/app.js", "page/style.css"} {
		b, _ := pageFiles.ReadFile(f)
		n += len(b)
	}
	return n
}
