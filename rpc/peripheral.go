package rpc

import (
	"errors"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/svd"
)

// PeripheralList is the result of peripheral.list: the SVD file's
// peripherals.
type PeripheralList struct {
	// SVD says where the file came from (a path, or "built-in virt.svd").
	SVD         string          `json:"svd"`
	Device      string          `json:"device"`
	Peripherals []PeripheralRef `json:"peripherals"`
}

// PeripheralRef names one peripheral.
type PeripheralRef struct {
	Name        string `json:"name"`
	Address     uint64 `json:"address"`
	Group       string `json:"group,omitempty"`
	Description string `json:"description,omitempty"`
	Registers   int    `json:"registers"`
}

// PeripheralParams name a peripheral and optionally one register
// ("txctrl", "CH0.CTRL") or field ("txctrl.txen").
type PeripheralParams struct {
	Peripheral string `json:"peripheral"`
	Register   string `json:"register,omitempty"`
}

// PeripheralWriteParams write a register or field (Register "ie" or
// "txctrl.txen"): the device's own write, side effects included; in the
// past it forks history.
type PeripheralWriteParams struct {
	Peripheral string `json:"peripheral"`
	Register   string `json:"register"`
	Value      uint64 `json:"value"`
}

// PeripheralValues is the result of peripheral.read (and, with the
// register written, of peripheral.write): registers at the current
// moment, read without side effects on the devices.
type PeripheralValues struct {
	Peripheral string          `json:"peripheral"`
	Address    uint64          `json:"address"`
	Time       uint64          `json:"time"`
	Registers  []RegisterValue `json:"registers"`
	// Forked is set when the write changed the past.
	Forked bool `json:"forked,omitempty"`
}

// RegisterValue is one register: Value when readable, else Error.
type RegisterValue struct {
	Name    string       `json:"name"`
	Address uint64       `json:"address"`
	Size    int          `json:"size"`
	Access  string       `json:"access,omitempty"`
	Value   *uint64      `json:"value,omitempty"`
	Hex     string       `json:"hex"`
	Error   string       `json:"error,omitempty"`
	Fields  []FieldValue `json:"fields,omitempty"`
}

// FieldValue is one decoded field, Enum its enumerated name if any.
type FieldValue struct {
	Name      string `json:"name"`
	BitOffset int    `json:"bitOffset"`
	BitWidth  int    `json:"bitWidth"`
	Value     uint64 `json:"value"`
	Enum      string `json:"enum,omitempty"`
}

// svdOf is the session's SVD device, or why there is none.
func svdOf(sess *session) (*svd.Device, error) {
	if dev := sess.s.SVD(); dev != nil {
		return dev, nil
	}
	if sess.svdErr != nil {
		return nil, failed(sess.svdErr)
	}
	return nil, failed(debugger.ErrNoSVD)
}

func peripheralList(srv *Server, _ empty) (any, error) {
	s := srv.sess.s
	dev, err := svdOf(srv.sess)
	if err != nil {
		return nil, err
	}
	out := PeripheralList{SVD: s.SVDSource(), Device: dev.Name, Peripherals: make([]PeripheralRef, 0, len(dev.Peripherals))}
	for _, p := range dev.Peripherals {
		out.Peripherals = append(out.Peripherals, PeripheralRef{Name: p.Name, Address: p.BaseAddress,
			Group: p.GroupName, Description: p.Description, Registers: len(p.Registers)})
	}
	return out, nil
}

func peripheralRead(srv *Server, p PeripheralParams) (any, error) {
	path, err := peripheralPath(srv.sess, p.Peripheral, p.Register)
	if err != nil {
		return nil, err
	}
	return peripheralValues(srv.sess.s, path), nil
}

func peripheralWrite(srv *Server, p PeripheralWriteParams) (any, error) {
	if p.Register == "" {
		return nil, needParam("register")
	}
	s := srv.sess.s
	path, err := peripheralPath(srv.sess, p.Peripheral, p.Register)
	if err != nil {
		return nil, err
	}
	if err := s.WritePeripheral(path, p.Value); err != nil {
		return nil, failed(err)
	}
	out := peripheralValues(s, path)
	out.Forked = s.TakeFork()
	return out, nil
}

// peripheralPath resolves a peripheral and an optional register or field.
func peripheralPath(sess *session, periph, reg string) (svd.Path, error) {
	if periph == "" {
		return svd.Path{}, needParam("peripheral")
	}
	dev, err := svdOf(sess)
	if err != nil {
		return svd.Path{}, err
	}
	name := periph
	if reg != "" {
		name += "." + reg
	}
	p, err := dev.Lookup(name)
	if err != nil {
		return svd.Path{}, failed(err)
	}
	return p, nil
}

// peripheralValues reads what a path names: every register of a
// peripheral, or one register (a field's register).
func peripheralValues(s *debugger.Session, p svd.Path) PeripheralValues {
	out := PeripheralValues{Peripheral: p.Peripheral.Name, Address: p.Peripheral.BaseAddress, Time: s.Now()}
	regs := p.Peripheral.Registers
	if p.Register != nil {
		regs = []*svd.Register{p.Register}
	}
	for _, r := range regs {
		out.Registers = append(out.Registers, registerValue(s.ReadPeripheralRegister(r)))
	}
	return out
}

// registerValue converts one register read.
func registerValue(rv debugger.PeripheralRegister) RegisterValue {
	r := rv.Register
	out := RegisterValue{Name: r.Name, Address: r.Address, Size: r.Size, Access: string(r.Access), Hex: rv.Hex()}
	if rv.Err != nil {
		out.Error = rv.Err.Error()
		if errors.Is(rv.Err, debugger.ErrWriteOnly) {
			out.Error = "write-only"
		}
		return out
	}
	v := rv.Value
	out.Value = &v
	for _, fv := range rv.Fields {
		f := FieldValue{Name: fv.Field.Name, BitOffset: fv.Field.BitOffset, BitWidth: fv.Field.BitWidth, Value: fv.Value}
		if fv.Enum != nil {
			f.Enum = fv.Enum.Name
		}
		out.Fields = append(out.Fields, f)
	}
	return out
}

// loadSVD loads the launch's SVD file (else --svd's, else the board's
// built-in one). A bad file is logged as a warning and returned: the
// peripheral methods answer with it, and the session goes on.
func (srv *Server) loadSVD(s *debugger.Session, path string) error {
	if path == "" {
		path = srv.svd
	}
	err := s.LoadSVD(path)
	if err != nil {
		srv.log.Warn("launch: SVD file not loaded", "err", err)
	}
	return err
}
