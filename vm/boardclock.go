package vm

import "github.com/rewind-debugger/rewind/vm/device"

// deviceClock is the frequency a device counts at: its board entry's
// Clock, else its kind's default (QEMU's: the CLINT's 10 MHz timebase,
// the MPS2 peripherals' 25 MHz PCLK); 0 for kinds without a clock.
func deviceClock(d BoardDevice) uint64 {
	if d.Clock != 0 {
		return d.Clock
	}
	switch d.Kind {
	case KindCLINT:
		return mtimeHz
	case KindCMSDKTimer, KindCMSDKDualTimer, KindMPS2FPGAIO:
		return device.MPS2PeripheralHz
	}
	return 0
}

// mtimeHz is the board's mtime frequency: its CLINT's clock.
func (b *Board) mtimeHz() uint64 {
	for _, d := range b.Devices {
		if d.Kind == KindCLINT {
			return deviceClock(d)
		}
	}
	return mtimeHz
}
