//go:build windows || darwin || ios || android || js

package locale

const readsEnv = false
