package dbgext

import (
	"fmt"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/vm"
)

// CodeSpec turns a location string into a breakpoint spec. A bare line
// number refers to defaultFile; "*expr" is evaluated in frame of hart.
func CodeSpec(s *debugger.Session, hart, frame int, loc, defaultFile string) (Spec, error) {
	l, err := ParseLocation(loc)
	if err != nil {
		return Spec{}, err
	}
	sp := Spec{Kind: l.Kind, File: l.File, Line: l.Line, Function: l.Function}
	switch l.Kind {
	case debugger.KindLine:
		if sp.File == "" {
			if defaultFile == "" {
				return Spec{}, fmt.Errorf("no current source file: say file:%d", l.Line)
			}
			sp.File = defaultFile
		}
	case debugger.KindInstruction:
		a, err := ParseUint(l.AddrExpr)
		if err != nil {
			v, err := s.EvaluateUint(hart, frame, l.AddrExpr)
			if err != nil {
				return Spec{}, err
			}
			a = uint64(v)
		}
		if a > 0xffffffff {
			return Spec{}, fmt.Errorf("address %#x is out of range", a)
		}
		sp.Addr = uint32(a)
	}
	return sp, nil
}

// WatchSpec makes a watchpoint spec for the memory expr names now (in
// frame of hart).
func WatchSpec(s *debugger.Session, hart, frame int, expr string, acc vm.Access) (Spec, error) {
	dt, err := s.DataTargetOf(hart, frame, expr)
	if err != nil {
		return Spec{}, err
	}
	return Spec{Kind: debugger.KindData, Addr: dt.Addr, Size: dt.Size, Access: acc, Expr: expr}, nil
}
