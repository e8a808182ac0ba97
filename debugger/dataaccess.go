package debugger

import "github.com/rewind-debugger/rewind/vm"

// DataAccess is the access kind of a data breakpoint (DataSpec.Access)
// that catches reads, writes, or both.
func DataAccess(read, write bool) vm.Access {
	switch {
	case read && write:
		return vm.AccessRW
	case read:
		return vm.AccessRead
	}
	return vm.AccessWrite
}
