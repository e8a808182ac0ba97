package vm

import (
	"math/bits"

	x86 "github.com/rewind-debugger/rewind/vm/amd64"
)

// Register maps of compiled Thumb blocks: which eight guest registers live
// in host registers, chosen from the registers the blocks use most, those
// of loops first. The blocks of a page share one map, but for functions
// that call themselves: the blocks joined by branches other than calls (a
// BL's target is another function, its return point is not) form parts,
// and a part with a BL to one of its own blocks gets a map of its own. Code
// leaving a block for one with another map stores its registers, the
// steps left and the lines to the context and enters the other block by
// its Go entry, which loads them for its own map (armJitGen.transfer):
// about 22 host instructions, which a recursion's calls and returns
// within its own map pay back, and a helper called from a loop would not
// (testdata/arm/bench/calls.c). A part met later adopts the map of a
// block it joins; maps are chosen again when the page's blocks are
// dropped (armJitRemap).

// ajMaxMaps is the most register maps a page has; parts met after share
// the last one.
const ajMaxMaps = 64

// armJitMaps gives every built block of the page (at apBase) that has no
// register map one; with split, every part gets a map of its own.
func (ap *armPage) armJitMaps(apBase uint32, split bool) {
	var parent [slotsPerPage]uint16
	for k := range parent {
		parent[k] = uint16(k)
	}
	find := func(k uint16) uint16 {
		for parent[k] != k {
			parent[k] = parent[parent[k]]
			k = parent[k]
		}
		return k
	}
	type adopt struct {
		slot uint16
		id   uint8
	}
	var adopts []adopt
	for k, b := range ap.blk {
		if b == nil || b == armNoBlock || b.ops[0].pc-apBase != uint32(k)<<1 {
			continue
		}
		for _, pc := range ajJoins(b) {
			o := pc - apBase
			if pc == 0 || o >= pageSize {
				continue
			}
			kt := uint16(o >> 1)
			nb := ap.blk[kt]
			switch {
			case nb == nil || nb == armNoBlock:
			case b.mapID == 0 && nb.mapID == 0:
				parent[find(uint16(k))] = find(kt)
			case b.mapID == 0:
				adopts = append(adopts, adopt{uint16(k), nb.mapID})
			case nb.mapID == 0:
				adopts = append(adopts, adopt{kt, b.mapID})
			}
		}
	}
	rec := ap.recursive(apBase, find)
	if split {
		for k := range rec {
			rec[k] = true
		}
	}
	var partID [slotsPerPage]uint8
	for _, a := range adopts {
		if r := find(a.slot); partID[r] == 0 {
			partID[r] = a.id
		}
	}
	// The registers of each recursive part with no map yet (by root), and
	// of all the other parts together.
	var use [slotsPerPage]*[16]int
	var common [16]int
	ap.unmapped(apBase, func(k uint16, b *armBlock) {
		switch r := find(k); {
		case partID[r] != 0:
		case rec[r]:
			if use[r] == nil {
				use[r] = new([16]int)
			}
			ajUses(b, use[r])
		default:
			ajUses(b, &common)
		}
	})
	ap.unmapped(apBase, func(k uint16, b *armBlock) {
		r := find(k)
		switch {
		case partID[r] != 0:
		case rec[r]:
			partID[r] = ap.newMap(use[r])
		default:
			if ap.common == 0 {
				ap.common = ap.newMap(&common)
			}
			partID[r] = ap.common
		}
		b.mapID = partID[r]
	})
	if !ap.jmapOK {
		ap.jmapOK, ap.jmapN = true, ap.nblk
	}
}

// recursive marks, by the root of its part, each part of blocks with no
// map yet that calls itself: a BL of one of its blocks targets a block of
// the part.
func (ap *armPage) recursive(apBase uint32, find func(uint16) uint16) *[slotsPerPage]bool {
	var rec [slotsPerPage]bool
	ap.unmapped(apBase, func(k uint16, b *armBlock) {
		t := &b.ops[len(b.ops)-1]
		if o := t.t - apBase; t.X == xBL && o < pageSize && find(uint16(o>>1)) == find(k) {
			rec[find(k)] = true
		}
	})
	return &rec
}

// unmapped calls f with the slot of each block of the page (at apBase)
// that starts there and has no register map yet.
func (ap *armPage) unmapped(apBase uint32, f func(k uint16, b *armBlock)) {
	for k, b := range ap.blk {
		if b != nil && b != armNoBlock && b.mapID == 0 && b.ops[0].pc-apBase == uint32(k)<<1 {
			f(uint16(k), b)
		}
	}
}

// newMap adds a map of the registers used most (use) and returns its id;
// past ajMaxMaps, the last map's.
func (ap *armPage) newMap(use *[16]int) uint8 {
	if len(ap.maps) < ajMaxMaps {
		ap.maps = append(ap.maps, ajChoose(use))
	}
	return uint8(len(ap.maps))
}

// ensureMap gives b a register map: its part's, or the page's shared one
// when it is not (yet) in the page's block table.
func (ap *armPage) ensureMap(b *armBlock, apBase uint32, split bool) {
	if b.mapID == 0 {
		ap.armJitMaps(apBase, split)
	}
	if b.mapID == 0 {
		if ap.common == 0 {
			var use [16]int
			ajUses(b, &use)
			ap.common = ap.newMap(&use)
		}
		b.mapID = ap.common
	}
}

// ajJoins is the pcs b's terminator branches to within its function:
// every fixed target but a call's.
func ajJoins(b *armBlock) [2]uint32 {
	t := &b.ops[len(b.ops)-1]
	switch t.X {
	case xB:
		return [2]uint32{t.t, 0}
	case xBL, xFall:
		return [2]uint32{t.nt, 0}
	case xBcc, xCBZ, xCBNZ, xCMPiB, xCMPrB, xSUBSiB:
		return [2]uint32{t.t, t.nt}
	}
	return [2]uint32{}
}

// ajUses adds to use how much b names each guest register, a loop's
// (a block branching back) weighing more the shorter it is.
func ajUses(b *armBlock, use *[16]int) {
	w := 1
	if t := &b.ops[len(b.ops)-1]; t.t != 0 && t.t <= b.ops[0].pc && t.X != xBL && t.X != xFall {
		w = 1000 / (int(t.pc-t.t)/2 + 2)
	}
	for k := range b.ops {
		op := &b.ops[k]
		use[op.Rd&15] += w
		use[op.Rn&15] += w
		use[op.Rm&15] += w
		switch op.X {
		case xLDM, xLDMpc, xSTMDB:
			for l := op.Imm & 0x7fff; l != 0; l &= l - 1 {
				use[bits.TrailingZeros32(l)] += w
			}
		case xMLA, xMLS, xUMULL, xSMULL, xUMLAL, xSMLAL:
			use[op.Ra&15] += w
		}
	}
}

// ajChoose maps the guest registers used most (use, nil for none) to the
// host registers of ajPool.
func ajChoose(use *[16]int) [16]x86.Reg {
	var m [16]x86.Reg
	for r := range m {
		m[r] = ajNone
	}
	if use == nil {
		return m
	}
	u := *use
	u[15] = -1
	for _, h := range ajPool {
		best := 0
		for r := range u {
			if u[r] > u[best] || u[best] < 0 {
				best = r
			}
		}
		if u[best] < 0 {
			break
		}
		m[best], u[best] = h, -1
	}
	return m
}
