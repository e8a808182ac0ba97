//go:build linux

package console

import (
	"os"
	"syscall"
	"unsafe"
)

// rawMode puts the terminal f into raw mode for line editing (output
// processing stays on) and returns the function that restores it.
func rawMode(f *os.File) (func(), error) {
	fd := f.Fd()
	var old syscall.Termios
	if err := ioctlTermios(fd, syscall.TCGETS, &old); err != nil {
		return nil, err
	}
	raw := old
	raw.Lflag &^= syscall.ECHO | syscall.ICANON | syscall.ISIG | syscall.IEXTEN
	raw.Iflag &^= syscall.IXON | syscall.ICRNL | syscall.INLCR | syscall.BRKINT | syscall.ISTRIP
	raw.Cc[syscall.VMIN], raw.Cc[syscall.VTIME] = 1, 0
	if err := ioctlTermios(fd, syscall.TCSETS, &raw); err != nil {
		return nil, err
	}
	return func() { _ = ioctlTermios(fd, syscall.TCSETS, &old) }, nil
}

func ioctlTermios(fd, req uintptr, t *syscall.Termios) error {
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, req, uintptr(unsafe.Pointer(t))); e != 0 {
		return e
	}
	return nil
}
