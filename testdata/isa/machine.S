/* machine.S - machine-mode behaviour: identity CSRs, synchronous traps
 * (ecall, ebreak, illegal instructions, absent CSRs, access faults),
 * mstatus/mret, timer and software interrupts, wfi. */
#include "isa.h"

#define MISA_A (1 << 0)
#define MISA_C (1 << 2)
#define MISA_I (1 << 8)
#define MISA_M (1 << 12)
#define MISA_S (1 << 18)
#define MISA_U (1 << 20)
#define MSTATUS_MIE  0x8
#define MSTATUS_MPIE 0x80
#define MSTATUS_MPP  0x1800
#define MIP_MSIP 0x8
#define MIP_MTIP 0x80
#define CLINT_MSIP0     0x02000000
#define CLINT_MTIMECMP0 0x02004000
#define CLINT_MTIME     0x0200bff8
#define UNMAPPED        0x00050000
#define UART            0x10000000
#define UART_IRQ        10
#define PLIC_PRIORITY10 (0x0c000000 + 4 * UART_IRQ)
#define PLIC_ENABLE0    0x0c002000
#define PLIC_CLAIM0     0x0c200004
#define MIP_MEIP        0x800

/* TEST_ABSENT_CSR(n, csr): reading an absent CSR is illegal (cause 2). */
#define TEST_ABSENT_CSR(n, csr) TEST_TRAP(n, 2, 88: csrr x14, csr)

/* Disarm the hart 0 timer: mtimecmp = all ones. */
#define TIMER_OFF                                                       \
	li x1, CLINT_MTIMECMP0;                                         \
	li x2, -1;                                                      \
	sw x2, 4(x1);                                                   \
	sw x2, 0(x1)

TEST_BEGIN

	/* identity */
	TEST_CASE(1, x14, 0, csrr x14, mhartid)
	li TESTNUM, 2
	csrr x4, misa
	srli x14, x4, 30
	CHECK(x14, 1)                     /* MXL = 32 bits */
	li x5, MISA_I | MISA_M | MISA_A | MISA_C
	and x14, x4, x5
	bne x14, x5, fail

	/* ecall: cause 11 from M mode, mepc at the ecall, mtval 0 */
	TEST_TRAP(10, 11, nop; 88: ecall)
	CHECK_TVAL(0)
	/* ebreak: cause 3, mtval is 0 or the ebreak's address */
	TEST_TRAP(11, 3, nop; 88: ebreak)
	lw x14, trap_tval
	beqz x14, 1f
	la x15, 88b
	bne x14, x15, fail
1:
	/* illegal instructions: cause 2; mtval is 0 or the instruction */
	TEST_TRAP(12, 2, 88: .word 0x00000000)          /* 16-bit zero */
	TEST_TRAP(13, 2, 88: .word 0xc0001073)          /* csrrw x0, cycle, x0 */
	lw x14, trap_tval
	beqz x14, 1f
	CHECK(x14, 0xc0001073)
1:	TEST_TRAP(14, 2, 88: .word 0x0000000b)          /* custom-0 */
	TEST_TRAP(15, 2, 88: .word 0x00003003)          /* ld: RV64 only */
	TEST_TRAP(16, 2, 88: .word 0x04000033)          /* OP with funct7 2 */

	/* CSRs this board does not have */
	TEST_ABSENT_CSR(20, 0x7c0)
	TEST_ABSENT_CSR(21, 0xbc0)
	TEST_ABSENT_CSR(22, 0xfc0)
	TEST_ABSENT_CSR(23, 0x744)                      /* mnstatus */
	TEST_ABSENT_CSR(24, 0x5c0)
	/* satp only exists with supervisor mode */
	li x5, MISA_S
	csrr x4, misa
	and x4, x4, x5
	bnez x4, 1f
	TEST_ABSENT_CSR(25, satp)
1:
	/* debug triggers may be absent, but tselect reads without trapping */
	TEST_CASE(26, x14, 0, csrr x14, tselect; li x14, 0)

	/* without user mode, mstatus.MPP always reads M (3) */
	li TESTNUM, 30
	csrr x4, misa
	li x5, MISA_U
	and x4, x4, x5
	bnez x4, 1f
	li x1, MSTATUS_MPP
	csrc mstatus, x1
	csrr x14, mstatus
	and x14, x14, x1
	CHECK(x14, MSTATUS_MPP)
1:
	/* mret: jumps to mepc, MIE <- MPIE, MPIE <- 1, stays in M */
	li TESTNUM, 31
	csrw mie, zero
	li x1, MSTATUS_MPP
	csrs mstatus, x1                /* return to M on a board with U */
	li x1, MSTATUS_MIE
	csrc mstatus, x1
	li x1, MSTATUS_MPIE
	csrs mstatus, x1
	la x1, 2f
	csrw mepc, x1
	mret
	j fail
2:	csrr x14, mstatus
	andi x15, x14, MSTATUS_MIE
	CHECK(x15, MSTATUS_MIE)
	andi x15, x14, MSTATUS_MPIE
	CHECK(x15, MSTATUS_MPIE)
	csrr x14, mhartid               /* still in M: machine CSRs work */
	li x1, MSTATUS_MIE
	csrc mstatus, x1
	li TESTNUM, 32                  /* mret with MPIE = 0 clears MIE */
	li x1, MSTATUS_MIE
	csrs mstatus, x1
	li x1, MSTATUS_MPIE
	csrc mstatus, x1
	li x1, MSTATUS_MPP
	csrs mstatus, x1
	la x1, 3f
	csrw mepc, x1
	mret
	j fail
3:	csrr x14, mstatus
	andi x15, x14, MSTATUS_MIE
	CHECK(x15, 0)

	/* mepc and mtvec hold what was written (mepc bit 0: see strict.S) */
	TEST_CASE(33, x14, 0x80000122, li x1, 0x80000122; csrw mepc, x1; csrr x14, mepc)
	TEST_CASE(34, x14, 0x80000100, la t0, trap_entry; li x1, 0x80000100; csrw mtvec, x1;
		  csrr x14, mtvec; csrw mtvec, t0)
	TEST_CASE(35, x14, 0, la t0, trap_entry; csrr x14, mtvec; sub x14, x14, t0)

	/* access faults: cause 5 (load), 7 (store), 1 (fetch), mtval = address */
	TEST_TRAP(40, 5, li x1, UNMAPPED; 88: lw x14, 0(x1))
	CHECK_TVAL(UNMAPPED)
	TEST_TRAP(41, 5, li x1, UNMAPPED; 88: lbu x14, 3(x1))
	CHECK_TVAL(UNMAPPED + 3)
	TEST_TRAP(42, 7, li x1, UNMAPPED; 88: sw x1, 8(x1))
	CHECK_TVAL(UNMAPPED + 8)
	TEST_TRAP(43, 7, li x1, UNMAPPED; 88: sh x1, 2(x1))
	CHECK_TVAL(UNMAPPED + 2)
	li TESTNUM, 44
	la t0, 1f
	sw t0, trap_resume, t1
	li x1, UNMAPPED
	jalr x1
	j fail
1:	lw x14, trap_cause
	CHECK(x14, 1)
	lw x14, trap_epc
	CHECK(x14, UNMAPPED)
	CHECK_TVAL(UNMAPPED)

	/* timer: wfi wakes on a pending MTIP even with MIE clear; the
	 * interrupt is taken right after MIE is set, mepc is the next insn */
	li TESTNUM, 50
	li x1, MSTATUS_MIE
	csrc mstatus, x1
	li x1, MIP_MTIP
	csrw mie, x1
	li x1, CLINT_MTIME
	lw x4, 0(x1)
	lw x5, 4(x1)
	addi x6, x4, 100
	sltu x7, x6, x4
	add x5, x5, x7
	li x1, CLINT_MTIMECMP0
	li x2, -1
	sw x2, 4(x1)
	sw x6, 0(x1)
	sw x5, 4(x1)
1:	csrr x14, mip
	andi x14, x14, MIP_MTIP
	bnez x14, 2f
	wfi
	j 1b
2:	li TESTNUM, 51
	la t0, 3f
	sw t0, trap_resume, t1
	sw zero, trap_count, t1
	li x1, MSTATUS_MIE
	csrs mstatus, x1
4:	nop
	j fail
3:	li x1, MSTATUS_MIE
	csrc mstatus, x1
	lw x14, trap_cause
	CHECK(x14, 0x80000007)
	lw x14, trap_epc
	la x15, 4b
	bne x14, x15, fail
	lw x14, trap_count
	CHECK(x14, 1)
	li TESTNUM, 52                  /* disarming clears MTIP */
	TIMER_OFF
	csrr x14, mip
	andi x14, x14, MIP_MTIP
	CHECK(x14, 0)

	/* software interrupt through the CLINT's msip */
	li TESTNUM, 60
	li x1, CLINT_MSIP0
	li x2, 1
	sw x2, 0(x1)
	csrr x14, mip
	andi x14, x14, MIP_MSIP
	CHECK(x14, MIP_MSIP)
	li TESTNUM, 61
	la t0, 1f
	sw t0, trap_resume, t1
	li x1, MIP_MSIP
	csrw mie, x1
	li x1, MSTATUS_MIE
	csrs mstatus, x1
2:	nop
	j fail
1:	li x1, MSTATUS_MIE
	csrc mstatus, x1
	lw x14, trap_cause
	CHECK(x14, 0x80000003)
	lw x14, trap_epc
	la x15, 2b
	bne x14, x15, fail
	li TESTNUM, 62
	li x1, CLINT_MSIP0
	sw zero, 0(x1)
	lw x14, 0(x1)
	CHECK(x14, 0)
	csrr x14, mip
	andi x14, x14, MIP_MSIP
	CHECK(x14, 0)

	/* a pending but disabled interrupt is not taken */
	li TESTNUM, 63
	li x1, CLINT_MSIP0
	li x2, 1
	sw x2, 0(x1)
	csrw mie, zero
	li x1, MSTATUS_MIE
	csrs mstatus, x1
	nop
	nop
	csrc mstatus, x1
	li x1, CLINT_MSIP0
	sw zero, 0(x1)

	/* with software and timer interrupts both pending, MSI goes first */
	li TESTNUM, 64
	li x1, CLINT_MSIP0
	li x2, 1
	sw x2, 0(x1)
	li x1, CLINT_MTIMECMP0          /* mtimecmp = 0: due at once */
	sw zero, 4(x1)
	sw zero, 0(x1)
	la t0, 1f
	sw t0, trap_resume, t1
	sw zero, trap_count, t1
	li x1, MIP_MSIP | MIP_MTIP
	csrw mie, x1
	li x1, MSTATUS_MIE
	csrs mstatus, x1
	nop
	j fail
1:	li x1, MSTATUS_MIE
	csrc mstatus, x1
	lw x14, trap_cause
	CHECK(x14, 0x80000003)
	lw x14, trap_count
	CHECK(x14, 1)
	li x1, CLINT_MSIP0
	sw zero, 0(x1)
	TIMER_OFF

	/* external interrupt: the UART's transmitter-empty interrupt (IER bit
	 * 1) through the PLIC (irq 10, context 0); claim returns 10 */
	li TESTNUM, 65
	li x1, PLIC_PRIORITY10
	li x2, 1
	sw x2, 0(x1)
	li x1, PLIC_ENABLE0
	li x2, 1 << UART_IRQ
	sw x2, 0(x1)
	li x1, PLIC_CLAIM0 - 4          /* threshold 0 */
	sw zero, 0(x1)
	la t0, 1f
	sw t0, trap_resume, t1
	sw zero, trap_count, t1
	li x1, MIP_MEIP
	csrw mie, x1
	li x1, UART
	li x2, 0x02
	sb x2, 1(x1)                    /* IER: transmitter holding register empty */
	li x1, MSTATUS_MIE
	csrs mstatus, x1
	nop
	nop
	j fail
1:	li x1, MSTATUS_MIE
	csrc mstatus, x1
	lw x14, trap_cause
	CHECK(x14, 0x8000000b)
	li TESTNUM, 66
	li x1, UART
	sb zero, 1(x1)                  /* IER off: the line drops */
	li x1, PLIC_CLAIM0
	lw x14, 0(x1)
	CHECK(x14, UART_IRQ)
	sw x14, 0(x1)                   /* complete */
	li TESTNUM, 67                  /* nothing left to claim */
	lw x14, 0(x1)
	CHECK(x14, 0)
	li x1, PLIC_ENABLE0
	sw zero, 0(x1)

	/* vectored mtvec: exceptions go to base, interrupt i to base + 4i */
	li TESTNUM, 70
	la x1, vectors
	ori x1, x1, 1
	csrw mtvec, x1
	csrr x14, mtvec
	bne x14, x1, fail
	li TESTNUM, 71
	sw zero, vector_hit, t1
	ecall
	lw x14, vector_hit
	CHECK(x14, 100)
	li TESTNUM, 72                  /* software interrupt -> entry 3 */
	sw zero, vector_hit, t1
	li x1, MIP_MSIP
	csrw mie, x1
	li x1, CLINT_MSIP0
	li x2, 1
	sw x2, 0(x1)
	li x1, MSTATUS_MIE
	csrs mstatus, x1
	nop
	csrc mstatus, x1
	lw x14, vector_hit
	CHECK(x14, 3)
	li TESTNUM, 73                  /* timer interrupt -> entry 7 */
	sw zero, vector_hit, t1
	li x1, MIP_MTIP
	csrw mie, x1
	li x1, CLINT_MTIMECMP0          /* mtimecmp = 0: due at once */
	sw zero, 4(x1)
	sw zero, 0(x1)
	li x1, MSTATUS_MIE
	csrs mstatus, x1
	nop
	csrc mstatus, x1
	lw x14, vector_hit
	CHECK(x14, 7)
	la x1, trap_entry
	csrw mtvec, x1

	j pass

	/* vector table: each entry records its number in vector_hit */
	.balign 64
	.option push
	.option norvc                   /* 4-byte entries */
vectors:
	j vec_exception
	j fail
	j fail
	j vec_msi
	j fail
	j fail
	j fail
	j vec_mti
	j fail
	j fail
	j fail
	j fail
	.option pop
vec_exception:
	li t5, 100
	sw t5, vector_hit, t4
	csrr t5, mepc
	addi t5, t5, 4
	csrw mepc, t5
	mret
vec_msi:
	li t5, CLINT_MSIP0
	sw zero, 0(t5)
	li t5, 3
	sw t5, vector_hit, t4
	mret
vec_mti:
	csrw mie, zero
	li t5, 7
	sw t5, vector_hit, t4
	mret

TEST_END

	.data
	.balign 4
vector_hit: .word 0
