/*
 * Probe of QEMU virt device registers: records what the guest reads, then
 * prints one "label value" line per read (" trap <mcause>" when the access
 * trapped). Values are recorded first and printed afterwards, so the
 * printing itself (stores to the UART) does not disturb what is probed.
 */
#include <stdint.h>

#define UARTB 0x10000000u
#define UART ((volatile uint8_t *)UARTB)
#define CLINT 0x02000000u
#define PLIC 0x0c000000u
#define TEST 0x00100000u

volatile uint32_t trap_cause;

struct rec {
	const char *label;
	uint32_t value, cause;
};
static struct rec recs[160];
static int nrec;

static void rec(const char *label, uint32_t v)
{
	recs[nrec].label = label;
	recs[nrec].value = v;
	recs[nrec].cause = trap_cause;
	trap_cause = 0;
	nrec++;
}

static void putc_(char c)
{
	while (!(UART[5] & 0x20))
		;
	UART[0] = (uint8_t)c;
}

static void puts_(const char *s) { while (*s) putc_(*s++); }

static void hex(uint32_t v)
{
	for (int i = 28; i >= 0; i -= 4) putc_("0123456789abcdef"[(v >> i) & 15]);
}

static void flush(void)
{
	for (int i = 0; i < nrec; i++) {
		puts_(recs[i].label);
		putc_(' ');
		hex(recs[i].value);
		if (recs[i].cause) {
			puts_(" trap ");
			hex(recs[i].cause);
		}
		putc_('\n');
	}
	nrec = 0;
}

static uint32_t r32(uint32_t a) { return *(volatile uint32_t *)a; }
static void w32(uint32_t a, uint32_t v) { *(volatile uint32_t *)a = v; }
static uint32_t r8(uint32_t a) { return *(volatile uint8_t *)a; }
static void w8(uint32_t a, uint32_t v) { *(volatile uint8_t *)a = (uint8_t)v; }
static uint32_t r16(uint32_t a) { return *(volatile uint16_t *)a; }
static void w16(uint32_t a, uint32_t v) { *(volatile uint16_t *)a = (uint16_t)v; }
static uint32_t rmip(void) { uint32_t v; __asm__ volatile("csrr %0, mip" : "=r"(v)); return v; }
static void spin(int n) { for (volatile int i = 0; i < n; i++) ; }

static void clint_probe(void)
{
	rec("mip.reset", rmip());
	rec("clint.mtimecmp.lo", r32(CLINT + 0x4000));
	rec("clint.mtimecmp.hi", r32(CLINT + 0x4004));
	rec("clint.msip", r32(CLINT));
	w32(CLINT, 0xFFFFFFFF);
	rec("clint.msip.set", r32(CLINT));
	rec("mip.msip", rmip());
	w32(CLINT, 2);
	rec("clint.msip.2", r32(CLINT));
	rec("clint.msip.r8", r8(CLINT));
	w8(CLINT, 1);
	rec("clint.msip.w8", r32(CLINT));
	rec("clint.msip.hart1", r32(CLINT + 4));
	rec("clint.msip.off2", r32(CLINT + 0x3FFC));
	w32(CLINT + 0x4004, 0x00000001);
	w32(CLINT + 0x4000, 0x12345678);
	rec("clint.mtimecmp.lo2", r32(CLINT + 0x4000));
	rec("clint.mtimecmp.hi2", r32(CLINT + 0x4004));
	rec("mip.future", rmip());
	w32(CLINT + 0x4004, 0);
	rec("mip.past", rmip());
	w32(CLINT + 0x4000, 0xFFFFFFFF);
	w32(CLINT + 0x4004, 0xFFFFFFFF);
	rec("mip.max", rmip());
	rec("clint.mtimecmp.r8", r8(CLINT + 0x4000));
	rec("clint.mtimecmp.r16", r16(CLINT + 0x4000));
	w16(CLINT + 0x4000, 0);
	rec("clint.mtimecmp.w16", r32(CLINT + 0x4000));
	rec("clint.mtimecmp.hart1", r32(CLINT + 0x4008));
	rec("clint.mtime.hi", r32(CLINT + 0xBFFC));
	w32(CLINT + 0xBFFC, 5);
	rec("clint.mtime.hi.set", r32(CLINT + 0xBFFC));
	w32(CLINT + 0xBFFC, 0);
	rec("clint.unused", r32(CLINT + 0x8000));
	rec("clint.end", r32(CLINT + 0xFFFC));
	flush();
}

static void uart_reset_probe(void)
{
	/* Nothing has touched the UART yet. */
	for (int i = 0; i < 8; i++) rec("uart.reset", (uint32_t)i << 8 | UART[i]);
	UART[3] = 0x80;
	rec("uart.dll", UART[0]);
	rec("uart.dlm", UART[1]);
	rec("uart.dlab.iir", UART[2]);
	UART[0] = 0x34;
	UART[1] = 0x12;
	rec("uart.dll.set", UART[0]);
	rec("uart.dlm.set", UART[1]);
	UART[3] = 0x03;
	rec("uart.lcr", UART[3]);
	rec("uart.ier.after-dlab", UART[1]);
	flush();
}

static void uart_thre_probe(void)
{
	rec("uart.iir.nofifo", UART[2]);
	UART[2] = 0x07;
	rec("uart.iir.fifo", UART[2]);
	UART[1] = 0x02;
	rec("uart.iir.thri", UART[2]);
	rec("uart.iir.after-read", UART[2]);
	UART[0] = '\n';
	rec("uart.iir.after-thr", UART[2]);
	UART[1] = 0x0F;
	rec("uart.iir.ier-f", UART[2]);
	UART[1] = 0x0F;
	rec("uart.iir.ier-same", UART[2]);
	UART[1] = 0x00;
	rec("uart.iir.ier-0", UART[2]);
	UART[1] = 0xFF;
	rec("uart.ier.masked", UART[1]);
	UART[1] = 0;
	UART[2] = 0x06;
	rec("uart.iir.fcr-xfr", UART[2]);
	UART[4] = 0xFF;
	rec("uart.mcr", UART[4]);
	UART[4] = 0x08;
	rec("uart.msr", UART[6]);
	rec("uart.lsr", UART[5]);
	UART[7] = 0xA5;
	rec("uart.scr", UART[7]);
	rec("uart.rbr.empty", UART[0]);
	rec("uart.r32.mcr", r32(UARTB + 4));
	rec("uart.r16.iir", r16(UARTB + 2));
	rec("uart.off8", r8(UARTB + 8));
	rec("uart.offff", r8(UARTB + 0xff));
	flush();
}

static void uart_loop_probe(void)
{
	UART[2] = 0x01; /* FIFO on, trigger 1 */
	UART[4] = 0x1F; /* loopback, all modem outputs */
	rec("uart.loop.msr", UART[6]);
	UART[4] = 0x10;
	rec("uart.loop.msr.0", UART[6]);
	UART[1] = 0x03;
	rec("uart.loop.iir.thre", UART[2]);
	UART[0] = 'a';
	rec("uart.loop.iir.rx", UART[2]);
	rec("uart.loop.lsr", UART[5]);
	rec("uart.loop.rbr", UART[0]);
	rec("uart.loop.iir.rx-read", UART[2]);
	rec("uart.loop.iir.rx-read2", UART[2]);
	rec("uart.loop.rbr.empty", UART[0]);
	UART[0] = 'b';
	UART[0] = 'c';
	UART[2] = 0x03; /* receive FIFO reset */
	rec("uart.loop.lsr.rfr", UART[5]);
	rec("uart.loop.rbr.rfr", UART[0]);
	/* trigger level 4 with 2 bytes: no RX interrupt at once */
	UART[2] = 0x41;
	UART[0] = 'd';
	UART[0] = 'e';
	rec("uart.loop.itl4.iir", UART[2]);
	rec("uart.loop.itl4.iir2", UART[2]);
	spin(200000);
	rec("uart.loop.itl4.iir.later", UART[2]);
	UART[0] = 'f';
	UART[0] = 'g';
	rec("uart.loop.itl4.iir.4", UART[2]);
	rec("uart.loop.rbr.d", UART[0]);
	rec("uart.loop.itl4.iir.3", UART[2]);
	UART[2] = 0x00; /* FIFO off: both FIFOs reset */
	rec("uart.loop.nofifo.lsr", UART[5]);
	rec("uart.loop.nofifo.iir", UART[2]);
	UART[0] = 'h';
	rec("uart.loop.nofifo.iir.rx", UART[2]);
	rec("uart.loop.nofifo.rbr", UART[0]);
	rec("uart.loop.nofifo.rbr.again", UART[0]);
	UART[0] = 'i';
	UART[0] = 'j';
	rec("uart.loop.nofifo.lsr.overrun", UART[5]);
	rec("uart.loop.nofifo.lsr.after", UART[5]);
	rec("uart.loop.nofifo.rbr.2", UART[0]);
	UART[1] = 0x00;
	UART[4] = 0x08;
	UART[2] = 0x07;
	flush();
}

static void plic_probe(void)
{
	w32(PLIC + 0x28, 0xFFFFFFFF);
	rec("plic.prio.10", r32(PLIC + 0x28));
	w32(PLIC + 0x28, 9);
	rec("plic.prio.10.9", r32(PLIC + 0x28));
	w32(PLIC + 0x0, 5);
	rec("plic.prio.0", r32(PLIC + 0x0));
	w32(PLIC + 0x4, 5);
	rec("plic.prio.1", r32(PLIC + 0x4));
	w32(PLIC + 0x17C, 5);
	rec("plic.prio.95", r32(PLIC + 0x17C));
	rec("plic.prio.96", r32(PLIC + 0x180));
	w32(PLIC + 0x200000, 0xFF);
	rec("plic.threshold", r32(PLIC + 0x200000));
	w32(PLIC + 0x200000, 9);
	rec("plic.threshold.9", r32(PLIC + 0x200000));
	w32(PLIC + 0x200000, 0);
	w32(PLIC + 0x2000, 0xFFFFFFFF);
	rec("plic.enable.0", r32(PLIC + 0x2000));
	w32(PLIC + 0x2008, 0xFFFFFFFF);
	rec("plic.enable.2", r32(PLIC + 0x2008));
	w32(PLIC + 0x200C, 0xFFFFFFFF);
	rec("plic.enable.3", r32(PLIC + 0x200C));
	rec("plic.enable.ctx1", r32(PLIC + 0x2080));
	rec("plic.enable.ctx2", r32(PLIC + 0x2100));
	w32(PLIC + 0x2000, 1u << 10);
	w32(PLIC + 0x2008, 0);
	w32(PLIC + 0x28, 1);
	flush();

	/* Clear anything latched by the UART probes. */
	UART[1] = 0x00;
	for (int i = 0; i < 4; i++) w32(PLIC + 0x200004, r32(PLIC + 0x200004));
	rec("plic.pending.idle", r32(PLIC + 0x1000));
	rec("mip.idle", rmip());
	UART[1] = 0x02; /* THRE interrupt on: irq 10 rises */
	rec("plic.pending.thre", r32(PLIC + 0x1000));
	rec("mip.meip", rmip());
	UART[1] = 0x00; /* and falls */
	rec("plic.pending.fallen", r32(PLIC + 0x1000));
	rec("mip.fallen", rmip());
	w32(PLIC + 0x200000, 1);
	rec("mip.threshold1", rmip());
	rec("plic.claim.threshold1", r32(PLIC + 0x200004));
	w32(PLIC + 0x200000, 0);
	uint32_t c = r32(PLIC + 0x200004);
	rec("plic.claim.fallen", c);
	rec("plic.pending.claimed", r32(PLIC + 0x1000));
	w32(PLIC + 0x200004, c);
	rec("plic.pending.completed", r32(PLIC + 0x1000));
	rec("plic.claim.spurious", r32(PLIC + 0x200004));

	UART[1] = 0x02; /* rises and stays high */
	c = r32(PLIC + 0x200004);
	rec("plic.claim.high", c);
	rec("plic.pending.claimed.high", r32(PLIC + 0x1000));
	rec("plic.claim.again", r32(PLIC + 0x200004));
	rec("mip.claimed", rmip());
	w32(PLIC + 0x200004, c); /* completed while still high, no re-signal */
	rec("plic.pending.completed.high", r32(PLIC + 0x1000));
	rec("mip.completed.high", rmip());
	c = r32(PLIC + 0x200004);
	rec("plic.claim.after.complete", c);
	rec("uart.iir.resignal", UART[2]); /* THRE reported: reading clears it */
	rec("plic.pending.iir", r32(PLIC + 0x1000));
	UART[1] = 0x00;
	UART[1] = 0x02; /* rises again while claimed */
	rec("plic.pending.claimed.rise", r32(PLIC + 0x1000));
	w32(PLIC + 0x200004, c);
	rec("plic.pending.completed.rise", r32(PLIC + 0x1000));
	UART[1] = 0x00;
	w32(PLIC + 0x200004, r32(PLIC + 0x200004));
	w32(PLIC + 0x200004, 10); /* completing an unclaimed source */
	rec("plic.complete.unclaimed", r32(PLIC + 0x1000));
	rec("plic.pending.w3", r32(PLIC + 0x100C));
	w32(PLIC + 0x1000, 0xFFFFFFFF);
	rec("plic.pending.write", r32(PLIC + 0x1000));
	/* Completion written by context 1, where source 10 is not enabled, for
	 * a claim made by context 0: does it end the claim? */
	UART[1] = 0x02;
	c = r32(PLIC + 0x200004);
	rec("plic.claim.ctx0", c);
	w32(PLIC + 0x201004, c);
	UART[1] = 0x00;
	UART[1] = 0x02; /* rises again: claimable only if the completion counted */
	rec("plic.claim.after.ctx1.complete", r32(PLIC + 0x200004));
	UART[1] = 0x00;
	w32(PLIC + 0x200004, c);
	w32(PLIC + 0x200004, r32(PLIC + 0x200004));
	rec("plic.r8", r8(PLIC + 0x28));
	rec("plic.r16", r16(PLIC + 0x28));
	rec("plic.ctx.8", r32(PLIC + 0x200008));
	rec("plic.ctx2.threshold", r32(PLIC + 0x202000));
	rec("plic.ctx1.threshold", r32(PLIC + 0x201000));
	rec("plic.end", r32(PLIC + 0x5FFFFC));
	flush();
}

int main(void)
{
	uart_reset_probe();
	clint_probe();
	uart_thre_probe();
	uart_loop_probe();
	plic_probe();
	rec("test.r32", r32(TEST));
	w8(TEST, 0x55);
	rec("test.w8", 0);
	w32(TEST + 4, 0x5555);
	rec("test.off4", 0);
	w32(TEST, 0x1234);
	rec("test.other", 0);
	flush();
	puts_("exit\n");
	w16(TEST + 2, 0x0001);
	w32(TEST, 0x2345u << 16 | 0x3333);
	return 0;
}
