package device

// stellarisKinds returns the device kinds of the Stellaris board
// (lm3s6965evb): the PL011 UART and the system control block.
func stellarisKinds() []Kind {
	return []Kind{
		{
			Name:    "pl011",
			New:     func(env Env) Device { return NewPL011(env.IRQ, PL011LuminaryID) },
			Offsets: []uint32{plDR, plRSR, plFR, plIBRD, plLCRH, plCR, plIFLS, plIMSC, plRIS, plMIS, plICR, plDMACR, 0xfe0},
			Stimulate: func(d Device, v uint64) {
				d.(*PL011).Input([]byte{byte(v), byte(v >> 8)}[:1+v>>16&1])
			},
			Observe: func(d Device) uint64 { u := d.(*PL011); return uint64(u.intLevel & u.intEnabled) },
		},
		{
			Name:    "stellaris-sysctl",
			New:     func(env Env) Device { return NewStellarisSysCtl(LM3S6965) },
			Offsets: []uint32{0, scPBOR, scLDO, scRIS, scIMC, scMISC, scRESC, scRCC, scPLLCFG, scRCC2, scRCGC0, 0x114, 0x128, 0x1e0},
		},
	}
}
