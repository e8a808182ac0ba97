package debugger

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// gdbStop is the part of a testdata/symbols-arm golden stop (gdb-multiarch
// on QEMU) the register test reads.
type gdbStop struct {
	Marker string            `json:"marker"`
	Regs   map[string]string `json:"regs"`
}

// loadGDBStops reads a variant's golden stops in time order.
func loadGDBStops(t *testing.T, variant string) []gdbStop {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "symbols-arm", "golden", variant, "stop*.json"))
	slices.Sort(files)
	var out []gdbStop
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var st gdbStop
		if err := json.Unmarshal(data, &st); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, st)
	}
	if len(out) == 0 {
		t.Fatalf("no golden stops for %s", variant)
	}
	return out
}

// openARM opens a session on a testdata/symbols-arm ELF (an M4 build on
// mps2-an386, for its FPU).
func openARM(t *testing.T, name string) *Session {
	t.Helper()
	board := "mps2-an385"
	if strings.Contains(name, "-m4-") {
		board = "mps2-an386"
	}
	return openELF(t, filepath.Join("..", "testdata", "symbols-arm", name), board)
}

// openELF opens a session on an ELF file on a board.
func openELF(t *testing.T, path, board string) *Session {
	t.Helper()
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(elf, Options{Path: path, Board: board})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestARMRegistersMatchGDB runs the ARM symbols program to each stop gdb
// recorded on QEMU and compares the session's registers with gdb's: all
// of them where the state follows from the program's logic, and in the
// exception handlers (where the interrupted loop's state depends on when
// SysTick fired) the xPSR's exception number and the EXC_RETURN in lr.
func TestARMRegistersMatchGDB(t *testing.T) {
	for _, variant := range []string{"m3-O0", "m4-O0", "m4-O2"} {
		t.Run(variant, func(t *testing.T) {
			golden := loadGDBStops(t, variant)
			s := openARM(t, "prog-"+variant+".elf")
			left := map[uint32]int{}
			for _, g := range golden {
				pc, _ := strconv.ParseUint(g.Regs["pc"], 0, 32)
				left[uint32(pc)]++
			}
			setBPs := func() {
				var specs []InstructionSpec
				for pc, n := range left {
					if n > 0 {
						specs = append(specs, InstructionSpec{Addr: pc})
					}
				}
				s.SetInstructionBreakpoints(specs)
			}
			setBPs()
			compared := 0
			for i, g := range golden {
				st := s.ContinueUntil(s.Now() + 50_000_000)
				if st.Reason != ReasonInstruction && st.Reason != ReasonBreakpoint {
					t.Fatalf("stop %d (%s): %v %s", i, g.Marker, st.Reason, st.Description)
				}
				regs, err := s.Registers(0)
				if err != nil {
					t.Fatal(err)
				}
				compared += compareGDBRegs(t, fmt.Sprintf("stop %d (%s)", i, g.Marker), regs, g)
				left[st.PC]--
				setBPs()
			}
			t.Logf("%d stops, %d register values equal to gdb's", len(golden), compared)
			if compared < 20*len(golden)/2 {
				t.Errorf("only %d register values compared", compared)
			}
		})
	}
}

// compareGDBRegs compares registers with a golden stop's.
func compareGDBRegs(t *testing.T, where string, regs []Register, g gdbStop) (compared int) {
	t.Helper()
	inHandler := strings.Contains(g.Marker, "Handler") || g.Marker == "systick" || g.Marker == "pendsv"
	byName := map[string]Register{}
	for _, r := range regs {
		byName[r.Name] = r
	}
	for name, want := range g.Regs {
		w, _ := strconv.ParseUint(want, 0, 32)
		r, ok := byName[name]
		if !ok {
			t.Errorf("%s: no register %s", where, name)
			continue
		}
		got := uint64(r.Value)
		switch {
		case !inHandler, name == "pc", name == "lr":
		case name == "xpsr":
			got, w = got&0x1ff, w&0x1ff
		default:
			continue
		}
		if got != w {
			t.Errorf("%s: %s = %#x, gdb on QEMU %#x", where, name, got, w)
		}
		compared++
	}
	return compared
}

// TestARMRegisterList checks the Cortex-M register list (groups, the FPU
// only on the M4), the xPSR's decoded exception number in a handler, the
// 64-bit d registers, aliases, and that writes in the past fork history
// and read back.
func TestARMRegisterList(t *testing.T) {
	m3 := openARM(t, "prog-m3-O0.elf")
	if _, ok := m3.RegisterByName("s0"); ok {
		t.Error("the M3 has s0")
	}
	s := openARM(t, "prog-m4-O0.elf")
	var names []string
	groups := map[RegisterGroup]int{}
	for _, ri := range s.RegisterInfos() {
		names = append(names, ri.Name)
		groups[ri.Group]++
	}
	want := "r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 sp lr pc xpsr msp psp primask basepri faultmask control fpscr s0"
	if got := strings.Join(names, " "); !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "d15 cfsr hfsr mmfar bfar shcsr") {
		t.Errorf("registers %s", got)
	}
	if groups[GroupCore] != 17 || groups[GroupSystem] != 6 || groups[GroupFPU] != 49 || groups[GroupFault] != 5 {
		t.Errorf("groups %v", groups)
	}
	for alias, name := range map[string]string{"r13": "sp", "$R15": "pc", "ip": "r12", "XPSR": "xpsr"} {
		a, ok1 := s.RegisterByName(alias)
		b, ok2 := s.RegisterByName(name)
		if !ok1 || !ok2 || a != b {
			t.Errorf("RegisterByName(%s) = %d %v, %s = %d", alias, a, ok1, name, b)
		}
	}
	sym, ok := s.Symbols().FunctionsNamed("SysTick_Handler"), true
	if !ok || len(sym) != 1 {
		t.Fatal("no SysTick_Handler")
	}
	s.SetInstructionBreakpoints([]InstructionSpec{{Addr: sym[0].Low}})
	if st := s.ContinueUntil(50_000_000); st.Reason != ReasonInstruction {
		t.Fatalf("continue: %v %s", st.Reason, st.Description)
	}
	regs, _ := s.Registers(0)
	byName := map[string]Register{}
	for _, r := range regs {
		byName[r.Name] = r
	}
	x := byName["xpsr"]
	if sum := x.Summary(); !strings.Contains(sum, "ISR=15 (SysTick)") || !strings.Contains(sum, " T ") {
		t.Errorf("xpsr %#x summary %q", x.Value, sum)
	}
	if byName["msp"].Value != byName["sp"].Value {
		t.Errorf("in a handler msp %#x != sp %#x", byName["msp"].Value, byName["sp"].Value)
	}
	d0, s0, s1 := byName["d0"], byName["s0"], byName["s1"]
	if d0.Value != s0.Value || d0.High != s1.Value || d0.Info.Bits != 64 {
		t.Errorf("d0 %#x:%#x, s0 %#x s1 %#x", d0.High, d0.Value, s1.Value, s0.Value)
	}
	// Step on, come back, and change the past: the writes fork.
	s.StepInstruction(0)
	s.StepInstruction(0)
	s.StepBack(0, ByInstruction)
	if x, _ := s.RegisterValue(0, armXPSR); x&0x1ff != 15 {
		t.Fatalf("stepped back out of the handler: xpsr %#x", x)
	}
	writes := map[string]uint64{"msp": 0x20000f00, "primask": 1, "basepri": 0x40, "control": 0, "fpscr": 0x80000000,
		"s3": 0x3f800000, "d2": 0x4000000000000000, "cfsr": 1 << 25, "r0": 7, "xpsr": 0x2100000f | 1<<31}
	for name, v := range writes {
		num, _ := s.RegisterByName(name)
		if err := s.SetRegister64(0, num, v); err != nil {
			t.Errorf("write %s: %v", name, err)
		}
	}
	if !s.TakeFork() {
		t.Error("writes in the past did not fork")
	}
	regs, _ = s.Registers(0)
	for _, r := range regs {
		if v, ok := writes[r.Name]; ok && uint64(r.High)<<32|uint64(r.Value) != v {
			t.Errorf("%s reads %#x:%#x after writing %#x", r.Name, r.High, r.Value, v)
		}
		if r.Name == "s5" && r.Value != 0x40000000 {
			t.Errorf("s5 = %#x after writing d2", r.Value)
		}
	}
	if c := s.ClassifyTrap(0, 15); !c.Interrupt || c.Name != "SysTick" {
		t.Errorf("ClassifyTrap(15) = %+v", c)
	}
	if c := s.ClassifyTrap(0, 6); c.Kind != TrapArithmetic || c.Name != "UsageFault: divide by zero" {
		t.Errorf("ClassifyTrap(6) with DIVBYZERO = %+v", c)
	}
}

// TestSetRegisterText: a typed value is a float or double for the FPU's
// registers (hex: raw bits) and a C expression for the others.
func TestSetRegisterText(t *testing.T) {
	s := openARM(t, "prog-m4-O0.elf")
	s.StepInstruction(0)
	for _, tt := range []struct {
		name, text string
		lo, hi     uint32
	}{
		{"s0", "1.5", 0x3fc00000, 0}, {"s1", "0x3f800000", 0x3f800000, 0}, {"d1", "3", 0, 0x40080000},
		{"r0", "2+3", 5, 0}, {"$R1", "-1", 0xffffffff, 0},
	} {
		r, err := s.SetRegisterText(0, 0, tt.name, tt.text)
		if err != nil || r.Value != tt.lo || r.High != tt.hi {
			t.Errorf("%s = %s: %#x:%#x %v", tt.name, tt.text, r.High, r.Value, err)
		}
	}
	s3, _ := s.RegisterByName("s3")
	if v, _ := s.RegisterValue(0, s3); v != 0x40080000 {
		t.Errorf("s3 = %#x after d1 = 3", v)
	}
	if _, err := s.SetRegisterText(0, 0, "s0", "pi"); err == nil {
		t.Error("s0 = pi accepted")
	}
}
