package debugger

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// inputBefore names the input log entry that supplied a UART read at time
// t: the latest UART input at or before t ("" for other devices).
func (s *Session) inputBefore(addr uint32, t uint64) string {
	if !strings.HasPrefix(s.deviceName(addr), "UART") {
		return ""
	}
	var last *checkpoint.Event
	evs := s.tl.Events()
	for i := range evs {
		if evs[i].Kind == checkpoint.EventUART && evs[i].Time <= t {
			last = &evs[i]
		}
	}
	if last == nil {
		return ""
	}
	return fmt.Sprintf(" (input %q typed at t=%d)", last.Data, last.Time)
}

// uartRegisters name the 16550 registers as a load reads them.
var uartRegisters = [8]string{"RBR", "IER", "IIR", "LCR", "MCR", "LSR", "MSR", "SCR"}

// cmsdkUARTRegisters name the CMSDK UART's registers (Cortex-M mps2).
var cmsdkUARTRegisters = [5]string{"DATA", "STATE", "CTRL", "INTSTATUS", "BAUDDIV"}

// sifiveUARTRegisters name the SiFive UART's registers.
var sifiveUARTRegisters = [7]string{"txdata", "rxdata", "txctrl", "rxctrl", "ie", "ip", "div"}

// deviceName names the device register at addr ("UART0 RBR"), or the
// address when no device of the board holds it.
func (s *Session) deviceName(addr uint32) string {
	var best *vm.BoardDevice
	devs := s.m.Board().Devices
	for i := range devs {
		d := &devs[i]
		if d.Base <= addr && addr-d.Base < 1<<16 && (best == nil || d.Base > best.Base) {
			best = d
		}
	}
	if best == nil {
		return fmt.Sprintf("device at %#x", addr)
	}
	index := 0
	for i := range devs {
		if devs[i].Kind == best.Kind && devs[i].Base < best.Base {
			index++
		}
	}
	off := addr - best.Base
	switch best.Kind {
	case vm.KindUART:
		if off < 8 {
			return fmt.Sprintf("UART%d %s", index, uartRegisters[off])
		}
	case vm.KindCMSDKUART:
		if off < 0x14 && off%4 == 0 {
			return fmt.Sprintf("UART%d %s", index, cmsdkUARTRegisters[off/4])
		}
	case vm.KindSiFiveUART:
		if off < 0x1c && off%4 == 0 {
			return fmt.Sprintf("UART%d %s", index, sifiveUARTRegisters[off/4])
		}
	case vm.KindCLINT:
		switch {
		case off >= 0xbff8:
			return fmt.Sprintf("CLINT%d mtime", index)
		case off >= 0x4000:
			return fmt.Sprintf("CLINT%d mtimecmp", index)
		}
	}
	return fmt.Sprintf("%s%d +%#x", strings.ToUpper(best.Kind), index, off)
}
