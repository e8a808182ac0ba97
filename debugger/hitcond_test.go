package debugger

import "testing"

func TestParseHitCond(t *testing.T) {
	tests := []struct {
		src  string
		hits []uint64 // counts that hold, among 1..10
		err  bool
	}{
		{"", []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, false},
		{"5", []uint64{5, 6, 7, 8, 9, 10}, false},
		{">= 5", []uint64{5, 6, 7, 8, 9, 10}, false},
		{"> 8", []uint64{9, 10}, false},
		{"== 7", []uint64{7}, false},
		{"=7", []uint64{7}, false},
		{"< 3", []uint64{1, 2}, false},
		{"<= 2", []uint64{1, 2}, false},
		{"!= 1", []uint64{2, 3, 4, 5, 6, 7, 8, 9, 10}, false},
		{"% 3 == 0", []uint64{3, 6, 9}, false},
		{"%4", []uint64{4, 8}, false},
		{"% 0", nil, true},
		{"== x", nil, true},
		{"banana", nil, true},
	}
	for _, tt := range tests {
		h, err := parseHitCond(tt.src)
		if (err != nil) != tt.err {
			t.Errorf("%q: error %v, want error %v", tt.src, err, tt.err)
			continue
		}
		if tt.err {
			continue
		}
		var got []uint64
		for n := uint64(1); n <= 10; n++ {
			if h.holds(n) {
				got = append(got, n)
			}
		}
		if len(got) != len(tt.hits) {
			t.Errorf("%q holds for %v, want %v", tt.src, got, tt.hits)
			continue
		}
		for i := range got {
			if got[i] != tt.hits[i] {
				t.Errorf("%q holds for %v, want %v", tt.src, got, tt.hits)
				break
			}
		}
	}
}

func TestFormatLog(t *testing.T) {
	s, _ := newDemo(t)
	s.SetFunctionBreakpoints([]FunctionSpec{{Name: "record"}})
	if st := s.Continue(); st.Reason != ReasonFunction {
		t.Fatalf("continue: %v", st)
	}
	f, err := s.Frame(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ msg, want string }{
		{"plain", "plain"},
		{"raw={raw}", "raw=210"},
		{"{s->head} and {s->count}", "0 and 0"},
		{"{{literal}}", "{literal}"},
		{"open {raw", "open {raw"},
		{"bad {nosuch}", "bad <"},
	}
	for _, tt := range tests {
		got := formatLog(tt.msg, f)
		if len(got) < len(tt.want) || got[:len(tt.want)] != tt.want {
			t.Errorf("formatLog(%q) = %q, want %q...", tt.msg, got, tt.want)
		}
	}
	if got := formatLog("{x}", nil); got != "<no frame>" {
		t.Errorf("without a frame: %q", got)
	}
}
