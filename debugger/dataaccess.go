package debugger

// DataAccess is the access kind of a data breakpoint (DataSpec.Access)
// that catches reads, writes, or both.
func DataAccess(read, write bool) Access {
	switch {
	case read && write:
		return AccessRW
	case read:
		return AccessRead
	}
	return AccessWrite
}
