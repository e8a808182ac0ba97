/* hello - prints through the C library's semihosting console and exits 3. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	printf("hello from semihosting, %d + %d = %d\n", 2, 3, 2 + 3);
	fflush(stdout);
	exit(3);
}
