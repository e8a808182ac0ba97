/* A program that pulls in newlib's printf, scanf, string, stdlib and
 * math code (compiled by the toolchain vendor, hand-written Thumb-2
 * assembly among it), as a larger corpus of real firmware code. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

int main(void)
{
	char buf[128];
	int v[8] = {5, 3, 9, 1, 7, 2, 8, 4};
	qsort(v, 8, sizeof v[0], cmp);
	double d = strtod("3.25e2", 0) + sin(v[3]) + sqrt(v[2]) + pow(2.0, v[1]);
	snprintf(buf, sizeof buf, "%d %s %f %x %lld", v[0], "abc", d, v[7], (long long)d << 20);
	int a = 0, b = 0;
	sscanf(buf, "%d %d", &a, &b);
	char *p = malloc(strlen(buf) + 1);
	if (p) {
		memcpy(p, buf, strlen(buf) + 1);
		a += strcmp(p, "1 2") + (int)strtoul(p, 0, 16) + atoi(strchr(p, ' ') ? strchr(p, ' ') : p);
		free(p);
	}
	return a + b;
}

void reset(void) { exit(main()); }

__attribute__((section(".vectors"), used)) static void (*const vectors[])(void) = {
	(void (*)(void))0x20010000, reset,
};
