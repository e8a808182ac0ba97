package debugger

import "github.com/rewind-debugger/rewind/vm"

// Access is the kind of memory access a data breakpoint watches.
type Access uint8

// Access kinds (a bit set: AccessRW is both).
const (
	AccessRead  Access = 1
	AccessWrite Access = 2
	AccessRW    Access = AccessRead | AccessWrite
)

// String names the access ("read", "write", "access").
func (a Access) String() string {
	switch a {
	case AccessRead:
		return "read"
	case AccessWrite:
		return "write"
	}
	return "access"
}

// vmAccess is the machine's access kind for a.
func (a Access) vmAccess() vm.Access {
	var v vm.Access
	if a&AccessRead != 0 {
		v |= vm.AccessRead
	}
	if a&AccessWrite != 0 {
		v |= vm.AccessWrite
	}
	return v
}

// accessOf converts the machine's access kind.
func accessOf(v vm.Access) Access {
	var a Access
	if v&vm.AccessRead != 0 {
		a |= AccessRead
	}
	if v&vm.AccessWrite != 0 {
		a |= AccessWrite
	}
	return a
}
