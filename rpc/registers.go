package rpc

import "fmt"

// RegistersParams asks for the registers of a frame of the current hart,
// optionally of one group only ("core", "system", "fpu", "fault", "csr").
type RegistersParams struct {
	Frame int    `json:"frame"`
	Group string `json:"group"`
}

// RegisterRow is one register as the session lists it.
type RegisterRow struct {
	Name  string `json:"name"`
	Group string `json:"group"`
	// Bits is 32, or 64 for d0–d15.
	Bits int `json:"bits"`
	// Value is the register's value (all 64 bits of a d register).
	Value uint64 `json:"value"`
	Hex   string `json:"hex"`
	// NotSaved: an outer frame's register the unwinder cannot recover.
	NotSaved bool            `json:"notSaved,omitempty"`
	Fields   []RegisterField `json:"fields,omitempty"`
	// Summary spells the fields as `info registers` does ("[ C T ISR=15 (SysTick) ]").
	Summary string `json:"summary,omitempty"`
}

// RegisterField is one decoded bit field (xPSR flags and exception
// number, CONTROL, CFSR bits; RISC-V mstatus, mcause); Writable fields
// can be set alone with register.set's field.
type RegisterField struct {
	Name     string `json:"name"`
	Value    uint32 `json:"value"`
	Text     string `json:"text,omitempty"`
	Writable bool   `json:"writable,omitempty"`
}

// Registers answers registers.
type Registers struct {
	Hart      int           `json:"hart"`
	Registers []RegisterRow `json:"registers"`
}

// RegisterSetParams writes a register of the current hart (frame 0), or
// only one of its writable fields (Field: "C" of the xpsr, "MIE" of
// mstatus), the other bits unchanged.
type RegisterSetParams struct {
	Name  string `json:"name"`
	Field string `json:"field"`
	Value uint64 `json:"value"`
}

func registers(srv *Server, p RegistersParams) (any, error) {
	s := srv.sess.s
	regs, err := s.FrameRegisters(s.Hart(), p.Frame)
	if err != nil {
		return nil, failed(err)
	}
	out := Registers{Hart: s.Hart(), Registers: []RegisterRow{}}
	for _, r := range regs {
		if p.Group != "" && string(r.Info.Group) != p.Group {
			continue
		}
		row := RegisterRow{Name: r.Name, Group: string(r.Info.Group), Bits: r.Info.Bits,
			Value: uint64(r.High)<<32 | uint64(r.Value), NotSaved: r.NotSaved, Summary: r.Summary()}
		row.Hex = fmt.Sprintf("%#0*x", 2+r.Info.Bits/4, row.Value)
		for _, f := range r.Fields {
			row.Fields = append(row.Fields, RegisterField{Name: f.Name, Value: f.Value, Text: f.Text, Writable: f.Writable})
		}
		out.Registers = append(out.Registers, row)
	}
	return out, nil
}

func setRegister(srv *Server, p RegisterSetParams) (any, error) {
	if p.Name == "" {
		return nil, needParam("name")
	}
	s := srv.sess.s
	if p.Field != "" {
		if _, err := s.SetRegisterField(s.Hart(), 0, p.Name, p.Field, fmt.Sprint(p.Value)); err != nil {
			return nil, failed(err)
		}
		return Forked{Forked: s.TakeFork()}, nil
	}
	num, ok := s.RegisterByName(p.Name)
	if !ok {
		return nil, failed(fmt.Errorf("no register %q on this CPU", p.Name))
	}
	if err := s.SetRegister64(s.Hart(), num, p.Value); err != nil {
		return nil, failed(err)
	}
	return Forked{Forked: s.TakeFork()}, nil
}
