package device

// testClock is a Clock whose time the test sets.
type testClock struct{ t uint64 }

func (c *testClock) MTime() uint64     { return c.t }
func (c *testClock) SetMTime(v uint64) { c.t = v }

// Ticks reads t as microseconds.
func (c *testClock) Ticks(hz uint64) uint64 { return c.t * hz / 1_000_000 }

// testIRQ records the level of an interrupt line and how often it was driven.
type testIRQ struct {
	level bool
	calls int
}

func (l *testIRQ) SetLevel(high bool) { l.level, l.calls = high, l.calls+1 }

// testExiter records exit requests.
type testExiter struct{ codes []int }

func (e *testExiter) Exit(code int) { e.codes = append(e.codes, code) }

// testEnv returns an Env of fresh stubs for harts harts.
func testEnv(harts int) (Env, *testClock, *testIRQ, *testExiter) {
	clk, irq, ex := &testClock{}, &testIRQ{}, &testExiter{}
	return Env{Harts: harts, Clock: clk, Ticker: clk, IRQ: irq, Exiter: ex}, clk, irq, ex
}
