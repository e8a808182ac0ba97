package vm

// Run runs until Time reaches until or a stop condition.
func (m *Machine) Run(until uint64) Stop { return Stop{} }

// Step executes exactly one step.
func (m *Machine) Step() Stop { return Stop{} }

// LoadELF loads a RISC-V ELF.
func (m *Machine) LoadELF(data []byte) (uint32, error) { return 0, nil }

// Snapshot is a saved machine state.
type Snapshot struct{ time uint64 }

// Snapshot saves the state.
func (m *Machine) Snapshot() *Snapshot { return &Snapshot{} }

// Restore restores a snapshot.
func (m *Machine) Restore(s *Snapshot) error { return nil }

// Time returns the snapshot's time.
func (s *Snapshot) Time() uint64 { return s.time }

// Bytes returns approximate owned memory.
func (s *Snapshot) Bytes() int { return 0 }

// MarshalBinary encodes the snapshot.
func (s *Snapshot) MarshalBinary() ([]byte, error) { return nil, nil }

// UnmarshalSnapshot decodes a snapshot.
func UnmarshalSnapshot(b []byte) (*Snapshot, error) { return &Snapshot{}, nil }

// StateHash hashes the state.
func (m *Machine) StateHash() [32]byte { return [32]byte{} }
