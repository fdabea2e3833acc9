package handler

import "sync"

// collectionLocks makes read-modify-write commands atomic with respect to each other within
// one collection (database name, NUL, collection name → *sync.Mutex), as MongoDB makes every
// single-document write atomic. Added by the project's launcher (scripts/servers/ferretdb/patch.mjs).
var collectionLocks sync.Map

// lockCollection locks a collection's read-modify-write commands and returns the unlock.
func lockCollection(db, collection string) func() {
	l, _ := collectionLocks.LoadOrStore(db+"\x00"+collection, new(sync.Mutex))
	mu := l.(*sync.Mutex)
	mu.Lock()
	return mu.Unlock
}
