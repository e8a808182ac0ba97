package thumb

// Operations. Unless noted, Rd = Rn op Op2 where Op2 is Imm when ShT is
// ShImm, else Rm shifted by ShT/ShN.
const (
	OpUndecoded Op = iota // zero value: a cache slot not decoded yet
	OpBreak               // cache marker for a breakpoint slot (never returned by Decode)
	OpUndef               // undefined instruction (UsageFault UNDEFINSTR)
	OpCoproc              // coprocessor space (UsageFault NOCP unless a coprocessor takes it)

	// The forms the executor's fast switch takes come first, densely.
	OpMOV // Rd = Op2
	OpADD
	OpSUB
	OpCMP
	OpB    // if Cond: PC = PC + 4 + int32(Imm)
	OpBL   // LR = next | 1; PC = PC + 4 + int32(Imm)
	OpCBZ  // if Rn == 0: PC = PC + 4 + Imm
	OpCBNZ // if Rn != 0
	OpMOVW // Rd = Imm
	OpLDR  // address Rn +/- (Imm, or Rm<<ShN); FAdd, FIndex, FWback, FUnpriv; Rn 15 = literal
	OpLDRB
	OpLDRH
	OpSTR
	OpSTRB
	OpSTRH
	OpAND
	OpEOR
	OpORR
	OpBIC
	OpRSB
	OpMLA // Rd = Ra + Rn*Rm
	OpUMULL

	OpORN
	OpADC
	OpSBC
	OpMVN
	OpTST // flags of Rn AND Op2
	OpTEQ
	OpCMN

	OpLSLr // Rd = Rn shifted by Rm[7:0]
	OpLSRr
	OpASRr
	OpRORr

	OpMUL   // Rd = Rn*Rm (FS: N and Z only)
	OpMLS   // Rd = Ra - Rn*Rm
	OpSMULL // Ra:Rd = Rn*Rm (Ra = RdHi, Rd = RdLo)
	OpSMLAL
	OpUMLAL
	OpSDIV
	OpUDIV

	OpMOVT // Rd[31:16] = Imm
	OpADR  // Rd = Align(PC,4) + int32(Imm)
	OpSBFX // Imm = lsb, ShN = width
	OpUBFX
	OpBFI // Imm = lsb, ShN = msb
	OpBFC
	OpSSAT // Rd = SignedSat(Rn shifted, Imm)
	OpUSAT
	OpCLZ // Rd = f(Rm)
	OpRBIT
	OpREV
	OpREV16
	OpREVSH
	OpSXTB // Rd = Rn(+, unless Rn is 15) + extend(Rm ROR ShN)
	OpSXTH
	OpUXTB
	OpUXTH

	OpLDRSB
	OpLDRSH
	OpLDRD // Rd = Rt, Ra = Rt2
	OpSTRD
	OpLDM // Imm = register list; FWback
	OpLDMDB
	OpSTM
	OpSTMDB
	OpLDREX // Rd = Rt, address Rn + Imm
	OpLDREXB
	OpLDREXH
	OpSTREX // Rm = status register, Rd = Rt, address Rn + Imm
	OpSTREXB
	OpSTREXH
	OpCLREX
	OpTBB // branch by table at Rn + Rm
	OpTBH

	OpBX  // branch and exchange to Rm
	OpBLX // call Rm
	OpIT  // Imm = firstcond<<4 | mask
	OpMRS // Rd = special register Imm (SYSm)
	OpMSR // special register Imm&0xff = Rn, mask Imm>>8
	OpCPS // Imm bit 4: disable; bit 1: PRIMASK; bit 0: FAULTMASK
	OpNOP // NOP, YIELD, hints, barriers, PLD/PLI
	OpWFI
	OpWFE
	OpSEV
	OpSVC  // Imm = comment
	OpBKPT // Imm = comment
	OpUDF  // permanently undefined
	OpDSP  // an ARMv7E-M DSP instruction; Imm holds its two halfwords (hw1<<16 | hw2)
	OpVFP  // a floating-point (coprocessor 10/11) instruction; Imm holds its halfwords

	opCount
)

// ShImm as ShT means the second operand is Imm.
const ShImm uint8 = 5

// NumOps is the number of operations, for executors' tables.
const NumOps = int(opCount)
