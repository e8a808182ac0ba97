package vm

// HiFive1Board returns the SiFive HiFive1 Rev B (FE310-G002) as QEMU 7.2
// models it with -M sifive_e,revb=true (boards/hifive1-revb.json): a mask
// ROM at 0x1000 whose reset code (at 0x1004) jumps to the SPI flash,
// mapped read-only for execution in place at 0x20000000 (firmware starts
// at 0x20010000), 16 KiB of data RAM (DTIM) at 0x80000000, the CLINT, a
// PLIC (UART0 is source 3, UART1 4, GPIO pin n 8+n), the two UARTs, GPIO
// and PRCI; the always-on block, the SPI controllers and the PWMs are
// unimplemented regions, as in QEMU. mtime counts at 10 MHz and one step
// is one virtual nanosecond (QEMU's -icount shift=0).
func HiFive1Board() Board {
	b, err := BoardByName("hifive1-revb")
	if err != nil {
		panic("built-in board hifive1-revb: " + err.Error()) // the embedded file is checked by tests
	}
	return b
}
