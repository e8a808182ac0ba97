package device

// sifiveKinds returns the device kinds of SiFive's E-series chips (the
// HiFive1's FE310).
func sifiveKinds() []Kind {
	return []Kind{
		{
			Name:    "sifive-uart",
			New:     func(env Env) Device { return NewSiFiveUART(env.IRQ) },
			Offsets: []uint32{suTxData, suRxData, suTxCtrl, suRxCtrl, suIE, suIP, suDiv},
			Stimulate: func(d Device, v uint64) {
				d.(*SiFiveUART).Input([]byte{byte(v), byte(v >> 8)}[:1+v>>16&1])
			},
			Observe: func(d Device) uint64 { u := d.(*SiFiveUART); return uint64(u.ie & u.ip()) },
		},
		{
			Name: "sifive-gpio",
			New: func(env Env) Device {
				return NewSiFiveGPIO(func(pin int) IRQLine {
					if pin == 5 {
						return env.IRQ
					}
					return nil
				})
			},
			Offsets: []uint32{sgValue, sgInEn, sgOutEn, sgPort, sgPUE, sgRiseIE, sgRiseIP, sgFallIE,
				sgFallIP, sgHighIE, sgHighIP, sgLowIE, sgLowIP, sgIOFEn, sgOutXor},
			Observe: func(d Device) uint64 { return uint64(d.(*SiFiveGPIO).irqs()) },
		},
		{
			Name:    "fe310-plic",
			New:     func(env Env) Device { return NewPLICWith(env.Harts, FE310PLIC()) },
			Offsets: []uint32{0x04, 0x28, 0x1fc, 0x1000, 0x100c, 0x2000, 0x200c, 0x2080, 0x200000, 0x200004, 0x201000, 0x201004},
			Stimulate: func(d Device, v uint64) {
				l := d.(*PLIC).Line([...]int{1, 10, 33, 95, 127}[v%5])
				if v&16 != 0 {
					l.(Raiser).Raise()
				} else {
					l.SetLevel(v&8 != 0)
				}
			},
			Observe: func(d Device) uint64 {
				p := d.(*PLIC)
				var m uint64
				for c := range 2 * p.contexts {
					if p.Pending(c) {
						m |= 1 << c
					}
				}
				return m
			},
		},
		{
			Name:    "sifive-prci",
			New:     func(env Env) Device { return NewSiFivePRCI() },
			Offsets: []uint32{spHFROSC, spHFXOSC, spPLLCfg, spPLLOutDiv},
		},
	}
}
