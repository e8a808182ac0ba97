/* startup.c - vector table, reset, and one entry for every exception that
 * hands the stacked frame to the hook the test installed. */
#include "isa.h"

extern u32 __data_start, __data_end, __data_load, __bss_start, __bss_end, __stack_top;
int main(void);
void Reset_Handler(void);
void exc_entry(void);

hook_fn hooks[64];

__attribute__((section(".isr_vector"), used)) void (*const vectors[48])(void) = {
	(void (*)(void))&__stack_top, Reset_Handler,
	exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, 0, 0, 0, 0,
	exc_entry, exc_entry, 0, exc_entry, exc_entry,
	exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry,
	exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry,
	exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry,
	exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry, exc_entry,
};

void Reset_Handler(void)
{
#ifdef __ARM_FP
	REG(0xE000ED88) |= 0xf << 20; /* CPACR: CP10 and CP11 full access */
	__asm__ volatile("dsb\n\tisb");
#endif
	u32 *s = &__data_load, *d = &__data_start;
	while (d < &__data_end)
		*d++ = *s++;
	for (d = &__bss_start; d < &__bss_end; d++)
		*d = 0;
	exit_(main());
}

void exc_dispatch(u32 *frame, u32 excret)
{
	u32 ipsr;
	__asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
	ipsr &= 0x1ff;
	if (ipsr < 64 && hooks[ipsr]) {
		hooks[ipsr](frame, excret);
		return;
	}
	puts_("unexpected exception ");
	put_hex(ipsr);
	puts_(" pc ");
	put_hex(frame[6]);
	puts_(" cfsr ");
	put_hex(SCB_CFSR);
	puts_(" hfsr ");
	put_hex(SCB_HFSR);
	puts_("\n");
	exit_(1);
}

__attribute__((naked)) void exc_entry(void)
{
	__asm__ volatile(
		"tst lr, #4\n"
		"ite eq\n"
		"mrseq r0, msp\n"
		"mrsne r0, psp\n"
		"mov r1, lr\n"
		"push {r1, lr}\n"
		"bl exc_dispatch\n"
		"pop {r1, pc}\n");
}
