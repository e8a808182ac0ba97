/*
 * bench - a compute benchmark of about 300 million instructions.
 *
 * Mixes the kinds of work firmware does: bitwise CRC-32 over a buffer,
 * integer matrix multiply, a prime sieve, division-heavy digit sums and
 * recursive calls. Prints one checksum per kernel and a total, exits 0.
 * ROUNDS scales the run; every result is deterministic.
 */
#include "board.h"

#define ROUNDS   216
#define BUF_SIZE 4096
#define N        24
#define SIEVE    30000

static uint8_t buffer[BUF_SIZE];
static int32_t mat_a[N][N], mat_b[N][N], mat_c[N][N];
static uint8_t composite[SIEVE];

static uint32_t lcg(uint32_t *state)
{
	*state = *state * 1664525u + 1013904223u;
	return *state;
}

static uint32_t crc32(const uint8_t *p, uint32_t n, uint32_t crc)
{
	crc = ~crc;
	while (n--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

static uint32_t matmul(uint32_t seed)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			mat_a[i][j] = (int32_t)(lcg(&seed) % 201) - 100;
			mat_b[i][j] = (int32_t)(lcg(&seed) % 201) - 100;
		}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			int32_t sum = 0;
			for (int k = 0; k < N; k++)
				sum += mat_a[i][k] * mat_b[k][j];
			mat_c[i][j] = sum;
		}
	uint32_t h = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			h = h * 31u + (uint32_t)mat_c[i][j];
	return h;
}

static uint32_t sieve(void)
{
	uint32_t count = 0, sum = 0;
	for (int i = 0; i < SIEVE; i++)
		composite[i] = 0;
	for (int i = 2; i < SIEVE; i++) {
		if (composite[i])
			continue;
		count++;
		sum += (uint32_t)i;
		for (int j = i + i; j < SIEVE; j += i)
			composite[j] = 1;
	}
	return count * 65536u + (sum & 0xffff);
}

static uint32_t digit_sums(uint32_t seed)
{
	uint32_t total = 0;
	for (int i = 0; i < 2000; i++) {
		uint32_t v = lcg(&seed);
		while (v != 0) {
			total += v % 10;
			v /= 10;
		}
		int32_t s = (int32_t)lcg(&seed);
		total += (uint32_t)(s / 7 + s % 13);
	}
	return total;
}

static uint32_t fib(uint32_t n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static void report(const char *name, uint32_t value)
{
	uart_puts(name);
	uart_puts(": ");
	uart_hex(value);
	uart_putc('\n');
}

int main(void)
{
	uint32_t seed = 12345, crc = 0, mat = 0, primes = 0, digits = 0, calls = 0;

	uart_puts("bench: starting\n");
	for (int round = 0; round < ROUNDS; round++) {
		for (int i = 0; i < BUF_SIZE; i++)
			buffer[i] = (uint8_t)(lcg(&seed) >> 24);
		crc = crc32(buffer, BUF_SIZE, crc);
		mat ^= matmul(seed + (uint32_t)round);
		primes += sieve();
		digits += digit_sums(seed);
		calls += fib(18 + (uint32_t)(round % 3));
	}
	report("crc32 ", crc);
	report("matmul", mat);
	report("sieve ", primes);
	report("digits", digits);
	report("fib   ", calls);
	report("total ", crc ^ mat ^ primes ^ digits ^ calls);
#ifdef BENCH_INSTRET
	uint32_t n;
	__asm__ volatile("csrr %0, minstret" : "=r"(n));
	report("instret", n);
#endif
	return 0;
}
