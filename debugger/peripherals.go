package debugger

import (
	"errors"
	"fmt"

	"github.com/rewind-debugger/rewind/svd"
)

// ErrWriteOnly is the Err of a register the SVD file says cannot be read.
var ErrWriteOnly = errors.New("write-only register")

// PeripheralRegister is one register as the device holds it at the current
// moment of the history, with its fields decoded.
type PeripheralRegister struct {
	Register *svd.Register
	// Value is the register's content (valid when Err is nil).
	Value uint64
	// Err says why there is no value: ErrWriteOnly, or an address no
	// device answers at the register's width.
	Err error
	// Fields are the decoded fields (nil when Err is set).
	Fields []svd.FieldValue
}

// PeripheralValues is a peripheral's registers at the current moment.
type PeripheralValues struct {
	Peripheral *svd.Peripheral
	Registers  []PeripheralRegister
}

// Peripherals reads every register of every peripheral the SVD device
// describes, at the current moment, without side effects on the devices
// (registers whose read pops a FIFO or claims an interrupt are peeked).
func (s *Session) Peripherals(dev *svd.Device) []PeripheralValues {
	out := make([]PeripheralValues, 0, len(dev.Peripherals))
	for _, p := range dev.Peripherals {
		out = append(out, s.peripheralValues(p))
	}
	return out
}

// Peripheral reads one peripheral by name ("UART0"; case is ignored when
// unambiguous) at the current moment, without side effects.
func (s *Session) Peripheral(dev *svd.Device, name string) (PeripheralValues, error) {
	p, ok := dev.Peripheral(name)
	if !ok {
		return PeripheralValues{}, fmt.Errorf("no peripheral %q in the SVD file", name)
	}
	return s.peripheralValues(p), nil
}

// peripheralValues reads the registers of one peripheral.
func (s *Session) peripheralValues(p *svd.Peripheral) PeripheralValues {
	pv := PeripheralValues{Peripheral: p, Registers: make([]PeripheralRegister, 0, len(p.Registers))}
	for _, r := range p.Registers {
		pv.Registers = append(pv.Registers, s.ReadPeripheralRegister(r))
	}
	return pv
}

// ReadPeripheralRegister reads one register and decodes it, without side effects.
func (s *Session) ReadPeripheralRegister(r *svd.Register) PeripheralRegister {
	rv := PeripheralRegister{Register: r}
	rv.Value, rv.Err = s.ReadRegister(r)
	if rv.Err == nil {
		rv.Fields = r.Decode(rv.Value)
	}
	return rv
}

// ReadRegister peeks a register at its own width (8, 16, 32 or 64 bits;
// other sizes are read at the next of those widths and masked), the way
// the firmware's load would see it but without the load's side effects.
func (s *Session) ReadRegister(r *svd.Register) (uint64, error) {
	if !r.Access.Readable() {
		return 0, fmt.Errorf("%s.%s: %w", r.Peripheral.Name, r.Name, ErrWriteOnly)
	}
	width := registerWidth(r)
	if r.Address+uint64(width) > 1<<32 {
		return 0, fmt.Errorf("%s.%s: address %#x is outside the 32-bit bus", r.Peripheral.Name, r.Name, r.Address)
	}
	v, err := s.m.PeekIO(uint32(r.Address), width)
	if err != nil {
		return 0, fmt.Errorf("%s.%s: %w", r.Peripheral.Name, r.Name, err)
	}
	return v & r.Mask(), nil
}
