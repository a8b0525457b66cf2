// Command tablekeeper keeps the bookkeeping of a campaign board game and plays
// its enemy side. See README.md.
package main

func main() {}
