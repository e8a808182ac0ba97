package debugger

// A reverse search asks for the CFA of the innermost frame at every
// statement boundary it meets; unwinding through the call frame
// information each time dominates its cost. At a given pc the CFA is one
// register plus a constant offset (sp, or s0 when the function keeps a
// frame pointer or a frame of variable size), so the true rule never
// disagrees with a full unwind. After cfaSamples full unwinds at a pc the
// session uses the register no unwind there has ruled out; while both
// still fit it uses them when they agree (then the answer is right
// whichever is the true one) and unwinds fully when they do not, which
// rules one out. When both are ruled out (another rule) it always unwinds.

// cfaSamples is how many full unwinds at one pc must agree on a rule.
const cfaSamples = 2

// RISC-V integer registers a CFA rule may be based on.
const (
	regSP = 2
	regS0 = 8
)

// cfaRule is what the session learned about the CFA at one pc.
type cfaRule struct {
	n        int    // full unwinds seen
	dsp, ds0 uint32 // CFA minus sp, minus s0, in the first one
	sp, s0   bool   // still consistent with every unwind seen
}

// fastCFA is the CFA of hart's innermost frame now (0 if unknown), by the
// learned rule of its pc once there is one.
func (s *Session) fastCFA(hart int) uint32 {
	h := s.m.Hart(hart)
	pc := h.PC()
	r := s.cfaRules[pc]
	if r != nil && r.n >= cfaSamples {
		bySP, byS0 := h.Reg(regSP)+r.dsp, h.Reg(regS0)+r.ds0
		switch {
		case r.sp && r.s0 && bySP == byS0, r.sp && !r.s0:
			return bySP
		case r.s0 && !r.sp:
			return byS0
		}
	}
	cfa := s.cfa(hart)
	if s.cfaRules == nil {
		s.cfaRules = map[uint32]*cfaRule{}
	}
	if r == nil {
		r = &cfaRule{dsp: cfa - h.Reg(regSP), ds0: cfa - h.Reg(regS0), sp: cfa != 0, s0: cfa != 0}
		s.cfaRules[pc] = r
	}
	r.n++
	r.sp = r.sp && cfa-h.Reg(regSP) == r.dsp
	r.s0 = r.s0 && cfa-h.Reg(regS0) == r.ds0
	return cfa
}
