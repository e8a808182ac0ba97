package vm

// CSR numbers.
const (
	csrMstatus   = 0x300
	csrMisa      = 0x301
	csrMie       = 0x304
	csrMtvec     = 0x305
	csrMcountinh = 0x320
	csrMstatush  = 0x310
	csrMscratch  = 0x340
	csrMepc      = 0x341
	csrMcause    = 0x342
	csrMtval     = 0x343
	csrMip       = 0x344
	csrPmpcfg0   = 0x3a0
	csrPmpaddr0  = 0x3b0
	csrTselect   = 0x7a0
	csrTdata1    = 0x7a1
	csrTdata2    = 0x7a2
	csrTdata3    = 0x7a3
	csrMcycle    = 0xb00
	csrMinstret  = 0xb02
	csrMcycleh   = 0xb80
	csrMinstreth = 0xb82
	csrCycle     = 0xc00
	csrTime      = 0xc01
	csrInstret   = 0xc02
	csrCycleh    = 0xc80
	csrTimeh     = 0xc81
	csrInstreth  = 0xc82
	csrMvendorid = 0xf11
	csrMarchid   = 0xf12
	csrMimpid    = 0xf13
	csrMhartid   = 0xf14
	csrMconfig   = 0xf15

	misaValue = 0x40001105 // RV32 A C I M

	mstatusMIE  = 1 << 3
	mstatusMPIE = 1 << 7
	mstatusMPP  = 3 << 11

	inhibitCY = 1 << 0 // mcountinhibit: mcycle stops
	inhibitIR = 1 << 2 // mcountinhibit: minstret stops

	mipMSIP = 1 << 3
	mipMTIP = 1 << 7
	mipMEIP = 1 << 11
	mipMask = mipMSIP | mipMTIP | mipMEIP
)

// ReadCSR returns CSR n as the guest would read it now, without side
// effects; ok is false when the CSR does not exist.
func (h *Hart) ReadCSR(n uint16) (uint32, bool) { return h.readCSR(n, 0) }

// WriteCSR writes CSR n as a guest csrw would (read-only CSRs refuse);
// ok is false when the CSR does not exist or is read-only.
func (h *Hart) WriteCSR(n uint16, v uint32) bool {
	if n>>10 == 3 {
		return false
	}
	return h.writeCSR(n, v, 0)
}

// setCounter replaces the low or high half of a 64-bit counter c so that c
// reads back as the written half once after more steps have been added.
// after counts the writing instruction itself (if it counts at all); as the
// privileged spec says, a write suppresses that instruction's own
// increment, so the half not written keeps its value from before the
// instruction: writing minstreth when minstret is 0xffffffff carries nothing.
func setCounter(c *uint64, v uint32, high bool, after uint64) {
	cur := *c + after - min(after, 1)
	if high {
		cur = uint64(v)<<32 | cur&0xffffffff
	} else {
		cur = cur&^0xffffffff | uint64(v)
	}
	*c = cur - after
}

// readCSR reads CSR n; inflight is the number of steps this hart executed in
// the current batch that are not yet added to the counters.
func (h *Hart) readCSR(n uint16, inflight uint64) (uint32, bool) {
	switch {
	case n >= csrPmpcfg0 && n < csrPmpcfg0+4:
		return h.pmpcfg[n-csrPmpcfg0], true
	case n >= csrPmpaddr0 && n < csrPmpaddr0+16:
		return h.pmpaddr[n-csrPmpaddr0], true
	case n > csrMcycle+2 && n < csrMcycle+32, n > csrMcycleh+2 && n < csrMcycleh+32,
		n > csrCycle+2 && n < csrCycle+32, n > csrCycleh+2 && n < csrCycleh+32,
		n >= 0x323 && n < 0x340:
		return 0, true // hpm counters and events: hardwired to zero
	}
	switch n {
	case csrMstatus:
		return h.mstatus&(mstatusMIE|mstatusMPIE) | mstatusMPP, true
	case csrMstatush, csrMvendorid, csrMarchid, csrMimpid, csrMconfig,
		csrTselect, csrTdata1, csrTdata2, csrTdata3:
		return 0, true
	case csrMisa:
		return misaValue, true
	case csrMie:
		return h.mie, true
	case csrMip:
		return h.mip, true
	case csrMtvec:
		return h.mtvec, true
	case csrMepc:
		return h.mepc, true
	case csrMcause:
		return h.mcause, true
	case csrMtval:
		return h.mtval, true
	case csrMscratch:
		return h.mscratch, true
	case csrMcountinh:
		return h.mcountinhibit, true
	case csrMhartid:
		return uint32(h.id), true
	case csrMcycle, csrCycle:
		return uint32(h.cycle + h.counted(inhibitCY, inflight)), true
	case csrMcycleh, csrCycleh:
		return uint32((h.cycle + h.counted(inhibitCY, inflight)) >> 32), true
	case csrMinstret, csrInstret:
		return uint32(h.instret + h.counted(inhibitIR, inflight)), true
	case csrMinstreth, csrInstreth:
		return uint32((h.instret + h.counted(inhibitIR, inflight)) >> 32), true
	case csrTime:
		return uint32(h.m.mtimeAt(h.m.time + inflight)), true
	case csrTimeh:
		return uint32(h.m.mtimeAt(h.m.time+inflight) >> 32), true
	}
	return 0, false
}

// writeCSR writes CSR n (the caller has checked it is writable). after is
// the number of steps that will still be added to the counters before the
// next instruction reads them (for a guest write: its position in the batch
// plus itself), so the next read returns v plus what retires since.
func (h *Hart) writeCSR(n uint16, v uint32, after uint64) bool {
	switch {
	case n >= csrPmpcfg0 && n < csrPmpcfg0+4:
		h.writePMPCfg(int(n-csrPmpcfg0), v)
		return true
	case n >= csrPmpaddr0 && n < csrPmpaddr0+16:
		h.writePMPAddr(int(n-csrPmpaddr0), v)
		return true
	case n > csrMcycle+2 && n < csrMcycle+32, n > csrMcycleh+2 && n < csrMcycleh+32,
		n >= 0x323 && n < 0x340:
		return true
	}
	switch n {
	case csrMstatus:
		h.mstatus = v & (mstatusMIE | mstatusMPIE)
	case csrMstatush, csrMisa, csrTselect, csrTdata1, csrTdata2, csrTdata3:
	case csrMie:
		h.mie = v & mipMask
	case csrMip:
		// MEIP, MTIP and MSIP are read-only views of the devices.
	case csrMtvec:
		if v&3 < 2 { // modes 0 (direct) and 1 (vectored); others are ignored, as on QEMU
			h.mtvec = v
		}
		h.mtvecSet = true
		h.inTrap = false
	case csrMepc:
		h.mepc = v &^ 1
	case csrMcause:
		h.mcause = v
	case csrMtval:
		h.mtval = v
	case csrMscratch:
		h.mscratch = v
	case csrMcountinh:
		h.setCountInhibit(v&^2, after)
	case csrMcycle, csrMcycleh:
		setCounter(&h.cycle, v, n == csrMcycleh, h.counted(inhibitCY, after))
	case csrMinstret, csrMinstreth:
		setCounter(&h.instret, v, n == csrMinstreth, h.counted(inhibitIR, after))
	default:
		return false
	}
	return true
}
