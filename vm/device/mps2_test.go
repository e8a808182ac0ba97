package device

import "testing"

func TestCMSDKUART(t *testing.T) {
	env, _, irq, _ := testEnv(1)
	rx := &testIRQ{}
	u := NewCMSDKUART(env.IRQ, rx, nil, nil)
	var out []byte
	u.SetOutput(func(b byte) { out = append(out, b) })

	u.Write(cuData, 4, 'x') // transmitter off: the byte waits
	u.Write(cuData, 4, 'y') // and a second one overruns
	if len(out) != 0 || u.Peek(cuState, 4) != cuTxFull|cuTxOver {
		t.Fatalf("disabled TX: out %q STATE %#x", out, u.Peek(cuState, 4))
	}
	u.Write(cuCtrl, 4, cuTxEn|cuTxInt|cuRxEn|cuRxInt|0x10) // TX overrun interrupt enabled too
	if len(out) != 0 || u.Peek(cuState, 4) != cuTxFull|cuTxOver || u.Peek(cuIntStat, 4) != cuTxOver {
		t.Fatalf("enabled TX: out %q STATE %#x INTSTATUS %#x: the stuck byte must stay", out, u.Peek(cuState, 4), u.Peek(cuIntStat, 4))
	}
	u.Reset()
	u.Write(cuCtrl, 4, cuTxEn|cuTxInt|cuRxEn|cuRxInt)
	u.Write(cuData, 4, 'y')
	if string(out) != "y" || u.Peek(cuState, 4) != 0 || u.Peek(cuIntStat, 4) != cuIntTx || !irq.level {
		t.Fatalf("TX: out %q STATE %#x INTSTATUS %#x irq %v", out, u.Peek(cuState, 4), u.Peek(cuIntStat, 4), irq.level)
	}
	u.Write(cuIntStat, 4, cuIntTx)
	if u.Peek(cuIntStat, 4) != 0 || irq.level {
		t.Fatalf("after clearing: INTSTATUS %#x irq %v", u.Peek(cuIntStat, 4), irq.level)
	}
	u.Input([]byte("ab"))
	if u.Peek(cuState, 4) != cuRxFull || !rx.level {
		t.Fatalf("input: STATE %#x rx irq %v", u.Peek(cuState, 4), rx.level)
	}
	got := []byte{byte(u.Read(cuData, 4)), byte(u.Read(cuData, 4))}
	if string(got) != "ab" || u.Peek(cuState, 4) != 0 {
		t.Fatalf("read %q, STATE %#x: no byte may be lost", got, u.Peek(cuState, 4))
	}
	if u.Peek(0xfe0, 4) != 0x21 || u.Peek(0xff0, 4) != 0x0d {
		t.Errorf("ID registers %#x %#x", u.Peek(0xfe0, 4), u.Peek(0xff0, 4))
	}
}

func TestCMSDKTimer(t *testing.T) {
	env, clk, irq, _ := testEnv(1)
	tm := NewCMSDKTimer(env.IRQ, env.Ticker, MPS2PeripheralHz) // 25 ticks per test µs
	tm.Write(ctReload, 4, 99)
	tm.Write(ctCtrl, 4, ctEnable|ctIntEn)
	clk.t = 2 // 50 ticks
	if v := tm.Read(ctValue, 4); v != 49 {
		t.Errorf("VALUE after 50 ticks = %d, want 49", v)
	}
	if _, at, ok := tm.NextEvent(); !ok || at != 99 {
		t.Errorf("next event %d %v, want tick 99", at, ok)
	}
	clk.t = 4 // 100 ticks: reached 0 at tick 99, then reload
	tm.Sync()
	if !irq.level || tm.Read(ctIntStat, 4) != 1 || tm.Read(ctValue, 4) != 99 {
		t.Errorf("at tick 100: irq %v INTSTATUS %d VALUE %d, want fired and reloaded 99", irq.level, tm.Read(ctIntStat, 4), tm.Read(ctValue, 4))
	}
	tm.Write(ctIntStat, 4, 1)
	if irq.level {
		t.Error("INTCLEAR left the line high")
	}
	if _, at, _ := tm.NextEvent(); at != 199 {
		t.Errorf("second period ends at %d, want 199 (reload+1 ticks per period)", at)
	}
	tm.Write(ctCtrl, 4, 0)
	clk.t = 100
	if v := tm.Read(ctValue, 4); v != 99 {
		t.Errorf("stopped timer moved to %d", v)
	}
}

func TestCMSDKDualTimer(t *testing.T) {
	env, clk, irq, _ := testEnv(1)
	d := NewCMSDKDualTimer(env.IRQ, env.Ticker, MPS2PeripheralHz)
	if d.Peek(dtControl, 4) != dtIntEn || d.Peek(dtValue, 4) != 0xffffffff {
		t.Fatalf("reset CONTROL %#x VALUE %#x", d.Peek(dtControl, 4), d.Peek(dtValue, 4))
	}
	d.Write(dtStride+dtLoad, 4, 10)
	d.Write(dtStride+dtControl, 4, dtEnable|dtPeriodic|dtIntEn|dtSize32|1<<2) // /16
	clk.t = 8                                                                 // 200 ticks = 12.5 prescaled
	if v := d.Read(dtStride+dtValue, 4); v != 10-12+11 {                      // reached 0 at 10, reloaded at 11, 12 -> 9
		t.Errorf("VALUE = %d, want 9", v)
	}
	d.Sync()
	if !irq.level || d.Peek(dtStride+dtMIS, 4) != 1 || d.Peek(dtRIS, 4) != 0 {
		t.Errorf("irq %v MIS2 %d RIS1 %d", irq.level, d.Peek(dtStride+dtMIS, 4), d.Peek(dtRIS, 4))
	}
	d.Write(dtStride+dtIntClr, 4, 1)
	d.Write(dtLoad, 4, 5)
	d.Write(dtControl, 4, dtEnable|dtOneShot|dtSize32) // no INTEN: RIS only
	clk.t = 100
	if d.Read(dtValue, 4) != 0 || d.Read(dtRIS, 4) != 1 || d.Read(dtMIS, 4) != 0 {
		t.Errorf("one-shot: VALUE %d RIS %d MIS %d", d.Read(dtValue, 4), d.Read(dtRIS, 4), d.Read(dtMIS, 4))
	}
}

func TestMPS2FPGAIO(t *testing.T) {
	env, clk, _, _ := testEnv(1)
	f := NewMPS2FPGAIO(env.Ticker, MPS2PeripheralHz, 2)
	f.Write(fpLED0, 4, 0xff)
	if f.LEDs() != 3 {
		t.Errorf("LED0 = %#x with 2 LEDs", f.LEDs())
	}
	clk.t = 2_500_000 // 2.5 s
	if f.Read(fpClk1Hz, 4) != 2 || f.Read(fpClk100Hz, 4) != 250 || f.Read(fpCounter, 4) != 62_500_000 {
		t.Errorf("1 Hz %d, 100 Hz %d, COUNTER %d", f.Read(fpClk1Hz, 4), f.Read(fpClk100Hz, 4), f.Read(fpCounter, 4))
	}
	f.Write(fpCounter, 4, 0)
	f.Write(fpPrescale, 4, 24) // COUNTER at 1 MHz
	f.Write(fpPSCntr, 4, 24)
	f.Write(fpClk1Hz, 4, 100)
	clk.t += 10
	if f.Read(fpCounter, 4) != 10 || f.Read(fpClk1Hz, 4) != 100 {
		t.Errorf("prescaled COUNTER %d, 1 Hz %d", f.Read(fpCounter, 4), f.Read(fpClk1Hz, 4))
	}
}
