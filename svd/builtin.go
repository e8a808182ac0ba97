package svd

import (
	_ "embed"
	"fmt"
)

// The SVD files of the built-in boards, written for Rewind (reset values
// checked against QEMU by TestResetValuesMatchQEMU).
var (
	//go:embed testdata/virt.svd
	virtSVD []byte
	//go:embed testdata/fe310.svd
	fe310SVD []byte
)

// builtinFile names the SVD file of a board (aliases included) and
// returns its content; "" when Rewind has none for it.
func builtinFile(board string) (string, []byte) {
	switch board {
	case "virt":
		return "virt.svd", virtSVD
	case "hifive1-revb", "sifive_e":
		return "fe310.svd", fe310SVD
	}
	return "", nil
}

// Builtin parses the SVD file Rewind carries for a board; ok is false
// when it has none for that board. name is the file's name ("virt.svd").
func Builtin(board string) (dev *Device, name string, ok bool, err error) {
	name, data := builtinFile(board)
	if name == "" {
		return nil, "", false, nil
	}
	dev, err = Parse(name, data)
	if err != nil {
		return nil, name, true, fmt.Errorf("built-in %s: %w", name, err)
	}
	return dev, name, true, nil
}
