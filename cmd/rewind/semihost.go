package main

import "flag"

// semihostFlags are the semihosting settings every command takes.
type semihostFlags struct {
	off bool   // --no-semihosting
	dir string // --semihosting-dir (run, record and replay)
}

// add registers --no-semihosting (and, with dir, the host
// directory semihosting may open files in) on fs.
func (f *semihostFlags) add(fs *flag.FlagSet, dir bool) {
	fs.BoolVar(&f.off, "no-semihosting", false,
		"turn semihosting off: the semihosting trap (ARM bkpt 0xab, RISC-V slli/ebreak/srai) then faults as on QEMU without -semihosting")
	if dir {
		fs.StringVar(&f.dir, "semihosting-dir", "",
			"let semihosting open host files inside this directory (default: only the console)")
	}
}
