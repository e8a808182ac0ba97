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
