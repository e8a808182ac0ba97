package svd

// Access is who may read and write a register or field.
type Access string

// The access values SVD defines ("" when nothing says).
const (
	ReadOnly      Access = "read-only"
	WriteOnly     Access = "write-only"
	ReadWrite     Access = "read-write"
	WriteOnce     Access = "writeOnce"
	ReadWriteOnce Access = "read-writeOnce"
)

// Readable reports whether a debugger may show the value (anything but
// write-only; unknown access counts as readable).
func (a Access) Readable() bool { return a != WriteOnly && a != WriteOnce }

// Device is a parsed SVD file.
type Device struct {
	Name        string
	Vendor      string
	Description string
	// Width is the bus width in bits.
	Width int
	// AddressUnitBits is the size of an addressable unit (8: byte).
	AddressUnitBits int
	// Peripherals in file order, derived ones included.
	Peripherals []*Peripheral
}

// Peripheral is one device block at a base address.
type Peripheral struct {
	Name        string
	Description string
	GroupName   string
	// DerivedFrom names the peripheral this one copies, "" if none.
	DerivedFrom   string
	BaseAddress   uint64
	AddressBlocks []AddressBlock
	Interrupts    []Interrupt
	// Registers sorted by address; a register in a cluster is named with
	// the cluster's name and a dot ("CH0.CTRL").
	Registers []*Register
	// Line is where the peripheral is described.
	Line int
}

// AddressBlock is a range of a peripheral's address space.
type AddressBlock struct {
	Offset uint64
	Size   uint64
	// Usage is "registers", "buffer" or "reserved".
	Usage string
}

// Interrupt is an interrupt line a peripheral raises.
type Interrupt struct {
	Name        string
	Description string
	Value       int
}

// Register is one memory-mapped register.
type Register struct {
	// Name within the peripheral, cluster names prefixed ("CH0.CTRL").
	Name        string
	DisplayName string
	Description string
	// Offset from the peripheral's base; Address is absolute.
	Offset  uint64
	Address uint64
	// Size in bits.
	Size       int
	Access     Access
	ResetValue uint64
	ResetMask  uint64
	// ReadAction says what reading does to the device ("clear",
	// "set", "modify", "modifyExternal"), "" when reading is harmless.
	ReadAction string
	// Fields sorted by BitOffset.
	Fields []*Field
	// Peripheral is the register's peripheral.
	Peripheral *Peripheral
	// Line is where the register is described.
	Line int
}

// Field is a bit range of a register.
type Field struct {
	Name        string
	Description string
	// BitOffset is the least significant bit, BitWidth the width.
	BitOffset  int
	BitWidth   int
	Access     Access
	ReadAction string
	// Enums are the field's enumerated value sets (at most one for
	// reading and one for writing).
	Enums []*EnumSet
}

// Usage says which accesses an enumerated value set describes.
type Usage string

// The usages of enumerated values.
const (
	UsageRead      Usage = "read"
	UsageWrite     Usage = "write"
	UsageReadWrite Usage = "read-write"
)

// EnumSet is a field's enumeratedValues element.
type EnumSet struct {
	Name   string
	Usage  Usage
	Values []EnumValue
}

// EnumValue names one value of a field (or, when IsDefault, every value
// not named otherwise).
type EnumValue struct {
	Name        string
	Description string
	// Value and Mask: a field value v matches when v&Mask == Value (Mask
	// has a 0 for each don't-care bit of a "#1x0" form).
	Value     uint64
	Mask      uint64
	IsDefault bool
}

// Mask is the register bits the field covers.
func (f *Field) Mask() uint64 {
	if f.BitWidth >= 64 {
		return ^uint64(0) << uint(f.BitOffset)
	}
	return (uint64(1)<<uint(f.BitWidth) - 1) << uint(f.BitOffset)
}
