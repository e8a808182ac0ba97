package vm

import "testing"

// TestBoardDifference: renaming a board changes nothing; a changed
// setting is named with both values.
func TestBoardDifference(t *testing.T) {
	a, err := BoardByName("hifive1-revb")
	if err != nil {
		t.Fatal(err)
	}
	b := a
	b.Name, b.Aliases, b.Description = "copy", nil, "a renamed copy"
	if d := BoardDifference(a, b, "here", "there"); d != "" {
		t.Errorf("renamed copy differs: %s", d)
	}
	b.InstructionsPerSecond = 100_000_000
	if d := BoardDifference(a, b, "here", "there"); d != "instructions_per_second: 1000000000 here, 100000000 there" {
		t.Errorf("difference %q", d)
	}
	b = a
	b.StrictMMIO = true
	if d := BoardDifference(a, b, "here", "there"); d != "strict_mmio: none here, true there" {
		t.Errorf("difference %q", d)
	}
	virt := VirtBoard(0)
	if d := BoardDifference(a, virt, "here", "there"); d == "" {
		t.Error("hifive1-revb and virt do not differ")
	}
}

// TestBoardDifferenceList: a list's first different entry is named.
func TestBoardDifferenceList(t *testing.T) {
	a, _ := BoardByName("mps2-an385")
	b := a
	b.Devices = append([]BoardDevice(nil), a.Devices...)
	b.Devices[3].IRQ = 7
	want := `devices[3]: {"kind":"cmsdk-uart","base":0x40004000,"overflow_irq":12} here, {"kind":"cmsdk-uart","base":0x40004000,"irq":7,"overflow_irq":12} there`
	if d := BoardDifference(a, b, "here", "there"); d != want {
		t.Errorf("difference %q\nwant %q", d, want)
	}
	b.Devices = b.Devices[:3]
	if d := BoardDifference(a, b, "here", "there"); d != `devices[3]: {"kind":"cmsdk-uart","base":0x40004000,"overflow_irq":12} here, none there` {
		t.Errorf("difference %q", d)
	}
}
