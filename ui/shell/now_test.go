package shell

import "time"

func mustNow() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }
