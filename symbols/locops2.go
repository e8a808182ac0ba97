package symbols

import "errors"

// breg pushes register n plus off.
func (m *exprMachine) breg(n int, off int64) error {
	v, ok := m.ctx.reg(n)
	if !ok {
		return errOptimizedOut
	}
	m.push(uint64(uint32(int64(v) + off)))
	return nil
}

// fbreg pushes the frame base plus an offset.
func (m *exprMachine) fbreg() error {
	off, err := m.sleb()
	if err != nil {
		return err
	}
	if m.ctx.frameBase == nil {
		return errors.New("DW_OP_fbreg without a frame base")
	}
	fb, err := m.ctx.frameBase()
	if err != nil {
		return err
	}
	m.push(uint64(uint32(int64(fb) + off)))
	return nil
}

// deref replaces the top address with the n bytes it points to.
func (m *exprMachine) deref(n int) error {
	a, err := m.pop()
	if err != nil {
		return err
	}
	v, err := m.readMem(uint32(a), n)
	if err != nil {
		return err
	}
	m.push(v)
	return nil
}

// piece closes one piece of a composite location. A piece with nothing
// before it (no location) is optimized out, not zero (quirk 7
// in DWARF-QUIRKS.md).
func (m *exprMachine) piece() error {
	n, err := m.uleb()
	if err != nil {
		return err
	}
	if n > 1<<20 {
		return errors.New("DW_OP_piece too large")
	}
	p := piece{kind: pieceOptOut}
	switch {
	case m.cur != nil:
		p = *m.cur
	case len(m.stack) > 0 && m.isVal:
		p = piece{kind: pieceValue, val: m.stack[len(m.stack)-1]}
	case len(m.stack) > 0:
		p = piece{kind: pieceMem, addr: uint32(m.stack[len(m.stack)-1])}
	}
	p.size = int(n)
	m.pieces = append(m.pieces, p)
	m.cur, m.isVal, m.stack, m.types = nil, false, m.stack[:0], m.types[:0]
	return nil
}

// implicit handles DW_OP_implicit_value.
func (m *exprMachine) implicit() error {
	n, err := m.uleb()
	if err != nil {
		return err
	}
	if n > uint64(len(m.buf)-m.pos) {
		return errors.New("truncated DW_OP_implicit_value")
	}
	b := append([]byte(nil), m.buf[m.pos:m.pos+int(n)]...)
	m.pos += int(n)
	m.cur = &piece{kind: pieceImplicit, bytes: b}
	return nil
}

// entryValue handles DW_OP_entry_value: the value a register (or
// expression) had when the function was entered. Without a way to learn
// it, the value is optimized out (quirk 5
// in DWARF-QUIRKS.md).
func (m *exprMachine) entryValue() error {
	n, err := m.uleb()
	if err != nil {
		return err
	}
	if n > uint64(len(m.buf)-m.pos) {
		return errors.New("truncated DW_OP_entry_value")
	}
	sub := m.buf[m.pos : m.pos+int(n)]
	m.pos += int(n)
	if m.ctx.entry == nil {
		return errOptimizedOut
	}
	v, err := m.ctx.entry(sub)
	if err != nil {
		return err
	}
	m.push(uint64(v))
	return nil
}
