package vm

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/rewind-debugger/rewind/vm/device"
)

// deviceCatalog lists every device kind a board file may place, with the
// fields each takes besides kind, base and name, and the cores it fits.
var deviceCatalog = map[string]struct {
	fields []string
	arm    bool // Cortex-M boards (else RISC-V)
	riscv  bool
}{
	KindCLINT:           {[]string{"clock"}, false, true},
	KindPLIC:            {nil, false, true},
	KindFE310PLIC:       {nil, false, true},
	KindUART:            {[]string{"irq"}, false, true},
	KindTest:            {nil, false, true},
	KindSiFiveUART:      {[]string{"irq", "clock"}, false, true},
	KindSiFiveGPIO:      {[]string{"irq"}, false, true},
	KindSiFivePRCI:      {nil, false, true},
	KindCMSDKUART:       {[]string{"irq", "overflow_irq", "clock"}, true, false},
	KindCMSDKTimer:      {[]string{"irq", "clock"}, true, false},
	KindCMSDKDualTimer:  {[]string{"irq", "clock"}, true, false},
	KindMPS2FPGAIO:      {[]string{"count", "clock"}, true, false},
	KindPL011:           {[]string{"irq"}, true, false},
	KindStellarisSysCtl: {nil, true, false},
	KindUnimplemented:   {[]string{"size"}, true, true},
}

// DeviceKinds returns the device kinds board files may use, sorted.
func DeviceKinds() []string {
	var k []string
	for name := range deviceCatalog {
		k = append(k, name)
	}
	sort.Strings(k)
	return k
}

// boardMemory reads the memory regions and derives the RAM window.
func (d *jsonDoc) boardMemory(top map[string]any, b *Board) error {
	list, ok := top["memory"].([]any)
	if !ok || len(list) == 0 {
		return d.errf("memory", "a board needs a list of memory regions (kind ram, flash or rom)")
	}
	var all, spans []Region // memory regions; those and aliases
	var aliasAt []int       // memory index of each alias
	for i, v := range list {
		p := fmt.Sprintf("memory[%d]", i)
		obj, err := d.object(v, p, "kind", "base", "size", "words", "name", "of")
		if err != nil {
			return err
		}
		kind, err := d.str(obj, p, "kind")
		if err != nil {
			return err
		}
		r, err := d.region(obj, p)
		if err != nil {
			return err
		}
		if _, ok := obj["words"]; ok && kind != "rom" {
			return d.errf(join(p, "words"), "only a rom region has words")
		}
		if _, ok := obj["of"]; ok && kind != "alias" {
			return d.errf(join(p, "of"), "only an alias has of")
		}
		for j, o := range spans {
			if uint64(r.Base) < uint64(o.Base)+uint64(o.Size) && uint64(o.Base) < uint64(r.Base)+uint64(r.Size) {
				return d.errf(p, "overlaps memory[%d]", j)
			}
		}
		spans = append(spans, r)
		if kind == "alias" {
			of, ok, err := d.num(obj, p, "of", 32)
			if err == nil && !ok {
				err = d.errf(join(p, "of"), "missing: the address of the memory the alias shows")
			}
			if err != nil {
				return err
			}
			aliasAt = append(aliasAt, i)
			b.MemAliases = append(b.MemAliases, MemAlias{Base: r.Base, Size: r.Size, Of: uint32(of)})
			continue
		}
		all = append(all, r)
		switch kind {
		case "ram":
			b.RAM = append(b.RAM, r)
		case "flash":
			b.Flash = append(b.Flash, r)
		case "rom":
			words, err := d.words(obj, p, r.Size)
			if err != nil {
				return err
			}
			b.ROM = append(b.ROM, ROMRegion{Base: r.Base, Size: r.Size, Words: words})
		default:
			return d.errf(join(p, "kind"), "unknown memory kind %q (have ram, flash, rom, alias)", kind)
		}
	}
	if len(all) == 0 {
		return d.errf("memory", "a board needs a ram, flash or rom region besides its aliases")
	}
	for k, i := range aliasAt {
		if err := b.checkAlias(b.MemAliases[k], all); err != nil {
			return d.errf(fmt.Sprintf("memory[%d].of", i), "%v", err)
		}
	}
	lo, hi := uint64(all[0].Base), uint64(0)
	for _, r := range all {
		lo, hi = min(lo, uint64(r.Base)), max(hi, uint64(r.Base)+uint64(r.Size))
	}
	b.RAMBase, b.RAMSize = uint32(lo), uint32(hi-lo)
	if len(all) == 1 && len(b.RAM) == 1 {
		b.RAM = nil // the window is the RAM: no holes to keep track of
	}
	return nil
}

// region reads a memory region's base and size.
func (d *jsonDoc) region(obj map[string]any, p string) (Region, error) {
	base, ok, err := d.num(obj, p, "base", 32)
	if err != nil {
		return Region{}, err
	}
	if !ok {
		return Region{}, d.errf(join(p, "base"), "missing")
	}
	size, ok, err := d.num(obj, p, "size", 33)
	if err != nil {
		return Region{}, err
	}
	switch {
	case !ok:
		return Region{}, d.errf(join(p, "size"), "missing")
	case base%pageSize != 0:
		return Region{}, d.errf(join(p, "base"), "%#x is not a multiple of 4 KiB", base)
	case size == 0 || size%pageSize != 0:
		return Region{}, d.errf(join(p, "size"), "%#x is not a non-zero multiple of 4 KiB", size)
	case base+size > 1<<32:
		return Region{}, d.errf(join(p, "size"), "the region ends beyond 4 GiB")
	}
	return Region{uint32(base), uint32(size)}, nil
}

// words reads a ROM's content.
func (d *jsonDoc) words(obj map[string]any, p string, size uint32) ([]uint32, error) {
	v, ok := obj["words"]
	if !ok {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, d.errf(join(p, "words"), "must be a list of 32-bit words")
	}
	if uint64(len(list))*4 > uint64(size) {
		return nil, d.errf(join(p, "words"), "%d words do not fit in %#x bytes", len(list), size)
	}
	var w []uint32
	for i, x := range list {
		n, err := parseNum(x, 32)
		if err != nil {
			return nil, d.errf(fmt.Sprintf("%s.words[%d]", p, i), "%v", err)
		}
		w = append(w, uint32(n))
	}
	return w, nil
}

// boardDevices reads the device list.
func (d *jsonDoc) boardDevices(top map[string]any, b *Board) error {
	v, ok := top["devices"]
	if !ok {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		return d.errf("devices", "must be a list of devices")
	}
	for i, v := range list {
		p := fmt.Sprintf("devices[%d]", i)
		dev, err := d.device(v, p, isARMCPU(b.CPU))
		if err != nil {
			return err
		}
		b.Devices = append(b.Devices, dev)
	}
	return nil
}

// device reads one device.
func (d *jsonDoc) device(v any, p string, arm bool) (BoardDevice, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return BoardDevice{}, d.errf(p, "must be an object")
	}
	kind, err := d.str(obj, p, "kind")
	if err != nil {
		return BoardDevice{}, err
	}
	c, ok := deviceCatalog[kind]
	if !ok {
		return BoardDevice{}, d.errf(join(p, "kind"), "unknown device kind %q (have %s)", kind, strings.Join(DeviceKinds(), ", "))
	}
	if arm && !c.arm || !arm && !c.riscv {
		return BoardDevice{}, d.errf(join(p, "kind"), "a %s does not fit a %s board", kind, map[bool]string{true: "Cortex-M", false: "RISC-V"}[arm])
	}
	if _, err := d.object(v, p, append([]string{"kind", "base", "name"}, c.fields...)...); err != nil {
		return BoardDevice{}, err
	}
	var dev BoardDevice
	dev.Kind = kind
	base, ok, err := d.num(obj, p, "base", 32)
	if err == nil && !ok {
		err = d.errf(join(p, "base"), "missing")
	}
	if err != nil {
		return BoardDevice{}, err
	}
	dev.Base = uint32(base)
	for _, f := range c.fields {
		n, ok, err := d.num(obj, p, f, 32)
		if err != nil {
			return BoardDevice{}, err
		}
		switch f {
		case "clock":
			if ok && n == 0 {
				return BoardDevice{}, d.errf(join(p, f), "a clock runs above 0 Hz")
			}
			dev.Clock = n
		case "irq":
			dev.IRQ = int(n)
		case "overflow_irq":
			dev.OverflowIRQ = int(n)
		case "count":
			dev.Count = int(n)
		case "size":
			dev.Size = uint32(n)
		}
	}
	return dev, d.deviceRange(dev, p, arm)
}

// deviceRange checks a device's interrupt numbers and size.
func (d *jsonDoc) deviceRange(dev BoardDevice, p string, arm bool) error {
	limit := 1024 // PLIC sources
	if arm {
		limit = armMaxIRQ
	}
	switch {
	case dev.IRQ >= limit:
		return d.errf(join(p, "irq"), "%d is out of range (below %d)", dev.IRQ, limit)
	case dev.OverflowIRQ >= limit:
		return d.errf(join(p, "overflow_irq"), "%d is out of range (below %d)", dev.OverflowIRQ, limit)
	case dev.Kind == KindUnimplemented && (dev.Size == 0 || uint64(dev.Base)+uint64(dev.Size) > 1<<32):
		return d.errf(join(p, "size"), "an unimplemented region needs a size that ends below 4 GiB")
	case dev.Kind == KindMPS2FPGAIO && dev.Count > 32:
		return d.errf(join(p, "count"), "at most 32 LEDs")
	}
	return nil
}

// boardCheck runs the machine's own checks on the finished board, naming
// the field each failure is about.
func (d *jsonDoc) boardCheck(b *Board) error {
	if err := b.checkTime(); err != nil {
		return d.errf(d.timeField(b), "%v", trimBoard(err, b))
	}
	if b.ResetVector != 0 && !slices.ContainsFunc(b.regions(), func(r Region) bool {
		return b.ResetVector-r.Base < r.Size
	}) {
		return d.errf("reset_vector", "%#x is not inside a memory region", b.ResetVector)
	}
	if b.HeapSize != 0 && !slices.ContainsFunc(append(slices.Clone(b.RAM), Region{b.RAMBase, b.RAMSize}), func(r Region) bool {
		return b.HeapBase >= r.Base && uint64(b.HeapBase)+uint64(b.HeapSize) <= uint64(r.Base)+uint64(r.Size)
	}) {
		return d.errf("heap", "%#x+%#x is not inside a RAM region", b.HeapBase, b.HeapSize)
	}
	if err := b.check(); err != nil {
		return d.errf("devices", "%v", trimBoard(err, b))
	}
	return d.checkOverlaps(b)
}

// timeField names the setting to blame for a time model that does not fit:
// instructions_per_second if the file gives it, else the CLINT's clock.
func (d *jsonDoc) timeField(b *Board) string {
	if _, ok := d.root.(map[string]any)["instructions_per_second"]; ok {
		return "instructions_per_second"
	}
	for i, dev := range b.Devices {
		if dev.Kind == KindCLINT && dev.Clock != 0 {
			return fmt.Sprintf("devices[%d].clock", i)
		}
	}
	return "instructions_per_second"
}

// checkOverlaps checks that no two devices (other than unimplemented
// regions, which lie behind devices) and no device and memory region
// overlap.
func (d *jsonDoc) checkOverlaps(b *Board) error {
	if field, err := b.deviceOverlap(); err != nil {
		return d.errf(field, "%v", err)
	}
	return nil
}

// deviceOverlap finds a device whose registers overlap another device, a
// memory region or an alias (unimplemented regions lie behind devices
// and are not checked), or end beyond 4 GiB; field names its base.
func (b *Board) deviceOverlap() (field string, err error) {
	type span struct {
		lo, hi uint64
		path   string
	}
	var spans []span
	for _, r := range b.regions() {
		spans = append(spans, span{uint64(r.Base), uint64(r.Base) + uint64(r.Size), fmt.Sprintf("the memory region at %#x", r.Base)})
	}
	for _, a := range b.MemAliases {
		spans = append(spans, span{uint64(a.Base), uint64(a.Base) + uint64(a.Size), fmt.Sprintf("the alias at %#x", a.Base)})
	}
	for i, dev := range b.Devices {
		if dev.Kind == KindUnimplemented {
			continue
		}
		p := fmt.Sprintf("devices[%d]", i)
		hi := uint64(dev.Base) + uint64(deviceSize(dev.Kind))
		if hi > 1<<32 {
			return join(p, "base"), fmt.Errorf("the %s's registers end beyond 4 GiB", dev.Kind)
		}
		for _, o := range spans {
			if uint64(dev.Base) < o.hi && o.lo < hi {
				return join(p, "base"), fmt.Errorf("the %s at %#x overlaps %s", dev.Kind, dev.Base, o.path)
			}
		}
		spans = append(spans, span{uint64(dev.Base), hi, p})
	}
	return "", nil
}

// trimBoard drops the `board "name": ` prefix of a check error.
func trimBoard(err error, b *Board) string {
	return strings.TrimPrefix(err.Error(), fmt.Sprintf("board %q: ", b.Name))
}

// deviceSize is the register window of a device kind (not unimplemented).
func deviceSize(kind string) uint32 {
	switch kind {
	case KindCLINT:
		return newCLINT(1, nil).Size()
	case KindPLIC, KindFE310PLIC:
		return newPLICKind(1, kind).Size()
	case KindUART:
		return newUART(nil).Size()
	case KindTest:
		return newTestDevice(nil).Size()
	case KindSiFiveUART:
		return device.NewSiFiveUART(nil).Size()
	case KindSiFiveGPIO:
		return device.NewSiFiveGPIO(nil).Size()
	case KindSiFivePRCI:
		return device.NewSiFivePRCI().Size()
	case KindCMSDKUART:
		return device.NewCMSDKUART(nil, nil, nil, nil).Size()
	case KindCMSDKTimer:
		return device.NewCMSDKTimer(nil, nil, 1).Size()
	case KindCMSDKDualTimer:
		return device.NewCMSDKDualTimer(nil, nil, 1).Size()
	case KindMPS2FPGAIO:
		return device.NewMPS2FPGAIO(nil, 1, 2).Size()
	case KindPL011:
		return device.NewPL011(nil, device.PL011LuminaryID).Size()
	case KindStellarisSysCtl:
		return device.NewStellarisSysCtl(device.LM3S6965).Size()
	}
	return 0
}
