package vm

// MPS2Devices returns the peripherals of QEMU 7.2's mps2-an385 and
// mps2-an386 (same map; read from `info mtree`), for board definitions:
// UART0-4 (RX interrupt IRQ, TX IRQ+1; the overruns of UART0-2 OR-ed onto
// 12), timers 0 and 1 (IRQ 8, 9), the dual timer (IRQ 10) and the FPGA I/O
// block with 2 LEDs; the regions QEMU leaves unimplemented (reads 0,
// writes ignored) as unimplemented regions, and so are the devices Rewind
// does not model: the watchdog, the PL022 SPI and SBCon I2C controllers,
// the SCC and the LAN9118 (firmware touching them gets a report). The
// interrupt numbers are NVIC external interrupts. The RAMs (SSRAM1 at 0,
// block RAM, SSRAM2/3, PSRAM) are not devices and are not listed.
func MPS2Devices() []BoardDevice {
	devs := []BoardDevice{
		{Kind: KindCMSDKTimer, Base: 0x40000000, IRQ: 8},
		{Kind: KindCMSDKTimer, Base: 0x40001000, IRQ: 9},
		{Kind: KindCMSDKDualTimer, Base: 0x40002000, IRQ: 10},
		{Kind: KindCMSDKUART, Base: 0x40004000, IRQ: 0, OverflowIRQ: 12},
		{Kind: KindCMSDKUART, Base: 0x40005000, IRQ: 2, OverflowIRQ: 12},
		{Kind: KindCMSDKUART, Base: 0x40006000, IRQ: 4, OverflowIRQ: 12},
		{Kind: KindCMSDKUART, Base: 0x40007000, IRQ: 18},
		{Kind: KindCMSDKUART, Base: 0x40009000, IRQ: 20},
		{Kind: KindMPS2FPGAIO, Base: 0x40028000, Count: 2},
	}
	for _, r := range [...]struct{ base, size uint32 }{
		{0x00800000, 0x00800000}, // RESERVED 1
		{0x01010000, 0x1eff0000}, // RESERVED 2
		{0x20800000, 0x00800000}, // RESERVED 3
		{0x40000000, 0x00010000}, // CMSDK APB peripheral region (the watchdog at 0x40008000 too)
		{0x40010000, 0x00010000}, // CMSDK AHB peripheral region (GPIO)
		{0x40020000, 0x00010000}, // extra peripheral region (SPI, I2C, I2S, SCC)
		{0x40030000, 0x001d0000}, // RESERVED 4
		{0x40200000, 0x00000100}, // LAN9118
		{0x41000000, 0x00200000}, // VGA
	} {
		devs = append(devs, BoardDevice{Kind: KindUnimplemented, Base: r.base, Size: r.size})
	}
	return devs
}
