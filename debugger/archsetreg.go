package debugger

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SetRegisterText writes register name as frame index of hart sees it
// (frame 0 only, see SetFrameRegister) from text a user typed: a C
// expression for an integer register; for a floating-point register a
// number (s0 takes a float, d0 a double) or, written in hex, the raw
// bits. It returns the register as it reads afterwards.
func (s *Session) SetRegisterText(hart, index int, name, text string) (Register, error) {
	ri, ok := s.registerInfo(name)
	if !ok {
		return Register{}, fmt.Errorf("no register %q", name)
	}
	if index != 0 {
		return Register{}, s.SetFrameRegister(hart, index, ri.Num, 0)
	}
	var v uint64
	var err error
	text = strings.TrimSpace(text)
	switch {
	case ri.Float && strings.HasPrefix(strings.ToLower(text), "0x"):
		v, err = strconv.ParseUint(text[2:], 16, ri.Bits)
	case ri.Float && ri.Bits == 64:
		var f float64
		f, err = strconv.ParseFloat(text, 64)
		v = math.Float64bits(f)
	case ri.Float:
		var f float64
		f, err = strconv.ParseFloat(text, 32)
		v = uint64(math.Float32bits(float32(f)))
	default:
		var x uint32
		x, err = s.EvaluateUint(hart, index, text)
		v = uint64(x)
	}
	if err != nil {
		return Register{}, fmt.Errorf("%s = %s: %w", ri.Name, text, err)
	}
	if err := s.SetRegister64(hart, ri.Num, v); err != nil {
		return Register{}, err
	}
	return s.hartRegister(s.m.Hart(hart), ri)
}

// SetRegisterField writes one bit field of register name (a writable
// RegisterField: the xPSR's condition flags, CONTROL, FPSCR; RISC-V
// mstatus.MIE, mcause.Code...) as frame index of hart sees it (frame 0
// only) from text a user typed, a C expression; the register's other bits
// keep their values. It returns the register as it reads afterwards.
func (s *Session) SetRegisterField(hart, index int, name, field, text string) (Register, error) {
	ri, ok := s.registerInfo(name)
	if !ok {
		return Register{}, fmt.Errorf("no register %q", name)
	}
	if index != 0 {
		return Register{}, s.SetFrameRegister(hart, index, ri.Num, 0)
	}
	if hart < 0 || hart >= s.m.Harts() {
		return Register{}, fmt.Errorf("no hart %d", hart)
	}
	r, err := s.hartRegister(s.m.Hart(hart), ri)
	if err != nil {
		return Register{}, err
	}
	var f *RegisterField
	for i := range r.Fields {
		if strings.EqualFold(r.Fields[i].Name, field) {
			f = &r.Fields[i]
		}
	}
	switch {
	case f == nil:
		return Register{}, fmt.Errorf("%s has no field %s", ri.Name, field)
	case !f.Writable || f.Shift < 0:
		return Register{}, fmt.Errorf("%s.%s is read-only", ri.Name, f.Name)
	}
	v, err := s.EvaluateUint(hart, index, strings.TrimSpace(text))
	if err != nil {
		return Register{}, fmt.Errorf("%s.%s = %s: %w", ri.Name, f.Name, text, err)
	}
	mask := uint32(1)<<f.Width - 1
	if v&^mask != 0 {
		return Register{}, fmt.Errorf("%s.%s is %d bits wide: %#x does not fit", ri.Name, f.Name, f.Width, v)
	}
	nv := r.Value&^(mask<<f.Shift) | v<<f.Shift
	if err := s.SetRegister(hart, ri.Num, nv); err != nil {
		return Register{}, err
	}
	return s.hartRegister(s.m.Hart(hart), ri)
}
