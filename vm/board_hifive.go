package vm

// HiFive1Board returns the SiFive HiFive1 Rev B (FE310-G002) as QEMU 7.2
// models it with -M sifive_e,revb=true: a mask ROM at 0x1000 whose reset
// code (at 0x1004) jumps to the SPI flash, mapped read-only for execution
// in place at 0x20000000 (firmware starts at 0x20010000), 16 KiB of data
// RAM (DTIM) at 0x80000000, the CLINT, a PLIC (UART0 is source 3, UART1
// 4, GPIO pin n 8+n), the two UARTs, GPIO and PRCI; the always-on block,
// the SPI controllers and the PWMs are unimplemented regions, as in QEMU.
// mtime counts at 10 MHz and one step is one virtual nanosecond (QEMU's
// -icount shift=0).
func HiFive1Board() Board {
	const (
		romBase   = 0x1000
		flashBase = 0x20000000
		dtimBase  = 0x80000000
		dtimSize  = 0x4000
	)
	return Board{
		Name:        "hifive1-revb",
		Aliases:     []string{"sifive_e"},
		Description: "SiFive HiFive1 Rev B (FE310-G002): flash at 0x20010000, 16 KiB RAM",
		CPU:         "rv32imac",
		RAMBase:     romBase,
		RAMSize:     dtimBase + dtimSize - romBase,
		ROM: []ROMRegion{{Base: romBase, Size: 0x2000, Words: []uint32{
			0,
			0x200102b7, // lui t0, 0x20010
			0x00028067, // jr t0
			0,
		}}},
		Flash:       []Region{{flashBase, 0x20000000}},
		RAM:         []Region{{dtimBase, dtimSize}},
		ResetVector: romBase + 4,
		HeapBase:    dtimBase, HeapSize: dtimSize,
		InstructionsPerSecond: QEMUIcountInstructionsPerSecond,
		Devices: []BoardDevice{
			{Kind: KindCLINT, Base: 0x02000000},
			{Kind: KindPLIC, Base: 0x0c000000},
			{Kind: KindUnimplemented, Base: 0x10000000, Size: 0x8000}, // AON
			{Kind: KindSiFivePRCI, Base: 0x10008000},
			{Kind: KindSiFiveGPIO, Base: 0x10012000, IRQ: 8},
			{Kind: KindSiFiveUART, Base: 0x10013000, IRQ: 3},
			{Kind: KindUnimplemented, Base: 0x10014000, Size: 0x1000}, // QSPI0
			{Kind: KindUnimplemented, Base: 0x10015000, Size: 0x1000}, // PWM0
			{Kind: KindSiFiveUART, Base: 0x10023000, IRQ: 4},
			{Kind: KindUnimplemented, Base: 0x10024000, Size: 0x1000}, // SPI1
			{Kind: KindUnimplemented, Base: 0x10025000, Size: 0x1000}, // PWM1
			{Kind: KindUnimplemented, Base: 0x10034000, Size: 0x1000}, // SPI2
			{Kind: KindUnimplemented, Base: 0x10035000, Size: 0x1000}, // PWM2
		},
	}
}
