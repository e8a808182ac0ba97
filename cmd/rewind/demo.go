package main

import _ "embed"

// demoELF is the built-in demo firmware (testdata/firmware/demo.c, copied
// here by `make -C testdata install-demo`): a temperature logger whose ring
// buffer overflows into its calibration value.
//
//go:embed demo/demo.elf
var demoELF []byte

// demoSource is demo.elf's C source, for listing it in a debugger.
//
//go:embed demo/demo.c
var demoSource []byte
