/*
 * isa.h - macros for Rewind's instruction-level test suite.
 *
 * Convention (as riscv-tests): the current test number lives in gp
 * (TESTNUM). A passing program writes 1 to the word `tohost`; a failing one
 * writes (testnum << 1) | 1. Then it also writes the SiFive test device at
 * 0x00100000 (0x5555 on pass, (testnum << 16) | 0x3333 on failure), so the
 * same ELF gives a meaningful exit code on QEMU virt and on Rewind.
 *
 * Registers: x31 (t6) holds expected values, x29/x30 (t4/t5) belong to the
 * trap handler. Tests use x1, x2, x4..x28 freely.
 *
 * Traps: the handler records mcause, mepc, mtval in trap_cause, trap_epc,
 * trap_tval and resumes at the address in trap_resume (set by TEST_TRAP).
 * A trap while trap_resume is 0 fails the current test. An interrupt also
 * clears mie so it cannot recur.
 */
#ifndef REWIND_ISA_H
#define REWIND_ISA_H

#define TESTNUM gp
#define TEST_DEVICE 0x00100000

/* ---- program frame ------------------------------------------------ */

#define TEST_BEGIN                                                      \
	.file __FILE__;                                                 \
	.section .text.init, "ax", @progbits;                           \
	.globl _start;                                                  \
_start:                                                                 \
	csrr a0, mhartid;                                               \
	bnez a0, park_other_hart;                                       \
	la t0, trap_entry;                                              \
	csrw mtvec, t0;                                                 \
	li TESTNUM, 0;                                                  \
	j test_body;                                                    \
park_other_hart:                                                        \
	wfi;                                                            \
	j park_other_hart;                                              \
	.balign 4;                                                      \
trap_entry:                                                             \
	csrr t5, mcause;                                                \
	sw t5, trap_cause, t4;                                          \
	csrr t5, mepc;                                                  \
	sw t5, trap_epc, t4;                                            \
	csrr t5, mtval;                                                 \
	sw t5, trap_tval, t4;                                           \
	lw t5, trap_count;                                              \
	addi t5, t5, 1;                                                 \
	sw t5, trap_count, t4;                                          \
	csrr t5, mcause;                                                \
	bgez t5, 1f;                                                    \
	csrw mie, zero;                                                 \
1:	lw t5, trap_resume;                                             \
	beqz t5, fail;                                                  \
	sw zero, trap_resume, t4;                                       \
	csrw mepc, t5;                                                  \
	mret;                                                           \
test_body:

#define TEST_END                                                        \
pass:                                                                   \
	fence;                                                          \
	li t0, 1;                                                       \
	sw t0, tohost, t1;                                              \
	li t0, TEST_DEVICE;                                             \
	li t1, 0x5555;                                                  \
	sw t1, 0(t0);                                                   \
1:	j 1b;                                                           \
fail:                                                                   \
	fence;                                                          \
	slli t0, TESTNUM, 1;                                            \
	ori t0, t0, 1;                                                  \
	sw t0, tohost, t1;                                              \
	li t0, TEST_DEVICE;                                             \
	slli t1, TESTNUM, 16;                                           \
	li t2, 0x3333;                                                  \
	or t1, t1, t2;                                                  \
	sw t1, 0(t0);                                                   \
1:	j 1b;                                                           \
	.section .tohost, "aw", @progbits;                              \
	.balign 64;                                                     \
	.globl tohost;                                                  \
tohost:	.word 0, 0;                                                     \
	.balign 64;                                                     \
	.globl fromhost;                                                \
fromhost: .word 0, 0;                                                   \
	.data;                                                          \
	.balign 4;                                                      \
trap_cause:  .word 0;                                                   \
trap_epc:    .word 0;                                                   \
trap_tval:   .word 0;                                                   \
trap_resume: .word 0;                                                   \
trap_count:  .word 0;

/* ---- checks --------------------------------------------------------- */

/* CHECK(reg, value): fail unless reg == value. */
#define CHECK(reg, value)                                               \
	li x31, value;                                                  \
	bne reg, x31, fail

/* TEST_CASE(n, reg, value, code...): run code, then CHECK(reg, value). */
#define TEST_CASE(n, reg, value, code...)                               \
	li TESTNUM, n;                                                  \
	code;                                                           \
	CHECK(reg, value)

/* ---- arithmetic --------------------------------------------------- */

/* rd = a OP b, with the sources in x1, x2 and the result in x14. */
#define TEST_RR(n, op, result, a, b)                                    \
	TEST_CASE(n, x14, result, li x1, a; li x2, b; op x14, x1, x2)

/* Same, with the destination equal to the first / second source. */
#define TEST_RR_SRC1_EQ_DEST(n, op, result, a, b)                       \
	TEST_CASE(n, x1, result, li x1, a; li x2, b; op x1, x1, x2)
#define TEST_RR_SRC2_EQ_DEST(n, op, result, a, b)                       \
	TEST_CASE(n, x2, result, li x1, a; li x2, b; op x2, x1, x2)

/* rd = a OP imm. */
#define TEST_IMM(n, op, result, a, imm)                                 \
	TEST_CASE(n, x14, result, li x1, a; op x14, x1, imm)

/* Writes to x0 are ignored. */
#define TEST_RR_ZERODEST(n, op, a, b)                                   \
	TEST_CASE(n, x0, 0, li x1, a; li x2, b; op x0, x1, x2)

/* ---- memory ------------------------------------------------------- */

/* x14 = load from base + off. */
#define TEST_LOAD(n, op, result, off, base)                             \
	TEST_CASE(n, x14, result, la x1, base; op x14, off(x1))

/* store value at base + off, load it back with lop. */
#define TEST_STORE(n, lop, sop, result, value, off, base)               \
	TEST_CASE(n, x14, result, la x1, base; li x2, value;            \
		  sop x2, off(x1); lop x14, off(x1))

/* ---- branches ----------------------------------------------------- */

/* The branch must be taken (both directions of the jump are tried). */
#define TEST_BR_TAKEN(n, op, a, b)                                      \
	li TESTNUM, n;                                                  \
	li x1, a;                                                       \
	li x2, b;                                                       \
	op x1, x2, 2f;                                                  \
	j fail;                                                         \
1:	j 3f;                                                           \
2:	op x1, x2, 1b;                                                  \
	j fail;                                                         \
3:

/* The branch must fall through. */
#define TEST_BR_NOT_TAKEN(n, op, a, b)                                  \
	li TESTNUM, n;                                                  \
	li x1, a;                                                       \
	li x2, b;                                                       \
	op x1, x2, 1f;                                                  \
	j 2f;                                                           \
1:	j fail;                                                         \
2:

/* ---- traps -------------------------------------------------------- */

/* TEST_TRAP(n, cause, code...): code's last instruction must trap with
 * mcause == cause and mepc == its address (label 88 marks it). */
#define TEST_TRAP(n, cause, code...)                                    \
	li TESTNUM, n;                                                  \
	la t0, 89f;                                                     \
	sw t0, trap_resume, t1;                                         \
	code;                                                           \
	j fail;                                                         \
89:	lw x14, trap_cause;                                             \
	CHECK(x14, cause);                                              \
	lw x14, trap_epc;                                               \
	la x15, 88b;                                                    \
	bne x14, x15, fail

/* Check the recorded mtval. */
#define CHECK_TVAL(value)                                               \
	lw x14, trap_tval;                                              \
	CHECK(x14, value)

/* Check that the recorded mtval is the address of a symbol (+offset). */
#define CHECK_TVAL_ADDR(sym)                                            \
	lw x14, trap_tval;                                              \
	la x31, sym;                                                    \
	bne x14, x31, fail

#endif
