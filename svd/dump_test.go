package svd

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// dump renders a device as text, one line per element, for golden files.
func dump(d *Device) string {
	var b strings.Builder
	fmt.Fprintf(&b, "device %s vendor=%q width=%d aub=%d\n", d.Name, d.Vendor, d.Width, d.AddressUnitBits)
	for _, p := range d.Peripherals {
		fmt.Fprintf(&b, "peripheral %s @0x%08x group=%q derivedFrom=%q line=%d\n",
			p.Name, p.BaseAddress, p.GroupName, p.DerivedFrom, p.Line)
		for _, ab := range p.AddressBlocks {
			fmt.Fprintf(&b, "  block +0x%x size=0x%x %s\n", ab.Offset, ab.Size, ab.Usage)
		}
		for _, in := range p.Interrupts {
			fmt.Fprintf(&b, "  interrupt %s=%d\n", in.Name, in.Value)
		}
		for _, r := range p.Registers {
			fmt.Fprintf(&b, "  register %s @0x%08x +0x%x size=%d access=%q reset=0x%x/0x%x readAction=%q line=%d\n",
				r.Name, r.Address, r.Offset, r.Size, r.Access, r.ResetValue, r.ResetMask, r.ReadAction, r.Line)
			for _, f := range r.Fields {
				fmt.Fprintf(&b, "    field %s [%d:%d] access=%q readAction=%q\n",
					f.Name, f.BitOffset+f.BitWidth-1, f.BitOffset, f.Access, f.ReadAction)
				for _, s := range f.Enums {
					fmt.Fprintf(&b, "      enums %q usage=%s:", s.Name, s.Usage)
					for _, v := range s.Values {
						if v.IsDefault {
							fmt.Fprintf(&b, " %s=default", v.Name)
						} else {
							fmt.Fprintf(&b, " %s=0x%x/0x%x", v.Name, v.Value, v.Mask&(f.Mask()>>uint(f.BitOffset)))
						}
					}
					b.WriteString("\n")
				}
			}
		}
	}
	return b.String()
}

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the parse; got:\n%s", path, got)
	}
}
