// Package svd reads CMSIS-SVD files, the XML descriptions of a
// microcontroller's peripherals that vendors publish, and decodes register
// values with them.
//
// Parse and ParseFile return a Device whose peripherals and registers are
// fully resolved: derivedFrom copies (peripherals, clusters, registers,
// enumerated values), dim arrays and lists expanded (dimIncrement,
// dimIndex as a list or a range, %s in names), clusters flattened into
// dotted register names ("CH0.CTRL") with absolute addresses, register
// properties (size, access, resetValue, resetMask) inherited from the
// device, peripheral and clusters, and field positions normalised from any
// of the three SVD forms (bitOffset/bitWidth, lsb/msb, bitRange).
//
// A derived element takes every element of its base it does not give
// itself, except dim (an element is an array only if it says so); the
// registers and clusters of a derived peripheral or cluster are merged by
// name. A field's bitWidth defaults to 1. Elements the package does not
// model (cpu, protection, writeConstraint, modifiedWriteValues,
// alternateGroup, dimName, vendor extensions) are ignored.
//
// Errors are of type *Error and name the file, the line and the element
// (for example "fe310.svd:57: peripheral UART0, register txctrl, field
// txen: bitRange "[0:1]": msb below lsb"). Work is bounded on hostile
// input: nesting depth, dim counts and the total number of expanded
// registers are limited.
//
// Decoding: Register.Decode splits a value into its fields with their
// enumerated names; Device.Lookup resolves "UART0", "UART0.txctrl" or
// "UART0.txctrl.txen".
//
// The package imports no other package of the project.
package svd
