/*
 * main.c - the ARM symbols test program: types, globals, recursion, float
 * arithmetic and exceptions taken in the middle of a function. Every line
 * with a stop comment (STOP and a name) is a stop of golden/gdbdump.py.
 *
 * SysTick interrupts spin() (a float loop, so on the M4 the exception
 * frame is the extended one with FP space); its handler sets PendSV
 * pending, and PendSV (higher priority) preempts it: at the "pendsv" stop
 * the stack is PendSV_Handler, <signal handler called>, SysTick_Handler,
 * <signal handler called>, spin, run, main.
 */
#include <stdint.h>

#define REG32(a) (*(volatile uint32_t *)(a))
#define SYST_CSR REG32(0xE000E010)
#define SYST_RVR REG32(0xE000E014)
#define SYST_CVR REG32(0xE000E018)
#define SCB_ICSR REG32(0xE000ED04)
#define SCB_SHPR3 REG32(0xE000ED20)

enum color { RED, GREEN = 5, BLUE };

struct point {
	int16_t x, y;
};

struct flags {
	unsigned ready : 1;
	unsigned mode : 3;
	unsigned level : 5;
};

union word {
	uint32_t u;
	uint8_t b[4];
};

struct node {
	int value;
	struct node *next;
};

struct shape {
	enum color color;
	struct point origin;
	struct flags flags;
	float scale;
	double weight;
	const char *label;
};

int counter = 3;
int table[5] = {1, 2, 3, 5, 8};
short grid[2][3] = {{1, -2, 3}, {-4, 5, -6}};
const char greeting[] = "hi arm";
long long big = -1234567890123LL;
unsigned char small = 200;
_Bool flag = 1;
float ratio = 1.5f;
double precise = 2.25;
struct node nodes[3];
struct node *head;
union word pattern = {.u = 0x11223344};
struct shape shapes[2] = {
	{RED, {1, 2}, {1, 2, 17}, 0.5f, 3.0, "first"},
	{BLUE, {-3, 4}, {0, 7, 31}, 2.0f, -1.25, "second"},
};
volatile uint32_t ticks;
volatile uint32_t pends;
volatile float acc;

__attribute__((noinline)) int factorial(int n)
{
	if (n <= 1)
		return 1; /* STOP:base */
	int r = n * factorial(n - 1);
	return r;
}

__attribute__((noinline)) struct node *build_list(int n)
{
	struct node *h = 0;
	for (int i = 0; i < n && i < 3; i++) {
		nodes[i].value = i * 10 + counter;
		nodes[i].next = h;
		h = &nodes[i];
	}
	return h; /* STOP:built */
}

__attribute__((noinline)) int sum_list(const struct node *p)
{
	int s = 0;
	while (p) {
		s += p->value;
		p = p->next;
	}
	return s; /* STOP:summed */
}

__attribute__((noinline)) float area(const struct shape *s, float k)
{
	float w = s->origin.x * s->scale;
	float h = s->origin.y * s->scale;
	float a = w * h * k;
	return a; /* STOP:area */
}

__attribute__((noinline)) float spin(int rounds, float step)
{
	float x = 0.0f;
	for (int i = 0; i < rounds; i++) {
		x += step * (float)i;
		acc = x;
	}
	return x;
}

__attribute__((noinline)) void run(void)
{
	SCB_SHPR3 = (0x80u << 24) | (0x40u << 16); /* SysTick 0x80, PendSV 0x40 */
	SYST_RVR = 10; /* 400 instructions per tick at 25 MHz, -icount shift=0 */
	SYST_CVR = 0;
	SYST_CSR = 7;
	float r = spin(2000, 0.25f);
	SYST_CSR = 0;
	acc = r; /* STOP:spun */
}

void SysTick_Handler(void)
{
	uint32_t t = ticks + 1;
	ticks = t;
	if (t == 2) {
		SYST_CSR = 0; /* STOP:systick */
		SCB_ICSR = 1u << 28;
		__asm volatile("dsb\n\tisb" ::: "memory");
	}
}

void PendSV_Handler(void)
{
	uint32_t p = pends;
	p += ticks;
	pends = p; /* STOP:pendsv */
}

int main(void)
{
	head = build_list(3);
	int total = sum_list(head);
	int f = factorial(4);
	struct shape local = shapes[1];
	local.flags.mode = 5;
	float a = area(&local, 2.0f);
	run();
	counter = total + f + (int)a; /* STOP:end */
	return counter;
}
