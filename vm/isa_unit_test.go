package vm

import "testing"

// TestInstructions runs one instruction with preset registers and checks
// one result register.
func TestInstructions(t *testing.T) {
	type regs map[int]uint32
	tests := []struct {
		name string
		in   uint32
		init regs
		rd   int
		want uint32
	}{
		{"lui", lui(5, 0x12345000), nil, 5, 0x12345000},
		{"auipc", auipc(5, 0x1000), nil, 5, ramBase + 0x1000},
		{"addi neg", addi(5, 6, -1), regs{6: 5}, 5, 4},
		{"addi x0", addi(0, 6, 7), regs{6: 5}, 0, 0},
		{"slti", slti(5, 6, -1), regs{6: 0xfffffffe}, 5, 1},
		{"sltiu", sltiu(5, 6, -1), regs{6: 5}, 5, 1},
		{"xori", xori(5, 6, -1), regs{6: 0xf0}, 5, 0xffffff0f},
		{"ori", ori(5, 6, 0x0f), regs{6: 0xf0}, 5, 0xff},
		{"andi", andi(5, 6, 0x3c), regs{6: 0xff}, 5, 0x3c},
		{"slli", slli(5, 6, 31), regs{6: 3}, 5, 0x80000000},
		{"srli", srli(5, 6, 4), regs{6: 0x80000000}, 5, 0x08000000},
		{"srai", srai(5, 6, 4), regs{6: 0x80000000}, 5, 0xf8000000},
		{"add", add(5, 6, 7), regs{6: 0xffffffff, 7: 2}, 5, 1},
		{"sub", sub(5, 6, 7), regs{6: 1, 7: 2}, 5, 0xffffffff},
		{"sll", sll(5, 6, 7), regs{6: 1, 7: 33}, 5, 2},
		{"slt", slt(5, 6, 7), regs{6: 0x80000000, 7: 1}, 5, 1},
		{"sltu", sltu(5, 6, 7), regs{6: 0x80000000, 7: 1}, 5, 0},
		{"xor", xor(5, 6, 7), regs{6: 0xff, 7: 0x0f}, 5, 0xf0},
		{"srl", srl(5, 6, 7), regs{6: 0x80000000, 7: 35}, 5, 0x10000000},
		{"sra", sra(5, 6, 7), regs{6: 0x80000000, 7: 3}, 5, 0xf0000000},
		{"or", or(5, 6, 7), regs{6: 0xf0, 7: 0x0f}, 5, 0xff},
		{"and", and(5, 6, 7), regs{6: 0xf0, 7: 0x3c}, 5, 0x30},
		{"mul", mul(5, 6, 7), regs{6: 0xffffffff, 7: 3}, 5, 0xfffffffd},
		{"mulh", mulh(5, 6, 7), regs{6: 0xffffffff, 7: 3}, 5, 0xffffffff},
		{"mulhsu", mulhsu(5, 6, 7), regs{6: 0xffffffff, 7: 0xffffffff}, 5, 0xffffffff},
		{"mulhu", mulhu(5, 6, 7), regs{6: 0xffffffff, 7: 0xffffffff}, 5, 0xfffffffe},
		{"div", div_(5, 6, 7), regs{6: 0xfffffff9, 7: 2}, 5, 0xfffffffd},
		{"div by zero", div_(5, 6, 7), regs{6: 7}, 5, 0xffffffff},
		{"div overflow", div_(5, 6, 7), regs{6: 0x80000000, 7: 0xffffffff}, 5, 0x80000000},
		{"divu", divu(5, 6, 7), regs{6: 0xfffffff9, 7: 2}, 5, 0x7ffffffc},
		{"divu by zero", divu(5, 6, 7), regs{6: 7}, 5, 0xffffffff},
		{"rem", rem_(5, 6, 7), regs{6: 0xfffffff9, 7: 2}, 5, 0xffffffff},
		{"rem by zero", rem_(5, 6, 7), regs{6: 7}, 5, 7},
		{"rem overflow", rem_(5, 6, 7), regs{6: 0x80000000, 7: 0xffffffff}, 5, 0},
		{"remu", remu(5, 6, 7), regs{6: 9, 7: 4}, 5, 1},
		{"remu by zero", remu(5, 6, 7), regs{6: 9}, 5, 9},
		{"jal link", jal(1, 8), nil, 1, ramBase + 4},
		{"jalr link", jalr(1, 6, 0), regs{6: ramBase + 0x100}, 1, ramBase + 4},
		{"csrr misa", csrrs(5, csrMisa, 0), nil, 5, 0x40001105},
		{"csrr mstatus", csrrs(5, csrMstatus, 0), nil, 5, 0x1800},
		{"csrr mhartid", csrrs(5, csrMhartid, 0), nil, 5, 0},
		{"csrr tselect", csrrs(5, csrTselect, 0), nil, 5, 0},
		{"csrr tdata1", csrrs(5, csrTdata1, 0), nil, 5, 0},
		{"csrrw mscratch", csrrw(5, csrMscratch, 6), regs{6: 42}, 5, 0},
		{"c.li", 0x4295, nil, 5, 5},                  // c.li t0, 5
		{"c.addi", 0x12fd, regs{5: 10}, 5, 9},        // c.addi t0, -1
		{"c.mv", 0x82be, regs{15: 77}, 5, 77},        // c.mv t0, a5
		{"c.add", 0x92be, regs{5: 1, 15: 2}, 5, 3},   // c.add t0, a5
		{"c.slli", 0x0296, regs{5: 1}, 5, 32},        // c.slli t0, 5
		{"c.lui", 0x62c1, nil, 5, 0x10000},           // c.lui t0, 0x10
		{"c.addi4spn", 0x0040, regs{2: 100}, 8, 104}, // c.addi4spn s0, sp, 4
		{"c.addi16sp", 0x6141, regs{2: 100}, 2, 116}, // c.addi16sp sp, 16
		{"c.srli", 0x8005, regs{8: 0x100}, 8, 0x80},  // c.srli s0, 1
		{"c.srai", 0x8405, regs{8: 0x80000000}, 8, 0xc0000000},
		{"c.andi", 0x8835, regs{8: 0xff}, 8, 0x0d},  // c.andi s0, 13
		{"c.sub", 0x8c05, regs{8: 5, 9: 3}, 8, 2},   // c.sub s0, s1
		{"c.xor", 0x8c25, regs{8: 5, 9: 3}, 8, 6},   // c.xor s0, s1
		{"c.or", 0x8c45, regs{8: 5, 9: 3}, 8, 7},    // c.or s0, s1
		{"c.and", 0x8c65, regs{8: 5, 9: 3}, 8, 1},   // c.and s0, s1
		{"c.jal link", 0x2011, nil, 1, ramBase + 2}, // c.jal +4
		{"c.jalr link", 0x9282, regs{5: ramBase + 0x40}, 1, ramBase + 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := newTestMachine(t, Config{}, []uint32{tc.in})
			h := m.Hart(0)
			for r, v := range tc.init {
				h.SetReg(r, v)
			}
			if s := m.Step(); s.Reason != StopLimit {
				t.Fatalf("stop %v cause %d", s.Reason, s.Cause)
			}
			if got := h.Reg(tc.rd); got != tc.want {
				t.Errorf("x%d = %#x, want %#x", tc.rd, got, tc.want)
			}
		})
	}
}

// TestBranchesAndJumps checks the next pc of control transfers.
func TestBranchesAndJumps(t *testing.T) {
	type regs map[int]uint32
	tests := []struct {
		name string
		in   uint32
		init regs
		pc   uint32
	}{
		{"beq taken", beq(5, 6, 16), regs{5: 1, 6: 1}, ramBase + 16},
		{"beq not", beq(5, 6, 16), regs{5: 1}, ramBase + 4},
		{"bne taken", bne(5, 6, -4), regs{5: 1}, ramBase - 4},
		{"blt taken", blt(5, 6, 8), regs{5: 0xffffffff}, ramBase + 8},
		{"bge taken", bge(5, 6, 8), regs{6: 0xffffffff}, ramBase + 8},
		{"bltu not", bltu(5, 6, 8), regs{5: 0xffffffff}, ramBase + 4},
		{"bgeu taken", bgeu(5, 6, 8), regs{5: 0xffffffff}, ramBase + 8},
		{"jal", jal(0, 2048), nil, ramBase + 2048},
		{"jalr clears bit 0", jalr(0, 5, 3), regs{5: ramBase}, ramBase + 2},
		{"c.j", 0xa809, nil, ramBase + 18},                // c.j +18
		{"c.beqz taken", 0xc011, regs{8: 0}, ramBase + 4}, // c.beqz s0, +4
		{"c.bnez not", 0xe011, regs{8: 0}, ramBase + 2},   // c.bnez s0, +4
		{"c.jr", 0x8282, regs{5: ramBase + 0x20}, ramBase + 0x20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := newTestMachine(t, Config{}, []uint32{tc.in})
			h := m.Hart(0)
			for r, v := range tc.init {
				h.SetReg(r, v)
			}
			m.Step()
			if h.PC() != tc.pc {
				t.Errorf("pc = %#x, want %#x", h.PC(), tc.pc)
			}
		})
	}
}

// TestLoadsStores covers widths, sign extension, misaligned and page-crossing
// accesses, and compressed loads and stores.
func TestLoadsStores(t *testing.T) {
	const data = ramBase + 0x2000
	p := prog(
		li(5, data),
		li(6, 0x8899aabb),
		sw(6, 5, 0),   // [0] = bb aa 99 88
		lb(7, 5, 0),   // 0xffffffbb
		lbu(8, 5, 1),  // 0xaa
		lh(16, 5, 2),  // 0xffff8899
		lhu(17, 5, 0), // 0xaabb
		lw(11, 5, 1),  // misaligned: 0x??8899aa with [4]=0 -> 0x008899aa
		sh(6, 5, 5),   // [5]=bb [6]=aa
		lw(12, 5, 4),  // 0x00aabb00
		li(13, data+0xffe),
		sw(6, 13, 0),  // crosses into the next page
		lw(14, 13, 0), // 0x8899aabb
		sb(6, 5, 8),
		lbu(15, 5, 8),             // 0xbb
		uint32(0xc144<<16|0x4104), // c.lw s1, 0(a0); c.sw s1, 4(a0)
		exitProg(),
	)
	m := newTestMachine(t, Config{FatalTraps: true}, p)
	m.Hart(0).SetReg(10, data)
	runToExit(t, m, 1000)
	h := m.Hart(0)
	want := map[int]uint32{7: 0xffffffbb, 8: 0xaa, 16: 0xffff8899, 17: 0xaabb, 11: 0x008899aa,
		12: 0x00aabb00, 14: 0x8899aabb, 15: 0xbb, 9: 0x8899aabb}
	for r, v := range want {
		if got := h.Reg(r); got != v {
			t.Errorf("x%d = %#x, want %#x", r, got, v)
		}
	}
	if got := readWord(t, m, data+4); got != 0x8899aabb {
		t.Errorf("c.sw stored %#x, want %#x", got, uint32(0x8899aabb))
	}
}
