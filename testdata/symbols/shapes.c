/* shapes.c - the second compilation unit: statics, globals, inlining. */
#include "shapes.h"

struct shape shapes[3];
volatile uint32_t tick_count;
static int draws;			/* file static */
static const char *last_label = "none";	/* file static pointer */

void on_draw_red(int n)
{
	draws += n;
	tick_count++;	/* STOP:red */
}

void on_draw_any(int n)
{
	draws -= n;
	last_label = "any";
}

static inline __attribute__((always_inline)) int span(int a, int b)
{
	int d = b - a;
	if (d < 0)
		d = -d;
	return d;	/* STOP:span */
}

int shape_area(const struct shape *s)
{
	int w = span(s->corners[0].x, s->corners[1].x);
	int h = span(s->corners[0].y, s->corners[1].y);
	int area = w * h;
	return area;	/* STOP:area */
}

void shape_move(struct shape *s, int dx, int dy)
{
	for (int i = 0; i < 2; i++) {
		s->corners[i].x += dx;
		s->corners[i].y += dy;	/* STOP:move */
	}
	if (s->on_draw)
		s->on_draw(s->fl.count);
}
