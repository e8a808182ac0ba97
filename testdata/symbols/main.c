/* main.c - the symbols test program: every kind of type and variable. */
#include <stdbool.h>
#include "shapes.h"
#include "board.h"

int counter = 7;
const uint8_t table[4] = { 1, 2, 3, 4 };
int grid[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
char greeting[12] = "hello";
uint64_t big = 0x1122334455667788ull;
int8_t small = -5;
bool flag = true;
float ratio = 1.5f;
double precise = 3.25;
struct node nodes[3];
struct node *head;
static uint16_t hidden = 0xbeef;	/* file static */
union word pattern = { .u = 0xdeadbeef };
handler_t current_handler = on_draw_red;

static __attribute__((noinline)) int factorial(int n)
{
	if (n <= 1)
		return 1;	/* STOP:fact_base */
	int sub = factorial(n - 1);
	return n * sub;
}

static __attribute__((noinline)) void build_list(int count)
{
	struct node *prev = 0;
	for (int i = count - 1; i >= 0; i--) {
		nodes[i].value = i * 10;
		nodes[i].next = prev;
		nodes[i].label = i == 0 ? "first" : "later";
		prev = &nodes[i];	/* STOP:build */
	}
	head = prev;
}

static __attribute__((noinline)) int sum_list(const struct node *n)
{
	int total = 0;
	while (n) {
		total += n->value;
		n = n->next;	/* STOP:sum */
	}
	return total;
}

static __attribute__((noinline)) uint32_t mix(uint32_t a, uint32_t b, color_t c)
{
	static uint32_t calls;	/* function static */
	uint32_t x = a ^ (b << 3);
	calls++;
	if (c == BLUE) {
		uint32_t shifted = x >> 2;
		x = shifted + calls;	/* STOP:mix */
	}
	return x + hidden;
}

static __attribute__((noinline)) void checkpoint(int where)
{
	tick_count += where;	/* STOP:ckpt */
	__asm__ volatile("" ::: "memory");
}

static __attribute__((noinline)) int checkpoint_count(int where)
{
	return (int)(tick_count & 3u) + where;
}

static __attribute__((noinline)) int shadow(int v)
{
	int depth = 1;
	{
		int depth = v + 2;	/* shadows the outer depth */
		depth += checkpoint_count(depth);	/* STOP:shadow */
		tick_count += depth;
	}
	return depth;
}

int main(int hartid)
{
	(void)hartid;
	struct shape local = {
		.color = BLUE,
		.corners = { { 1, 2 }, { 11, -6 } },
		.fl = { .ready = 1, .mode = 5, .level = -3, .count = 17, .tail = 999 },
		.w = { .u = 0x01020304 },
		.name = "local",
		.on_draw = on_draw_any,
	};
	shapes[0] = local;
	shapes[1].color = GREEN;
	shapes[1].on_draw = current_handler;
	checkpoint(1);

	build_list(3);
	int total = sum_list(head);
	int fact = factorial(5);
	checkpoint(2);

	int area = shape_area(&local);
	shape_move(&shapes[1], 3, 4);
	uint32_t m = mix((uint32_t)area, (uint32_t)total, local.color);
	checkpoint(3);

	int result = (int)(m & 0xff) + fact + area + grid[1][2] + table[3];
	result += shadow(result);
	counter += result;	/* STOP:main_end */
	return counter == 0;
}
