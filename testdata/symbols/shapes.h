/* shapes.h - types shared by the symbols test program. */
#ifndef SHAPES_H
#define SHAPES_H

#include <stdint.h>

typedef enum color { RED, GREEN = 5, BLUE } color_t;

struct point {
	int16_t x;
	int16_t y;
};

struct flags {
	unsigned ready : 1;
	unsigned mode : 3;
	signed level : 5;
	unsigned count : 7;
	uint16_t tail;
};

union word {
	uint32_t u;
	uint8_t b[4];
	int16_t h[2];
};

struct node {
	int value;
	struct node *next;
	const char *label;
};

typedef void (*handler_t)(int);

struct shape {
	color_t color;
	struct point corners[2];
	struct flags fl;
	union word w;
	char name[8];
	handler_t on_draw;
};

extern struct shape shapes[3];
extern volatile uint32_t tick_count;

int shape_area(const struct shape *s);
void shape_move(struct shape *s, int dx, int dy);
void on_draw_red(int n);
void on_draw_any(int n);

#endif
