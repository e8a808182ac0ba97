/* isa.h - shared helpers of the ARM ISA test suite: output through
 * semihosting, exception handler hooks, register access. */
#ifndef ISA_H
#define ISA_H

typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;

#define REG(a) (*(volatile u32 *)(a))
#define SCB_ICSR REG(0xE000ED04)
#define SCB_VTOR REG(0xE000ED08)
#define SCB_AIRCR REG(0xE000ED0C)
#define SCB_CCR REG(0xE000ED14)
#define SCB_SHPR1 REG(0xE000ED18)
#define SCB_SHPR2 REG(0xE000ED1C)
#define SCB_SHPR3 REG(0xE000ED20)
#define SCB_SHCSR REG(0xE000ED24)
#define SCB_CFSR REG(0xE000ED28)
#define SCB_HFSR REG(0xE000ED2C)
#define SCB_MMFAR REG(0xE000ED34)
#define SCB_BFAR REG(0xE000ED38)
#define NVIC_ISER0 REG(0xE000E100)
#define NVIC_ICER0 REG(0xE000E180)
#define NVIC_ISPR0 REG(0xE000E200)
#define NVIC_ICPR0 REG(0xE000E280)
#define NVIC_IABR0 REG(0xE000E300)
#define NVIC_IPR(n) (*(volatile unsigned char *)(0xE000E400 + (n)))
#define SYST_CSR REG(0xE000E010)
#define SYST_RVR REG(0xE000E014)
#define SYST_CVR REG(0xE000E018)

/* Output. */
void puts_(const char *s);
void put_hex(u32 v);
void line(const char *name, int n, ...);
void exit_(int code);

/* An exception hook gets the stacked frame (r0-r3, r12, lr, pc, xpsr)
 * and the EXC_RETURN value. */
typedef void (*hook_fn)(u32 *frame, u32 excret);
extern hook_fn hooks[64];

static inline u32 get_apsr(void) { u32 v; __asm__ volatile("mrs %0, apsr" : "=r"(v)); return v; }
static inline void set_apsr(u32 v) { __asm__ volatile("msr apsr_nzcvq, %0" : : "r"(v) : "cc"); }

void tests_alu(void);
void tests_mem(void);
void tests_exc(void);
void tests_dsp(void);
void tests_fp(void);

#endif
