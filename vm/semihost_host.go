package vm

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"

	"github.com/rewind-debugger/rewind/vm/device"
)

// Host files for semihosting, only inside Config.SemihostDir (os.Root
// refuses any path that leaves it, through ".." or symbolic links).
// Without a directory every SYS_OPEN of a name other than ":tt" and
// ":semihosting-features" fails with EACCES. Handles keep only a relative
// path and a position, so the state stays plain data; each call opens the
// file anew. File contents are outside the machine: a replay reads and
// writes the host files again.

// hostOpen opens a host file with fopen mode number mode.
func (m *Machine) hostOpen(name string, mode uint32) uint32 {
	if m.cfg.SemihostDir == "" {
		return m.shErr(errnoEACCES)
	}
	rel := path.Clean(name)
	if !fs.ValidPath(rel) || rel == "." {
		return m.shErr(errnoEACCES)
	}
	flags := os.O_RDONLY
	switch {
	case mode >= 8:
		flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	case mode >= 4:
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	if mode%4 >= 2 {
		flags = flags&^(os.O_WRONLY) | os.O_RDWR
	}
	f, err := m.hostRootOpen(rel, flags)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return m.shErr(errnoENOENT)
		}
		return m.shErr(errnoEACCES)
	}
	var pos uint32
	if mode >= 8 {
		if st, err := f.Stat(); err == nil {
			pos = uint32(min(st.Size(), 1<<32-1))
		}
	}
	f.Close()
	return m.shState.Open(device.SemihostHandle{Kind: device.HandleFile, Write: mode >= 4 || mode%4 >= 2, Pos: pos, Path: rel})
}

// hostRootOpen opens rel inside the semihosting directory.
func (m *Machine) hostRootOpen(rel string, flags int) (*os.File, error) {
	root, err := os.OpenRoot(m.cfg.SemihostDir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return root.OpenFile(rel, flags, 0o644)
}

// hostRead reads up to n bytes at h's position and advances it.
func (m *Machine) hostRead(h *device.SemihostHandle, n uint32) ([]byte, bool) {
	f, err := m.hostRootOpen(h.Path, os.O_RDONLY)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	buf := make([]byte, n)
	k, err := f.ReadAt(buf, int64(h.Pos))
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, false
	}
	h.Pos += uint32(k)
	return buf[:k], true
}

// hostWrite writes buf at h's position and returns the bytes not written.
func (m *Machine) hostWrite(h *device.SemihostHandle, buf []byte) uint32 {
	if !h.Write {
		return m.shErrKeep(errnoEBADF, uint32(len(buf)))
	}
	f, err := m.hostRootOpen(h.Path, os.O_WRONLY)
	if err != nil {
		return m.shErrKeep(errnoEACCES, uint32(len(buf)))
	}
	defer f.Close()
	k, err := f.WriteAt(buf, int64(h.Pos))
	h.Pos += uint32(k)
	if err != nil {
		return m.shErrKeep(errnoEACCES, uint32(len(buf)-k))
	}
	return 0
}

// hostFlen returns the file's length, or -1.
func (m *Machine) hostFlen(h *device.SemihostHandle) uint32 {
	f, err := m.hostRootOpen(h.Path, os.O_RDONLY)
	if err != nil {
		return m.shErr(errnoEACCES)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return m.shErr(errnoEACCES)
	}
	return uint32(min(st.Size(), 1<<31-1))
}
