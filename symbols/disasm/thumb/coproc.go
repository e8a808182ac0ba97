package thumb

import "fmt"

// cpTable holds the generic coprocessor instructions (mcr, mrc, mcrr,
// mrrc, cdp, ldc, stc and their "2" forms), tried after the FP rows.
var cpTable = markGeneric([]fpEntry{
	{mask: 0x0ff00000, value: 0x0c400000, format: func(d *decoder, w uint32) string {
		d.unpred = d.unpred || bits(w, 12, 4) == 15
		return fmt.Sprintf("mcrr%s\t%d, %d, %s, %s, cr%d", d.c(), bits(w, 8, 4), bits(w, 4, 4), r(w>>12), r(w>>16), w&15)
	}},
	{mask: 0x0ff00000, value: 0x0c500000, format: mrrc("mrrc")},
	{mask: 0x0f000010, value: 0x0e000000, format: cdp("cdp")},
	{mask: 0x0f10f010, value: 0x0e10f010, format: func(d *decoder, w uint32) string {
		return fmt.Sprintf("mrc%s\t%d, %d, APSR_nzcv, cr%d, cr%d, {%d}", d.c(), bits(w, 8, 4), bits(w, 21, 3), bits(w, 16, 4), w&15, bits(w, 5, 3))
	}},
	{mask: 0x0f100010, value: 0x0e100010, format: mcr("mrc", false)},
	{mask: 0x0f100010, value: 0x0e000010, format: mcr("mcr", true)},
	{mask: 0x0e100000, value: 0x0c000000, format: ldc("stc")},
	{mask: 0x0e100000, value: 0x0c100000, format: ldc("ldc")},
	{mask: 0xfff00000, value: 0xfc500000, format: mrrc("mrrc2")},
	{mask: 0xfff00000, value: 0xfc400000, format: func(d *decoder, w uint32) string {
		d.unpred = d.unpred || bits(w, 12, 4) == 15 || bits(w, 16, 4) == 15
		return fmt.Sprintf("mcrr2%s\t%d, %d, %s, %s, cr%d", d.c(), bits(w, 8, 4), bits(w, 4, 4), r(w>>12), r(w>>16), w&15)
	}},
	{mask: 0xfe100000, value: 0xfc100000, format: ldc("ldc2")},
	{mask: 0xfe100000, value: 0xfc000000, format: ldc("stc2")},
	{mask: 0xff000010, value: 0xfe000000, format: cdp("cdp2")},
	{mask: 0xff100010, value: 0xfe000010, format: mcr("mcr2", true)},
	{mask: 0xff100010, value: 0xfe100010, format: mcr("mrc2", false)},
})

func markGeneric(t []fpEntry) []fpEntry {
	for i := range t {
		t[i].generic = true
	}
	return t
}

// genericSkipsFP reports the encodings in the FP coprocessors' space that
// objdump leaves undefined rather than showing as generic coprocessor
// instructions: the conditional-space ldc/stc/mcr/mrc/cdp on cp10/cp11
// and cdp2 on cp9-cp11 (mcrr/mrrc and the other "2" forms are shown).
func genericSkipsFP(w uint32) bool {
	cp := bits(w, 8, 4)
	mcrr := w&0x0fe00000 == 0x0c400000
	mrcAPSR := w&0x0f10f010 == 0x0e10f010
	if w>>28 == 0xe {
		return !mcrr && !mrcAPSR && (cp == 10 || cp == 11)
	}
	cdp2 := w&0xff000010 == 0xfe000000
	return cdp2 && cp >= 9 && cp <= 11
}

// mrrc renders mrrc/mrrc2: pc or the same register twice is
// unpredictable.
func mrrc(name string) func(d *decoder, w uint32) string {
	return func(d *decoder, w uint32) string {
		rt, rt2 := bits(w, 12, 4), bits(w, 16, 4)
		d.unpred = d.unpred || rt == 15 || rt2 == 15 || rt == rt2
		return fmt.Sprintf("%s%s\t%d, %d, %s, %s, cr%d", name, d.c(), bits(w, 8, 4), bits(w, 4, 4), r(rt), r(rt2), w&15)
	}
}

// cdp renders cdp/cdp2.
func cdp(name string) func(d *decoder, w uint32) string {
	return func(d *decoder, w uint32) string {
		return fmt.Sprintf("%s%s\t%d, %d, cr%d, cr%d, cr%d, {%d}", name, d.c(), bits(w, 8, 4), bits(w, 20, 4),
			bits(w, 12, 4), bits(w, 16, 4), w&15, bits(w, 5, 3))
	}
}

// mcr renders mcr/mrc and their "2" forms; for writes pc is
// unpredictable.
func mcr(name string, write bool) func(d *decoder, w uint32) string {
	return func(d *decoder, w uint32) string {
		if write && bits(w, 12, 4) == 15 || w>>28 == 0xf && fpCoproc(w) {
			d.unpred = true
		}
		return fmt.Sprintf("%s%s\t%d, %d, %s, cr%d, cr%d, {%d}", name, d.c(), bits(w, 8, 4), bits(w, 21, 3),
			r(w>>12), bits(w, 16, 4), w&15, bits(w, 5, 3))
	}
}

// ldc renders ldc/stc and their long and "2" forms.
func ldc(name string) func(d *decoder, w uint32) string {
	return func(d *decoder, w uint32) string {
		l := ""
		if bit(w, 22) {
			l = "l"
		}
		if w>>28 == 0xf && fpCoproc(w) {
			d.unpred = true
		}
		return fmt.Sprintf("%s%s%s\t%d, cr%d, %s", name, l, d.c(), bits(w, 8, 4), bits(w, 12, 4), d.cpAddr(w))
	}
}

// fpCoproc reports a coprocessor number of the FP space (9-11), where
// objdump flags the unconditional "2" forms as unpredictable.
func fpCoproc(w uint32) bool {
	cp := bits(w, 8, 4)
	return cp >= 9 && cp <= 11
}
