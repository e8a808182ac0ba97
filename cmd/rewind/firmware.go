package main

import (
	"errors"
	"fmt"
	"os"
)

// loadFirmware returns the ELF bytes named by path, or the built-in demo when
// demo is set. The name it returns is for messages.
func loadFirmware(path string, demo demoFlag) (data []byte, name string, err error) {
	switch {
	case demo.set && path != "":
		return nil, "", errors.New("give either --demo or a firmware file, not both")
	case demo.set:
		d, err := builtinDemo(demo.name)
		if err != nil {
			return nil, "", err
		}
		return d.elf, d.name, nil
	case path == "":
		return nil, "", errors.New("no firmware file given (or use --demo)")
	}
	data, err = os.ReadFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("reading firmware: %w", err)
	}
	return data, path, nil
}
