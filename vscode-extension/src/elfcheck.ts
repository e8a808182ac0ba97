// Checks that a launch configuration's "program" is firmware Rewind can run
// before the adapter starts: a regular file, an ELF, 32-bit, for RISC-V or
// Arm. Pure: the file's kind and first bytes come in as arguments, so mocha
// tests every message.

/** ELF e_machine values Rewind emulates. */
export const machines: Record<number, string> = { 243: 'RISC-V', 40: 'Arm' };

/** Well-known e_machine values, to name what the file was built for. */
const otherMachines: Record<number, string> = {
	3: 'x86 (i386)',
	62: 'x86-64',
	183: 'AArch64 (64-bit Arm)',
	8: 'MIPS',
	20: 'PowerPC',
	94: 'Xtensa (ESP32)',
	83: 'AVR',
	105: 'MSP430',
};

/** What is at the program path. */
export type ProgramKind = 'missing' | 'directory' | 'other' | 'file';

/** How many bytes checkProgram needs from the start of the file. */
export const headerBytes = 20;

/**
 * checkProgram returns why the file at file cannot be debugged (a sentence
 * that names the file and the fix), or undefined when it is a 32-bit
 * RISC-V or Arm ELF. head is the start of the file (headerBytes or fewer).
 */
export function checkProgram(file: string, kind: ProgramKind, head: Uint8Array): string | undefined {
	switch (kind) {
		case 'missing':
			return `"program" names a file that does not exist: ${file}. Build the firmware first, or correct the path`;
		case 'directory':
			return `"program" is a folder, not a firmware ELF: ${file}. Set it to the .elf file your build links`;
		case 'other':
			return `"program" is not a regular file: ${file}. Set it to the .elf file your build links`;
	}
	if (head.length < 4 || head[0] !== 0x7f || head[1] !== 0x45 || head[2] !== 0x4c || head[3] !== 0x46) {
		const hint = /\.(bin|hex|ihex|srec|uf2)$/i.test(file)
			? 'it looks like a flash image; give the .elf the linker wrote (the image has no symbols)'
			: 'give the linked firmware .elf (with -g for source lines)';
		return `"program" is not an ELF file (it does not start with 7F 45 4C 46): ${file}. ${capital(hint)}`;
	}
	if (head.length < headerBytes) {
		return `"program" is a truncated ELF file (${head.length} bytes): ${file}. Rebuild the firmware`;
	}
	if (head[4] !== 1) {
		const bits = head[4] === 2 ? 'a 64-bit' : 'not a 32-bit';
		return `"program" is ${bits} ELF: ${file}. Rewind emulates 32-bit RISC-V (RV32, e.g. -march=rv32imac_zicsr -mabi=ilp32) and Arm Cortex-M boards; build the firmware for one of them`;
	}
	const machine = head[5] === 2 ? (head[18] << 8) | head[19] : head[18] | (head[19] << 8);
	if (!(machine in machines)) {
		const what = otherMachines[machine] ?? `machine ${machine}`;
		return `"program" is an ELF for ${what} (e_machine ${machine}), not RISC-V or Arm: ${file}. Set it to the firmware built by your RISC-V or Arm cross compiler`;
	}
	return undefined;
}

function capital(s: string): string {
	return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * programArch names the architecture of a checked firmware ELF for
 * `rewind dap --arch` ("riscv" or "cortex-m"), from the start of the file
 * (headerBytes or more); undefined when it cannot tell.
 */
export function programArch(head: Uint8Array): 'riscv' | 'cortex-m' | undefined {
	if (head.length < headerBytes || head[0] !== 0x7f || head[1] !== 0x45 || head[2] !== 0x4c || head[3] !== 0x46) {
		return undefined;
	}
	const machine = head[5] === 2 ? (head[18] << 8) | head[19] : head[18] | (head[19] << 8);
	switch (machine) {
		case 243:
			return 'riscv';
		case 40:
			return 'cortex-m';
	}
	return undefined;
}
