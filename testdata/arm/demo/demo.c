/*
 * demo.c - Rewind's built-in demo, Cortex-M edition: a temperature logger.
 *
 * Readings go into a small ring buffer, and every report applies the
 * sensor's calibration offset. At the end a self-check finds that the
 * calibration has changed, though no code ever assigns it after start-up.
 * Who wrote it? Watch `sensor.calibration` and run backwards to find out.
 */
#include <stdint.h>

#define UART       ((volatile uint32_t *)0x40004000) /* CMSDK APB UART0 */
#define UART_STATE 1    /* word 1: STATE */
#define TX_FULL    0x1  /* STATE bit 0: transmit buffer full */
#include "demo_exit.h" /* test_exit(code): semihosting SYS_EXIT_EXTENDED */

#define RING_SIZE   8
#define CALIBRATION -15 /* tenths of a degree, from the factory sheet */
#define READINGS    12

struct sensor {
	int32_t ring[RING_SIZE]; /* the latest raw readings */
	int32_t calibration;     /* added to every raw reading */
	uint32_t head;           /* where the next reading goes */
	uint32_t count;          /* readings taken so far */
};

static struct sensor sensor;

static void put_char(char c)
{
	while ((UART[UART_STATE] & TX_FULL) != 0)
		;
	UART[0] = (uint8_t)c;
}

static void put_str(const char *s)
{
	while (*s)
		put_char(*s++);
}

/* put_tenths prints a value given in tenths, e.g. -15 as "-1.5". */
static void put_tenths(int32_t v)
{
	char digits[12];
	int n = 0;

	if (v < 0) {
		put_char('-');
		v = -v;
	}
	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0 || n < 2);
	while (n > 1)
		put_char(digits[--n]);
	put_char('.');
	put_char(digits[0]);
}

/* read_sensor fakes an ADC: a gentle, repeatable temperature curve. */
static int32_t read_sensor(uint32_t step)
{
	return 215 + (int32_t)((step * 7) % 11) - 5;
}

static void record(struct sensor *s, int32_t raw)
{
	s->ring[s->head] = raw;
	s->head++;
	if (s->head > RING_SIZE) /* wrap around */
		s->head = 0;
	s->count++;
}

static int32_t average(const struct sensor *s)
{
	uint32_t n = s->count < RING_SIZE ? s->count : RING_SIZE;
	int32_t sum = 0;

	for (uint32_t i = 0; i < n; i++)
		sum += s->ring[i] + s->calibration;
	return sum / (int32_t)n;
}

int main(void)
{
	sensor.calibration = CALIBRATION;
	put_str("demo: logging temperatures\n");

	for (uint32_t step = 0; step < READINGS; step++) {
		int32_t raw = read_sensor(step);
		record(&sensor, raw);
		put_str("reading ");
		put_tenths(raw + sensor.calibration);
		put_str(" C, average ");
		put_tenths(average(&sensor));
		put_str(" C\n");
	}

	if (sensor.calibration != CALIBRATION) {
		put_str("check failed: calibration is ");
		put_tenths(sensor.calibration);
		put_str(", expected ");
		put_tenths(CALIBRATION);
		put_str("\n");
		test_exit(1);
	} else {
		put_str("all checks passed\n");
		test_exit(0);
	}
	for (;;)
		;
}
