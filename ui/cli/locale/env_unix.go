//go:build !windows && !darwin && !ios && !android && !js

package locale

// readsEnv: on these systems go-locale takes the language from the
// environment; elsewhere it asks the system, and there is nothing to fix.
const readsEnv = true
