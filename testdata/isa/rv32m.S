/* rv32m.S - multiply and divide, including the corner cases the spec
 * defines: division by zero and signed overflow do not trap. */
#include "isa.h"

TEST_BEGIN

	TEST_RR(1,  mul, 0x00000000, 0x00000000, 0x00000000)
	TEST_RR(2,  mul, 0x00000006, 0x00000002, 0x00000003)
	TEST_RR(3,  mul, 0xfffffffa, 0xfffffffe, 0x00000003)
	TEST_RR(4,  mul, 0x00000001, 0xffffffff, 0xffffffff)
	TEST_RR(5,  mul, 0x80000000, 0x80000000, 0xffffffff)
	TEST_RR(6,  mul, 0x366176f8, 0x12345678, 0x9abcdef1)
	TEST_RR_SRC1_EQ_DEST(7, mul, 143, 11, 13)
	TEST_RR_SRC2_EQ_DEST(8, mul, 154, 11, 14)

	TEST_RR(10, mulh, 0x00000000, 0x00000002, 0x00000003)
	TEST_RR(11, mulh, 0xffffffff, 0xfffffffe, 0x00000003)
	TEST_RR(12, mulh, 0x00000000, 0xffffffff, 0xffffffff)
	TEST_RR(13, mulh, 0x40000000, 0x80000000, 0x80000000)
	TEST_RR(14, mulh, 0xc0000000, 0x80000000, 0x7fffffff)
	TEST_RR(15, mulh, 0xf8cc93d6, 0x12345678, 0x9abcdef1)

	TEST_RR(20, mulhu, 0x00000000, 0x00000002, 0x00000003)
	TEST_RR(21, mulhu, 0xfffffffe, 0xffffffff, 0xffffffff)
	TEST_RR(22, mulhu, 0x40000000, 0x80000000, 0x80000000)
	TEST_RR(23, mulhu, 0x0b00ea4e, 0x12345678, 0x9abcdef1)

	TEST_RR(30, mulhsu, 0x00000000, 0x00000002, 0x00000003)
	TEST_RR(31, mulhsu, 0xffffffff, 0xffffffff, 0xffffffff)
	TEST_RR(32, mulhsu, 0xc0000000, 0x80000000, 0x80000000)
	TEST_RR(33, mulhsu, 0x00000000, 0x00000001, 0xffffffff)
	TEST_RR(34, mulhsu, 0x0b00ea4e, 0x12345678, 0x9abcdef1)

	TEST_RR(40, div, 3,          20, 6)
	TEST_RR(41, div, 0xfffffffd, -20, 6)
	TEST_RR(42, div, 0xfffffffd, 20, -6)
	TEST_RR(43, div, 3,          -20, -6)
	TEST_RR(44, div, 0xffffffff, 20, 0)           /* by zero: -1 */
	TEST_RR(45, div, 0xffffffff, 0, 0)
	TEST_RR(46, div, 0x80000000, 0x80000000, -1)  /* overflow: dividend */

	TEST_RR(50, divu, 3,          20, 6)
	TEST_RR(51, divu, 0x2aaaaaa7, -20, 6)
	TEST_RR(52, divu, 0,          20, -6)
	TEST_RR(53, divu, 0xffffffff, 20, 0)          /* by zero: all ones */
	TEST_RR(54, divu, 0,          0x80000000, -1)

	TEST_RR(60, rem, 2,          20, 6)
	TEST_RR(61, rem, 0xfffffffe, -20, 6)          /* sign of the dividend */
	TEST_RR(62, rem, 2,          20, -6)
	TEST_RR(63, rem, 0xfffffffe, -20, -6)
	TEST_RR(64, rem, 20,         20, 0)           /* by zero: dividend */
	TEST_RR(65, rem, 0,          0x80000000, -1)  /* overflow: 0 */

	TEST_RR(70, remu, 2,          20, 6)
	TEST_RR(71, remu, 2,          -20, 6)
	TEST_RR(72, remu, 20,         20, -6)
	TEST_RR(73, remu, 0xffffffec, -20, 0)          /* by zero: dividend */
	TEST_RR(74, remu, 0x80000000, 0x80000000, -1)

	TEST_RR_ZERODEST(80, mul, 3, 5)
	TEST_RR_ZERODEST(81, div, 30, 5)

	j pass

TEST_END
