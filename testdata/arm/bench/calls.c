/*
 * calls - a loop that calls small functions, the shape firmware's helpers
 * give: a leaf without a loop (mix), a wrapper that calls it (step) and a
 * leaf with a short loop (sum4), all kept out of line. It measures what a
 * call and a return cost compiled Thumb code (a register map per function
 * made each cross through the context: 261.6 M host instructions against
 * 173.8 M with the page's one map), and its output is compared with
 * QEMU's.
 */
#include "board.h"

#define ROUNDS 500000

static uint32_t buf[64];

static uint32_t __attribute__((noinline)) mix(uint32_t a, uint32_t b)
{
	return (a ^ b) * 0x9e3779b1u + (a >> 7);
}

static uint32_t __attribute__((noinline)) step(uint32_t s)
{
	return mix(s, s << 3) + 1;
}

static uint32_t __attribute__((noinline)) sum4(const uint32_t *p)
{
	uint32_t s = 0;
	for (int i = 0; i < 4; i++)
		s += p[i] ^ (s >> 3);
	return s;
}

int main(void)
{
	uint32_t h = 1, g = 7;
	for (int r = 0; r < ROUNDS; r++) {
		h = step(h);
		buf[r & 63] = h;
		g += mix(g, h);
		h += sum4(&buf[(r * 7) & 60]);
	}
	uart_puts("calls: ");
	uart_hex(h ^ g);
	uart_putc('\n');
	return 0;
}
