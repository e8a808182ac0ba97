package debugger

import "testing"

// TestARMNotesKeepNewest: however the twins of a parallel search deliver
// their hits, only the newest one's state is kept and can be taken (the
// same time met later wins: an exception entered at the same time); after
// a take, the next search (bounded earlier) starts afresh, and taking
// the same note again is harmless.
func TestARMNotesKeepNewest(t *testing.T) {
	var n armNotes
	state := func(v uint32) hitState { var s hitState; s.r[0] = v; return s }
	seqs := map[uint32]uint64{}
	for _, tm := range []uint32{500, 900, 100, 900, 300} { // two twins interleaved
		seqs[tm] = n.keep(state(tm), uint64(tm))
	}
	if _, ok := n.take(seqs[500]); ok {
		t.Error("an older hit's note was kept")
	}
	st, ok := n.take(seqs[900]) // the second hit at 900
	if !ok || st.r[0] != 900 {
		t.Fatalf("newest note: ok=%v r0=%d", ok, st.r[0])
	}
	if st, ok := n.take(seqs[900]); !ok || st.r[0] != 900 {
		t.Error("taking the same note twice failed")
	}
	// The next search, bounded before 900.
	a := n.keep(state(200), 200)
	b := n.keep(state(250), 250)
	if _, ok := n.take(a); ok {
		t.Error("the next search kept an older note")
	}
	if st, ok := n.take(b); !ok || st.r[0] != 250 {
		t.Errorf("the next search's newest note: ok=%v r0=%d", ok, st.r[0])
	}
	if _, ok := n.take(0); ok {
		t.Error("note 0 (no note) was found")
	}
}
