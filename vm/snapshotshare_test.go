package vm

import "testing"

// TestSharedBytes: consecutive snapshots share the pages not written in
// between; a written page is a new version, not shared.
func TestSharedBytes(t *testing.T) {
	m := newTestMachine(t, Config{}, prog(jal(0, 0)))
	write := func(addr uint32) {
		if err := m.WriteMemory(addr, []byte{1}); err != nil {
			t.Fatal(err)
		}
	}
	write(ramBase + 0x1000)
	write(ramBase + 0x2000)
	s1 := m.Snapshot()
	write(ramBase + 0x2000) // a new version of one page
	write(ramBase + 0x3000) // a new page
	s2 := m.Snapshot()
	pages := len(s1.pages)
	if got, want := s1.SharedBytes(s2), (pages-1)*pageSize; got != want {
		t.Fatalf("shared %d bytes, want %d (%d pages in s1)", got, want, pages)
	}
	if s2.SharedBytes(s1) != s1.SharedBytes(s2) || s1.SharedBytes(nil) != 0 {
		t.Fatal("SharedBytes is not symmetric or counts nothing as shared")
	}
	if own := s2.HeldBytes() - s2.SharedBytes(s1); own < 2*pageSize || own > 3*pageSize {
		t.Fatalf("s2 owns %d bytes, want its two new pages and its overhead", own)
	}
}
