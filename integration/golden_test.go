package integration

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// goldenCase is one test firmware run in-process on the vm and compared with
// the output QEMU gave (testdata/firmware/golden/NAME.out, made by
// `make -C testdata/firmware golden`; the integration test keeps it honest).
type goldenCase struct {
	name     string
	harts    int
	input    string
	wantExit int
	long     bool // skipped with -short
}

var goldenCases = []goldenCase{
	{name: "hello", harts: 1},
	{name: "bench", harts: 1, long: true},
	{name: "timer", harts: 1},
	{name: "echo", harts: 1, input: "hello\nworld\nquit\n"},
	{name: "echo_irq", harts: 1, input: "hello\nworld\nquit\n"},
	{name: "atomic", harts: 2},
	{name: "fault", harts: 1, wantExit: 3},
	{name: "demo", harts: 1, wantExit: 1},
}

// goldenStepLimit bounds one firmware run (the benchmark needs about 3e8).
const goldenStepLimit = 1_000_000_000

// TestFirmwareGolden runs each test firmware on the vm and compares its UART
// output and exit code with QEMU's.
func TestFirmwareGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			if c.long && testing.Short() {
				t.Skip("long run; skipped with -short")
			}
			dir := filepath.Join("..", "testdata", "firmware")
			elfData, err := os.ReadFile(filepath.Join(dir, c.name+".elf"))
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(dir, "golden", c.name+".out"))
			if err != nil {
				t.Fatal(err)
			}
			got, code, err := runOnVM(elfData, c.harts, []byte(c.input))
			if err != nil {
				t.Fatalf("%v\noutput so far:\n%s", err, got)
			}
			if code != c.wantExit {
				t.Errorf("exit code %d, want %d", code, c.wantExit)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("UART output differs from QEMU's\ngot:\n%q\nwant:\n%q", got, want)
			}
		})
	}
}

// runOnVM runs firmware until it exits through the test device, feeding
// input to the UART one byte per 10000 steps.
func runOnVM(elfData []byte, harts int, input []byte) ([]byte, int, error) {
	m, err := vm.NewVirt(vm.Config{Harts: harts, FatalTraps: true})
	if err != nil {
		return nil, 0, fmt.Errorf("NewVirt: %w", err)
	}
	if _, err := m.LoadELF(elfData); err != nil {
		return nil, 0, fmt.Errorf("LoadELF: %w", err)
	}
	var out bytes.Buffer
	m.SetUARTOutput(func(b byte) { out.WriteByte(b) })
	for m.Time() < goldenStepLimit {
		chunk := uint64(10_000_000)
		if len(input) > 0 {
			m.UARTInput(input[:1])
			input = input[1:]
			chunk = 10_000
		}
		stop := m.Run(m.Time() + chunk)
		switch stop.Reason {
		case vm.StopLimit:
		case vm.StopIdle:
			if len(input) == 0 {
				return out.Bytes(), 0, fmt.Errorf("idle with no input left at pc %#x", stop.PC)
			}
		case vm.StopExit:
			return out.Bytes(), stop.ExitCode, nil
		default:
			return out.Bytes(), 0, fmt.Errorf("stop %d at pc %#x, cause %#x, tval %#x", stop.Reason, stop.PC, stop.Cause, stop.Tval)
		}
	}
	return out.Bytes(), 0, fmt.Errorf("no exit after %d steps", goldenStepLimit)
}
