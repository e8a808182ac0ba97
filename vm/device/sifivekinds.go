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
			Name:    "sifive-prci",
			New:     func(env Env) Device { return NewSiFivePRCI() },
			Offsets: []uint32{spHFROSC, spHFXOSC, spPLLCfg, spPLLOutDiv},
		},
	}
}
