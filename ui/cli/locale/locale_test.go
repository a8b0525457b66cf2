package locale

import (
	"go/build"
	"testing"
)

func TestFix(t *testing.T) {
	cases := []struct {
		env        map[string]string
		key, value string
	}{
		{map[string]string{}, "", ""},
		{map[string]string{"LANG": "C"}, "", ""},
		{map[string]string{"LANG": "POSIX"}, "", ""},
		{map[string]string{"LANG": "en_US.UTF-8"}, "", ""},
		{map[string]string{"LANG": "C.UTF-8"}, "LANGUAGE", "en"},
		{map[string]string{"LANG": "C.utf8"}, "LANGUAGE", "en"},
		{map[string]string{"LANG": "POSIX.UTF-8"}, "LANGUAGE", "en"},
		{map[string]string{"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "LANGUAGE", "en"},
		{map[string]string{"LC_MESSAGES": "C.UTF-8"}, "LANGUAGE", "en"},
		// LC_ALL wins: de_DE is what go-locale reads.
		{map[string]string{"LC_ALL": "de_DE.UTF-8", "LANG": "C.UTF-8"}, "", ""},
		// LANGUAGE is read first unless the locale is exactly C or POSIX.
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "fr:de"}, "", ""},
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "C"}, "LANGUAGE", "en"},
		{map[string]string{"LANG": "en_GB.UTF-8", "LANGUAGE": "fr:C.UTF-8::de"}, "LANGUAGE", "fr:de"},
		{map[string]string{"LANG": "C", "LANGUAGE": "C"}, "", ""},
	}
	for _, c := range cases {
		getenv := func(k string) (string, bool) { v, ok := c.env[k]; return v, ok }
		key, value, ok := Fix(getenv)
		if !readsEnv {
			if ok {
				t.Fatalf("%v: set %s=%s where go-locale does not read the environment", c.env, key, value)
			}
			continue
		}
		if key != c.key || value != c.value || ok != (c.key != "") {
			t.Errorf("%v: Fix = %q %q %v, want %q %q", c.env, key, value, ok, c.key, c.value)
		}
	}
}

// TestImportsOnlySyscall: the package must be initialised before Fyne's
// lang package, which holds only while it imports nothing but syscall.
func TestImportsOnlySyscall(t *testing.T) {
	p, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range p.Imports {
		if imp != "syscall" {
			t.Errorf("imports %s: only syscall keeps it initialised before Fyne's lang package", imp)
		}
	}
}
