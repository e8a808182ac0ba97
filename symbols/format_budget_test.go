package symbols

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// zeroEnv is an Env whose memory reads as zeros everywhere.
type zeroEnv struct{}

func (zeroEnv) LookupVariable(string) (cexpr.Value, error) { return cexpr.Value{}, errors.New("none") }
func (zeroEnv) LookupRegister(string) (uint32, bool)       { return 0, false }
func (zeroEnv) LookupType(string) (godwarf.Type, error)    { return nil, errors.New("none") }
func (zeroEnv) WriteMemory(uint32, []byte) error           { return nil }
func (zeroEnv) WriteRegister(string, uint32) error         { return nil }
func (zeroEnv) ReadMemory(_ uint32, buf []byte) error {
	clear(buf)
	return nil
}

// synthInt is a 4-byte signed int type.
func synthInt() godwarf.Type {
	it := &godwarf.IntType{}
	it.Name, it.ByteSize = "int", 4
	return it
}

// synthArray is elem[n] with its byte size filled in.
func synthArray(elem godwarf.Type, n int64) *godwarf.ArrayType {
	at := &godwarf.ArrayType{Type: elem, Count: n}
	at.ByteSize = n * elem.Common().ByteSize
	return at
}

// TestFormatBudgetWholeValue checks that the element budget covers a whole
// nested value, not each level: int[200][200][200] once printed 8 million
// numbers (551 MB of text).
func TestFormatBudgetWholeValue(t *testing.T) {
	cube := synthArray(synthArray(synthArray(synthInt(), 200), 200), 200)
	v := cexpr.Value{Type: cube, Addr: 0x80000000, HasAddr: true}
	tab := &Table{}
	for _, opts := range []FormatOptions{{}, {MaxElements: 10}, {MaxElements: 1 << 20, MaxBytes: 4096}} {
		s := tab.Format(v, zeroEnv{}, opts)
		limit := opts.MaxElements
		if limit == 0 {
			limit = 200
		}
		if n := strings.Count(s, "0"); n > limit {
			t.Errorf("%+v: %d elements shown, budget %d", opts, n, limit)
		}
		if opts.MaxBytes > 0 && len(s) > opts.MaxBytes+64 {
			t.Errorf("%+v: %d bytes of text", opts, len(s))
		}
		if !strings.HasPrefix(s, "{{{0, 0") || !strings.Contains(s, "...") {
			t.Errorf("%+v: got %.80q", opts, s)
		}
	}
	// A small nested value is still shown in full.
	small := synthArray(synthArray(synthInt(), 3), 2)
	if s := tab.Format(cexpr.Value{Type: small, Addr: 0x80000000, HasAddr: true}, zeroEnv{}, FormatOptions{}); s != "{{0, 0, 0}, {0, 0, 0}}" {
		t.Errorf("int[2][3]: got %q", s)
	}
}

// TestFormatBudgetStructs checks the budget also bounds structs of
// arrays of structs.
func TestFormatBudgetStructs(t *testing.T) {
	inner := &godwarf.StructType{Kind: "struct", Field: []*godwarf.StructField{
		{Name: "a", Type: synthInt()}, {Name: "b", Type: synthInt(), ByteOffset: 4}}}
	inner.ByteSize = 8
	arr := synthArray(inner, 1000)
	outer := &godwarf.StructType{Kind: "struct", Field: []*godwarf.StructField{
		{Name: "x", Type: arr}, {Name: "y", Type: arr, ByteOffset: 8000}}}
	outer.ByteSize = 16000
	s := (&Table{}).Format(cexpr.Value{Type: outer, Addr: 0x80000000, HasAddr: true}, zeroEnv{}, FormatOptions{})
	if n := strings.Count(s, "= 0"); n > 200 {
		t.Errorf("%d members shown, want at most 200", n)
	}
	if !strings.HasPrefix(s, "{x = {{a = 0, b = 0}") || !strings.HasSuffix(s, "...}") {
		t.Errorf("got %.80q ... %q", s, s[max(0, len(s)-20):])
	}
}

// TestChildViewsPageBeyondBudget checks that expanding a large array in
// the variables view still lists every element, each with its own budget.
func TestChildViewsPageBeyondBudget(t *testing.T) {
	arr := synthArray(synthArray(synthInt(), 300), 500)
	v := cexpr.Value{Type: arr, Addr: 0x80000000, HasAddr: true}
	tab := &Table{}
	views, err := tab.ChildViews(v, zeroEnv{}, FormatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(views) != 500 || views[499].Name != "[499]" || views[499].Children != 300 {
		t.Fatalf("got %d children", len(views))
	}
	if !strings.HasSuffix(views[499].Value, "...}") {
		t.Errorf("child summary not budgeted: %.40q", views[499].Value)
	}
}
