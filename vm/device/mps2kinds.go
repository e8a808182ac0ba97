package device

// MPS2 peripheral clock (QEMU's SYSCLK_FRQ for the mps2 boards).
const MPS2PeripheralHz = 25_000_000

// mps2Kinds returns the CMSDK and MPS2 device kinds of the mps2 boards.
func mps2Kinds() []Kind {
	timed := func(d Device) uint64 {
		t := d.(Timed)
		t.Sync()
		_, at, ok := t.NextEvent()
		if !ok {
			return 1<<64 - 1
		}
		return at
	}
	return []Kind{
		{
			Name:    "cmsdk-uart",
			New:     func(env Env) Device { return NewCMSDKUART(env.IRQ, nil, nil, nil) },
			Offsets: []uint32{cuData, cuState, cuCtrl, cuIntStat, cuBaudDiv, 0xfe0},
			Stimulate: func(d Device, v uint64) {
				d.(*CMSDKUART).Input([]byte{byte(v), byte(v >> 8)}[:1+v>>16&1])
			},
			Observe: func(d Device) uint64 { return uint64(d.(*CMSDKUART).intstat) },
		},
		{
			Name:    "cmsdk-timer",
			New:     func(env Env) Device { return NewCMSDKTimer(env.IRQ, env.Ticker, MPS2PeripheralHz) },
			Offsets: []uint32{ctCtrl, ctValue, ctReload, ctIntStat, 0xfe0},
			Observe: timed,
		},
		{
			Name: "cmsdk-dualtimer",
			New:  func(env Env) Device { return NewCMSDKDualTimer(env.IRQ, env.Ticker, MPS2PeripheralHz) },
			Offsets: []uint32{dtLoad, dtValue, dtControl, dtIntClr, dtRIS, dtMIS, dtBGLoad,
				dtStride + dtLoad, dtStride + dtValue, dtStride + dtControl, dtStride + dtIntClr, dtStride + dtBGLoad},
			Observe: timed,
		},
		{
			Name:    "mps2-fpgaio",
			New:     func(env Env) Device { return NewMPS2FPGAIO(env.Ticker, MPS2PeripheralHz, 2) },
			Offsets: []uint32{fpLED0, fpButton, fpClk1Hz, fpClk100Hz, fpCounter, fpPrescale, fpPSCntr, fpMisc},
		},
	}
}
