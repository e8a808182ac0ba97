package vm

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"io"
)

const (
	snapMagic   = "RWNDSNAP"
	snapVersion = 4 // 2: exit state after the scheduler position; 3: board CPU, RAM regions, time model, device sizes, Cortex-M state; 4: flash, ROM, reset vector
)

// errSnapshot is the base of every decoding error.
var errSnapshot = errors.New("bad snapshot")

// encoder writes the snapshot format to any writer (a buffer or a hash).
type encoder struct {
	w   io.Writer
	tmp [8]byte
}

func (e *encoder) u8(v uint8)   { e.tmp[0] = v; e.w.Write(e.tmp[:1]) }
func (e *encoder) u32(v uint32) { binary.LittleEndian.PutUint32(e.tmp[:], v); e.w.Write(e.tmp[:4]) }
func (e *encoder) u64(v uint64) { binary.LittleEndian.PutUint64(e.tmp[:], v); e.w.Write(e.tmp[:8]) }
func (e *encoder) bytes(b []byte) {
	e.u32(uint32(len(b)))
	e.w.Write(b)
}
func (e *encoder) str(s string) { e.bytes([]byte(s)) }

// encode writes the whole state. Generations are not state and are left out.
func (s *Snapshot) encode(w io.Writer) {
	e := &encoder{w: w}
	e.w.Write([]byte(snapMagic))
	e.u32(snapVersion)
	e.str(s.board.Name)
	e.u32(s.board.RAMBase)
	e.u32(s.board.RAMSize)
	e.u32(uint32(len(s.board.Devices)))
	for _, d := range s.board.Devices {
		e.str(d.Kind)
		e.u32(d.Base)
		e.u32(uint32(d.IRQ))
		e.u32(d.Size)
		e.u32(uint32(d.OverflowIRQ))
		e.u32(uint32(d.Count))
	}
	encodeBoardCPU(e, &s.board)
	encodeBoardMemory(e, &s.board)
	e.u64(s.time)
	e.u64(s.mtimeOff)
	e.u32(uint32(s.cur))
	e.u64(s.qleft)
	e.u8(b2u8(s.exit.done))
	e.u32(uint32(s.exit.hart))
	e.u32(s.exit.pc)
	e.u32(uint32(int32(s.exit.code)))
	e.u32(uint32(len(s.harts)))
	for i := range s.harts {
		encodeHart(e, &s.harts[i])
		if isARMCPU(s.board.CPU) {
			encodeARM(e, &s.harts[i].arm)
		}
	}
	e.u32(uint32(len(s.devs)))
	for _, d := range s.devs {
		e.bytes(d)
	}
	e.u32(uint32(len(s.pages)))
	for k, p := range s.pages {
		e.u32(s.pageIdx[k])
		e.w.Write(p.data[:])
	}
}

func encodeHart(e *encoder, h *Hart) {
	for i := 1; i < 32; i++ {
		e.u32(h.x[i])
	}
	for _, v := range []uint32{h.pc, h.mstatus, h.mie, h.mip, h.mtvec, h.mepc, h.mcause, h.mtval, h.mscratch, h.mcountinhibit, h.resAddr} {
		e.u32(v)
	}
	e.u64(h.cycle)
	e.u64(h.instret)
	for _, v := range h.pmpcfg {
		e.u32(v)
	}
	for _, v := range h.pmpaddr {
		e.u32(v)
	}
	var f uint8
	for k, b := range []bool{h.resValid, h.waiting, h.inTrap, h.mtvecSet} {
		if b {
			f |= 1 << k
		}
	}
	e.u8(f)
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// MarshalBinary encodes the snapshot in a versioned format ending with a
// SHA-256 checksum.
func (s *Snapshot) MarshalBinary() ([]byte, error) {
	var buf bytes.Buffer
	s.encode(&buf)
	sum := sha256.Sum256(buf.Bytes())
	buf.Write(sum[:])
	return buf.Bytes(), nil
}

// StateHash returns a SHA-256 over the machine's whole state: harts, CSRs,
// RAM pages, device state, time and scheduler position.
func (m *Machine) StateHash() [32]byte {
	var h hash.Hash = sha256.New()
	m.capture().encode(h)
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// decoder reads the snapshot format; the first error sticks.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) take(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n < 0 || n > len(d.b) {
		d.err = fmt.Errorf("%w: truncated", errSnapshot)
		return nil
	}
	v := d.b[:n]
	d.b = d.b[n:]
	return v
}

func (d *decoder) u8() uint8 {
	if b := d.take(1); b != nil {
		return b[0]
	}
	return 0
}

func (d *decoder) u32() uint32 {
	if b := d.take(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (d *decoder) u64() uint64 {
	if b := d.take(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

func (d *decoder) bytes() []byte { return bytes.Clone(d.take(int(d.count(1)))) }

// count reads a length and checks that that many items of at least
// minSize bytes can still follow.
func (d *decoder) count(minSize int) uint32 {
	n := d.u32()
	if d.err == nil && uint64(n)*uint64(minSize) > uint64(len(d.b)) {
		d.err = fmt.Errorf("%w: count %d exceeds the data", errSnapshot, n)
		return 0
	}
	return n
}

// UnmarshalSnapshot decodes a snapshot made by MarshalBinary. Corrupt or
// foreign data gives an error, never a panic.
func UnmarshalSnapshot(data []byte) (*Snapshot, error) {
	if len(data) < len(snapMagic)+4+sha256.Size || string(data[:len(snapMagic)]) != snapMagic {
		return nil, fmt.Errorf("%w: not a Rewind snapshot", errSnapshot)
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, fmt.Errorf("%w: checksum mismatch", errSnapshot)
	}
	d := &decoder{b: body[len(snapMagic):]}
	if v := d.u32(); v != snapVersion {
		return nil, fmt.Errorf("%w: version %d, want %d", errSnapshot, v, snapVersion)
	}
	s := &Snapshot{}
	s.board.Name = string(d.bytes())
	s.board.RAMBase = d.u32()
	s.board.RAMSize = d.u32()
	nd := d.count(24)
	for i := uint32(0); i < nd && d.err == nil; i++ {
		s.board.Devices = append(s.board.Devices, BoardDevice{Kind: string(d.bytes()), Base: d.u32(), IRQ: int(int32(d.u32())),
			Size: d.u32(), OverflowIRQ: int(int32(d.u32())), Count: int(int32(d.u32()))})
	}
	decodeBoardCPU(d, &s.board)
	decodeBoardMemory(d, &s.board)
	s.time, s.mtimeOff = d.u64(), d.u64()
	s.cur, s.qleft = int(d.u32()), d.u64()
	s.exit = exitState{done: d.u8() != 0, hart: int(d.u32()), pc: d.u32(), code: int(int32(d.u32()))}
	nh := d.count(200)
	if d.err == nil && (s.qleft == 0 || s.qleft > HartQuantum) {
		d.err = fmt.Errorf("%w: %d steps left in the quantum, want 1 to %d", errSnapshot, s.qleft, HartQuantum)
	}
	if d.err == nil && (nh == 0 || nh > maxHarts || s.cur >= int(nh) || uint32(s.exit.hart) >= nh) {
		d.err = fmt.Errorf("%w: %d harts, current %d, exit hart %d", errSnapshot, nh, s.cur, s.exit.hart)
	}
	for i := uint32(0); i < nh && d.err == nil; i++ {
		var h Hart
		decodeHart(d, &h)
		if isARMCPU(s.board.CPU) {
			decodeARM(d, &h.arm)
		}
		if err := h.checkRestored(); d.err == nil && err != nil {
			d.err = fmt.Errorf("%w: hart %d: %v", errSnapshot, i, err)
		}
		h.id = int(i)
		s.harts = append(s.harts, h)
	}
	ndev := d.count(4)
	for i := uint32(0); i < ndev && d.err == nil; i++ {
		s.devs = append(s.devs, d.bytes())
	}
	if err := decodePages(d, s); err != nil {
		return nil, err
	}
	if d.err == nil && len(d.b) != 0 {
		d.err = fmt.Errorf("%w: %d trailing bytes", errSnapshot, len(d.b))
	}
	if d.err != nil {
		return nil, d.err
	}
	if err := s.board.check(); err != nil {
		return nil, fmt.Errorf("%w: %v", errSnapshot, err)
	}
	return s, nil
}

func decodeHart(d *decoder, h *Hart) {
	for i := 1; i < 32; i++ {
		h.x[i] = d.u32()
	}
	for _, p := range []*uint32{&h.pc, &h.mstatus, &h.mie, &h.mip, &h.mtvec, &h.mepc, &h.mcause, &h.mtval, &h.mscratch, &h.mcountinhibit, &h.resAddr} {
		*p = d.u32()
	}
	h.pc &^= 1
	h.cycle, h.instret = d.u64(), d.u64()
	for i := range h.pmpcfg {
		h.pmpcfg[i] = d.u32()
	}
	for i := range h.pmpaddr {
		h.pmpaddr[i] = d.u32()
	}
	f := d.u8()
	h.resValid, h.waiting, h.inTrap, h.mtvecSet = f&1 != 0, f&2 != 0, f&4 != 0, f&8 != 0
}

func decodePages(d *decoder, s *Snapshot) error {
	np := d.count(4 + pageSize)
	limit := s.board.RAMSize >> pageShift
	for k := uint32(0); k < np && d.err == nil; k++ {
		i := d.u32()
		if i >= limit || (k > 0 && i <= s.pageIdx[k-1]) {
			return fmt.Errorf("%w: page index %d out of order or outside RAM", errSnapshot, i)
		}
		p := &page{}
		copy(p.data[:], d.take(pageSize))
		s.pageIdx = append(s.pageIdx, i)
		s.pages = append(s.pages, p)
	}
	return d.err
}
