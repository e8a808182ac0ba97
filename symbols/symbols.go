// Package symbols reads an ELF32 RISC-V or ARM (Thumb, Cortex-M) firmware
// image and its DWARF debug information (version 4 or 5) and answers a debugger's questions about it:
// source lines, functions, call-frame unwinding, variables, types and
// C-style value formatting, C expressions (through symbols/cexpr) and
// disassembly (through symbols/disasm).
//
// It is independent of the emulator: target memory and registers are read
// through the Target interface declared here. A Table is built once by Load
// or Open; it is safe for concurrent reads after that, because the lazily
// built parts (types, DIE trees, globals) are guarded.
//
// The main entry points:
//
//   - Lines: PCToLine, LineToPCs (file:line breakpoints), LineBounds,
//     StatementsIn and IsStatement (stepping), Files and MatchFiles.
//   - Functions: FunctionAt, FunctionByName, BreakpointAddr (where gdb puts
//     "break func"), PostPrologue, SymbolAt.
//   - Stack: Unwind returns Frames (inlined calls are frames of their own),
//     each with Register, Variables, Locals, Args, Globals, Env (a
//     cexpr.Env), Evaluate and Views.
//   - Values: Format, MakeView, ChildViews and Children for a variables
//     tree, TypeName for C type names, LookupType.
//   - Disassembly: Disassemble, DisassembleFunction, InstructionsBefore.
//   - Architecture: Table.Arch gives register names and DWARF numbers,
//     sp/return-address/pc registers, the callee-saved set, CodeAddress
//     (the Thumb bit) and the InstructionSet (decoding and call/return
//     classification). Unwinding goes through hardware exception entry
//     on Cortex-M (Frame.Exception, gdb's "<signal handler called>").
//
// Where delve's DWARF packages are wrong on GCC's RV32 output (each case
// is listed in DWARF-QUIRKS.md, in this directory) this package works
// around them or does the job itself: its own location-expression
// evaluator and location-list readers, CFI fix-ups, array sizes and
// bitfield offsets, gdb's choice of line rows and breakpoint addresses,
// and a C type printer.
package symbols

import (
	"bytes"
	"debug/dwarf"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/go-delve/delve/pkg/dwarf/frame"
	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// ErrNoDebugInfo is wrapped by errors from queries that need DWARF when the
// ELF has none.
var ErrNoDebugInfo = errors.New("no DWARF debug information")

// Table holds everything known about one ELF file.
type Table struct {
	path string // file path when opened with Open, else ""
	dir  string // directory of the ELF: base for relative comp dirs

	arch     *Arch
	entry    uint32
	sections []section
	syms     []Symbol // sorted by address
	text     []addrRange

	dwarf    *dwarf.Data
	info     []byte // raw .debug_info, for unit headers
	loc      []byte // .debug_loc (DWARF 4 location lists)
	loclists []byte // .debug_loclists (DWARF 5)
	noLines  string // why there are no source lines, "" if there are

	units   []*compUnit
	aranges []arange
	lines   lineTable
	funcs   []*Function // sorted by Low
	// multiRange lists functions split into several ranges (hot/cold).
	multiRange []*Function
	byName     map[string][]*Function
	fdes       frame.FrameDescriptionEntries
	cfiNote    string

	mu    sync.Mutex
	types map[dwarf.Offset]godwarf.Type // godwarf's cache, fixed up
	fixed map[godwarf.Type]bool
	// fixReader rereads member DIEs for bitfields; reused under mu.
	fixReader *dwarf.Reader
	typeIdx   map[string]dwarf.Offset
	trees     map[dwarf.Offset]*godwarf.Tree
	globals   []*varDecl
	globOK    bool
	// globEntries are the units' top-level variable definitions, kept
	// by loadFuncs for loadGlobals.
	globEntries []globalEntry
	// fixStack is fixReachable's work stack, reused under mu.
	fixStack []godwarf.Type
	// typeRd reads type DIEs for typeReader, under mu.
	typeRd *dwarf.Reader
	// readHook, a test hook, is called before typeReader reads a DIE.
	readHook func(off dwarf.Offset)
}

// section is an allocated part of the image, kept for reading code and
// initial data without a target.
type section struct {
	name string
	addr uint32
	data []byte // nil for NOBITS
	size uint32
	exec bool
}

// addrRange is a half-open address range [lo, hi).
type addrRange struct{ lo, hi uint32 }

func (r addrRange) contains(pc uint32) bool { return pc >= r.lo && pc < r.hi }

// maxFileSize bounds what Open reads into memory.
const maxFileSize = 1 << 30

// Open reads the ELF file at path. Relative DWARF paths (our firmware's
// DW_AT_comp_dir is ".") are resolved against the file's own directory.
func Open(path string) (*Table, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("open ELF: %w", err)
	}
	if st.Size() > maxFileSize {
		return nil, fmt.Errorf("open ELF %s: %d bytes is too large", path, st.Size())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("open ELF: %w", err)
	}
	t, err := Load(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	abs, err := filepath.Abs(path)
	if err == nil {
		path = abs
	}
	t.path = path
	t.dir = filepath.Dir(path)
	t.lines.resolveDirs(t.dir)
	return t, nil
}

// Load reads an ELF image from r. Source paths stay relative to the
// compilation directory (use Open, or SetBaseDir, to anchor them).
// Malformed input gives an error, never a panic.
func Load(r io.ReaderAt) (t *Table, err error) {
	defer func() {
		if p := recover(); p != nil {
			t, err = nil, fmt.Errorf("malformed ELF or DWARF: %v", p)
		}
	}()
	f, err := elf.NewFile(r)
	if err != nil {
		return nil, fmt.Errorf("read ELF header: %w", err)
	}
	arch, err := archFor(f)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrArch, err)
	}
	t = &Table{arch: arch, entry: arch.codeAddr(uint32(f.Entry)), types: map[dwarf.Offset]godwarf.Type{},
		trees: map[dwarf.Offset]*godwarf.Tree{}, fixed: map[godwarf.Type]bool{}, byName: map[string][]*Function{}}
	if err := t.loadSections(f); err != nil {
		return nil, err
	}
	if err := t.loadSymbols(f); err != nil {
		return nil, err
	}
	t.loadDWARF(f)
	t.finishFuncs()
	t.loadFrames(f)
	return t, nil
}

// ErrArch is returned (wrapped) by Load for an ELF of an architecture the
// reader does not support.
var ErrArch = errors.New("not an ELF32 RISC-V or ARM file")

// SetBaseDir sets the directory relative compilation directories are
// resolved against (Open sets it to the ELF's directory).
func (t *Table) SetBaseDir(dir string) {
	t.dir = dir
	t.lines.resolveDirs(dir)
}

// Path is the ELF's absolute path when opened with Open.
func (t *Table) Path() string { return t.path }

// Arch is the processor architecture the ELF is built for.
func (t *Table) Arch() *Arch {
	if t.arch == nil {
		return riscv32Arch // a Table built without an ELF
	}
	return t.arch
}

// Entry is the ELF entry point (on ARM without the Thumb bit).
func (t *Table) Entry() uint32 { return t.entry }

// HasLines reports whether source lines are available; if not, the string
// says why (e.g. built without -g).
func (t *Table) HasLines() (bool, string) { return t.noLines == "", t.noLines }

// loadSections keeps the allocated sections' contents.
func (t *Table) loadSections(f *elf.File) error {
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 || s.Size == 0 {
			continue
		}
		sec := section{name: s.Name, addr: uint32(s.Addr), size: uint32(s.Size),
			exec: s.Flags&elf.SHF_EXECINSTR != 0}
		if s.Type != elf.SHT_NOBITS {
			data, err := s.Data()
			if err != nil {
				return fmt.Errorf("read section %s: %w", s.Name, err)
			}
			sec.data = data
		}
		t.sections = append(t.sections, sec)
		if sec.exec {
			t.text = append(t.text, addrRange{sec.addr, sec.addr + sec.size})
		}
	}
	return nil
}

// InText reports whether pc lies in an executable section.
func (t *Table) InText(pc uint32) bool {
	for _, r := range t.text {
		if r.contains(pc) {
			return true
		}
	}
	return false
}

// ReadImage copies the ELF's initial contents at addr into buf (code,
// read-only data and initial data); false if any byte is not in the image.
func (t *Table) ReadImage(addr uint32, buf []byte) bool {
	for len(buf) > 0 {
		n := t.readSection(addr, buf)
		if n == 0 {
			return false
		}
		addr, buf = addr+uint32(n), buf[n:]
	}
	return true
}

// readSection copies the bytes from addr on that the first section
// holding addr has (zeros past its file data), as many as fit in buf and
// up to where a section listed before it starts (for overlapping
// sections, each byte comes from the first section holding it); 0 when
// no section holds addr.
func (t *Table) readSection(addr uint32, buf []byte) int {
	limit := uint64(len(buf))
	for _, s := range t.sections {
		if addr < s.addr {
			limit = min(limit, uint64(s.addr-addr))
			continue
		}
		if addr-s.addr >= s.size {
			continue
		}
		off := addr - s.addr
		n := int(min(uint64(s.size-off), limit))
		c := 0
		if int(off) < len(s.data) {
			c = copy(buf[:n], s.data[off:])
		}
		clear(buf[c:n])
		return n
	}
	return 0
}
