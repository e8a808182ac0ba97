package debugger

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/svd"
)

// WritePeripheral writes value to the register or field p names, now. The
// write is the register's own write, as a store by the firmware would do
// it, side effects included (writing a UART's txdata sends the byte). A
// field is written by reading the register (without side effects),
// replacing the field's bits and writing the whole register back. In the
// past this forks history, as any edit does (TakeFork).
func (s *Session) WritePeripheral(p svd.Path, value uint64) error {
	r := p.Register
	if r == nil {
		return fmt.Errorf("%s is a peripheral: write one of its registers", p.Peripheral.Name)
	}
	name := PathName(p)
	if r.Access == svd.ReadOnly || p.Field != nil && p.Field.Access == svd.ReadOnly {
		return fmt.Errorf("%s is read-only", name)
	}
	if p.Field != nil {
		f := p.Field
		if value > f.Mask()>>uint(f.BitOffset) {
			return fmt.Errorf("%#x does not fit in %s (%d bits)", value, name, f.BitWidth)
		}
		cur := r.ResetValue
		if r.Access.Readable() {
			v, err := s.ReadRegister(r)
			if err != nil {
				return err
			}
			cur = v
		}
		value = cur&^f.Mask() | value<<uint(f.BitOffset)&f.Mask()
	} else if value > r.Mask() {
		return fmt.Errorf("%#x does not fit in %s (%d bits)", value, name, r.Size)
	}
	width := registerWidth(r)
	if r.Address+uint64(width) > 1<<32 {
		return fmt.Errorf("%s: address %#x is outside the 32-bit bus", name, r.Address)
	}
	buf := binary.LittleEndian.AppendUint64(nil, value)[:width]
	if err := s.target(s.hart).WriteMemory(uint32(r.Address), buf); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// registerWidth is the access width in bytes for a register's size (1, 2,
// 4 or 8: the next of those at or above the size).
func registerWidth(r *svd.Register) int {
	width := 8
	for width < 64 && width < r.Size {
		width *= 2
	}
	return width / 8
}

// AssignPeripheral runs "PATH = VALUE" when PATH is a peripheral register
// or field (and not a C lvalue): VALUE is a number or a C expression of
// frame index of hart. handled is false when expr is no such assignment.
func (s *Session) AssignPeripheral(hart, index int, expr string) (handled bool, err error) {
	lhs, rhs, ok := strings.Cut(expr, "=")
	if !ok || strings.HasPrefix(rhs, "=") || strings.HasSuffix(lhs, "!") || strings.HasSuffix(lhs, "<") || strings.HasSuffix(lhs, ">") {
		return false, nil
	}
	p, ok, err := s.PeripheralExpr(hart, index, lhs)
	if !ok {
		return false, nil
	}
	if err != nil {
		return true, err
	}
	v, err := s.uint64Of(hart, index, rhs)
	if err != nil {
		return true, err
	}
	return true, s.WritePeripheral(p, v)
}

// uint64Of evaluates a value to write: a number (up to 64 bits) or a C
// expression.
func (s *Session) uint64Of(hart, index int, expr string) (uint64, error) {
	if v, err := ParseUint(expr); err == nil {
		return v, nil
	}
	v, err := s.EvaluateUint(hart, index, strings.TrimSpace(expr))
	return uint64(v), err
}

// PeripheralTarget is what a data breakpoint on a register (or on a field:
// its register) watches.
func (s *Session) PeripheralTarget(p svd.Path) (DataTarget, error) {
	r := p.Register
	if r == nil {
		return DataTarget{}, fmt.Errorf("%s is a peripheral: watch one of its registers", p.Peripheral.Name)
	}
	width := registerWidth(r)
	if r.Address+uint64(width) > 1<<32 {
		return DataTarget{}, fmt.Errorf("%s: address %#x is outside the 32-bit bus", PathName(p), r.Address)
	}
	return DataTarget{Addr: uint32(r.Address), Size: uint32(width),
		Description: fmt.Sprintf("%s (%d bytes at %#x)", PathName(p), width, r.Address)}, nil
}
