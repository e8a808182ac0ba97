package debugger

import "testing"

func FuzzParseHitCond(f *testing.F) {
	for _, s := range []string{"", "5", ">= 5", "% 3 == 0", "== 7", "%0", "> 18446744073709551615", "=="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		h, err := parseHitCond(src)
		if err != nil {
			return
		}
		for n := uint64(0); n < 5; n++ {
			_ = h.holds(n)
		}
	})
}

func FuzzParseDataID(f *testing.F) {
	for _, s := range []string{"0x80000000/4", "/", "1/0", "0x/1", "4294967295/4294967295"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		a, n, err := ParseDataID(id)
		if err == nil && n == 0 {
			t.Fatalf("%q: size 0 accepted", id)
		}
		if err == nil {
			if a2, n2, err := ParseDataID(DataID(a, n)); err != nil || a2 != a || n2 != n {
				t.Fatalf("%q: round trip", id)
			}
		}
	})
}

func FuzzFormatLog(f *testing.F) {
	for _, s := range []string{"x={x}", "{{", "}}", "{", "}", "{a}{b}{{c}}", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, msg string) {
		formatLog(msg, nil)
	})
}
