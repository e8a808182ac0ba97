package vm

import "fmt"

// Twin builds a machine of the same board and configuration with the same
// loaded image (what LoadELF records besides memory), ready to Restore any
// snapshot of m, so that two goroutines can re-execute different stretches
// of one history at once. Restored from the same snapshot and given the
// same inputs, the twin runs exactly as m. Hooks (UART output, MMIO
// report) and stop conditions are not copied.
func (m *Machine) Twin() (*Machine, error) {
	t, err := NewMachine(m.board, m.cfg)
	if err != nil {
		return nil, fmt.Errorf("twin machine: %w", err)
	}
	t.loaded = m.loaded
	t.image = m.image
	if m.semihost == nil {
		t.semihost = nil
	}
	return t, nil
}
