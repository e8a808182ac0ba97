package vm

import (
	"errors"
	"strings"
	"testing"
)

// TestUnmarshalRejectsImpossibleState checks that a snapshot with a valid
// checksum but a value the machine can never produce is refused with an
// error naming the field, instead of being restored.
func TestUnmarshalRejectsImpossibleState(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(s *Snapshot)
		want   string
	}{
		{"qleft huge", func(s *Snapshot) { s.qleft = 1<<64 - 1 }, "quantum"},
		{"qleft zero", func(s *Snapshot) { s.qleft = 0 }, "quantum"},
		{"mstatus MPP", func(s *Snapshot) { s.harts[0].mstatus = mstatusMPP }, "mstatus"},
		{"mie SEIE", func(s *Snapshot) { s.harts[0].mie = 1 << 9 }, "mie"},
		{"mip bit", func(s *Snapshot) { s.harts[0].mip = 1 << 5 }, "mip"},
		{"mtvec mode 2", func(s *Snapshot) { s.harts[0].mtvec = ramBase | 2 }, "mtvec"},
		{"mtvec mode 3", func(s *Snapshot) { s.harts[0].mtvec = ramBase | 3 }, "mtvec"},
		{"odd mepc", func(s *Snapshot) { s.harts[0].mepc = ramBase + 1 }, "mepc"},
		{"mcountinhibit TM", func(s *Snapshot) { s.harts[0].mcountinhibit = 2 }, "mcountinhibit"},
		{"pmp W without R", func(s *Snapshot) { s.harts[0].pmpcfg[1] = 0x0200 }, "pmpcfg1"},
		{"pmp reserved bits", func(s *Snapshot) { s.harts[0].pmpcfg[0] = 0x60 }, "pmpcfg0"},
		{"second hart", func(s *Snapshot) { s.harts[1].mepc = 3 }, "hart 1"},
	}
	m := newTestMachine(t, Config{Harts: 2, RAMSize: 1 << 20}, workProg())
	m.Run(2500)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := m.Snapshot()
			s.harts = append([]Hart(nil), s.harts...)
			tt.mutate(s)
			data, err := s.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			_, err = UnmarshalSnapshot(data)
			if err == nil || !errors.Is(err, errSnapshot) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("UnmarshalSnapshot error %v, want one mentioning %q", err, tt.want)
			}
		})
	}
	data, _ := m.Snapshot().MarshalBinary()
	if _, err := UnmarshalSnapshot(data); err != nil {
		t.Errorf("unchanged snapshot refused: %v", err)
	}
}
