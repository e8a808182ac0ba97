import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkProgram, headerBytes, programArch } from '../../src/elfcheck';
import { validateConfiguration } from '../../src/configuration';
import { probeFile } from '../../src/probe';

// out/tsc/test/unit -> the repository
const repo = path.resolve(__dirname, '..', '..', '..', '..', '..');

/** elfHeader makes the first bytes of an ELF file. */
function elfHeader(cls: number, data: number, machine: number): Uint8Array {
	const h = new Uint8Array(headerBytes);
	h.set([0x7f, 0x45, 0x4c, 0x46, cls, data, 1]);
	if (data === 2) {
		h[18] = machine >> 8;
		h[19] = machine & 0xff;
	} else {
		h[18] = machine & 0xff;
		h[19] = machine >> 8;
	}
	return h;
}

describe('program checks', () => {
	const f = '/ws/build/fw.elf';
	const cases: [string, Parameters<typeof checkProgram>[1], Uint8Array, RegExp | undefined][] = [
		['RV32 ELF', 'file', elfHeader(1, 1, 243), undefined],
		['Arm ELF', 'file', elfHeader(1, 1, 40), undefined],
		['big-endian Arm ELF', 'file', elfHeader(1, 2, 40), undefined],
		['missing', 'missing', new Uint8Array(), /does not exist: \/ws\/build\/fw\.elf\. Build the firmware first/],
		['a folder', 'directory', new Uint8Array(), /is a folder, not a firmware ELF: \/ws\/build\/fw\.elf/],
		['a device', 'other', new Uint8Array(), /not a regular file/],
		['a text file', 'file', new TextEncoder().encode('int main(void) {}\n'), /not an ELF file \(it does not start with 7F 45 4C 46\): \/ws/],
		['an empty file', 'file', new Uint8Array(), /not an ELF file/],
		['a truncated ELF', 'file', elfHeader(1, 1, 243).subarray(0, 8), /truncated ELF/],
		['a 64-bit ELF', 'file', elfHeader(2, 1, 243), /is a 64-bit ELF: .*32-bit RISC-V/],
		['an ELF for x86', 'file', elfHeader(1, 1, 3), /ELF for x86 \(i386\) \(e_machine 3\), not RISC-V or Arm/],
		['an ELF for something unknown', 'file', elfHeader(1, 1, 9999), /ELF for machine 9999/],
	];
	for (const [name, kind, head, want] of cases) {
		it(name, () => {
			const got = checkProgram(f, kind, head);
			if (want === undefined) {
				assert.strictEqual(got, undefined);
			} else {
				assert.match(got ?? '', want);
			}
		});
	}

	it('says a .bin is a flash image', () => {
		assert.match(checkProgram('/ws/fw.bin', 'file', new Uint8Array([0x97, 0x01, 0, 0])) ?? '', /flash image; give the \.elf/);
	});

	it('reads real files', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewind-elfcheck-'));
		try {
			const text = path.join(dir, 'notes.txt');
			fs.writeFileSync(text, 'hello\n');
			const demo = path.join(repo, 'testdata', 'firmware', 'demo.elf');
			const c = { type: 'rewind', request: 'launch', name: 'x' };
			assert.deepStrictEqual(validateConfiguration({ ...c, program: demo }, fs.existsSync, probeFile), []);
			assert.match(validateConfiguration({ ...c, program: text }, fs.existsSync, probeFile).join(), /not an ELF file/);
			assert.match(validateConfiguration({ ...c, program: dir }, fs.existsSync, probeFile).join(), /is a folder/);
			assert.match(validateConfiguration({ ...c, program: path.join(dir, 'none.elf') }, fs.existsSync, probeFile).join(), /does not exist/);
			if (process.platform === 'linux' && process.arch === 'x64' && fs.existsSync('/bin/sh')) {
				assert.match(validateConfiguration({ ...c, program: '/bin/sh' }, fs.existsSync, probeFile).join(), /64-bit ELF/);
			}
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('programArch (rewind dap --arch)', () => {
	it('names the architecture of the demo firmware of each kind', () => {
		const head = (p: string) => fs.readFileSync(path.join(repo, p)).subarray(0, headerBytes);
		assert.strictEqual(programArch(head('testdata/firmware/demo.elf')), 'riscv');
		assert.strictEqual(programArch(head('testdata/arm/demo/demo.elf')), 'cortex-m');
	});
	it('cannot tell for other files', () => {
		assert.strictEqual(programArch(elfHeader(1, 1, 3)), undefined);
		assert.strictEqual(programArch(new Uint8Array([1, 2, 3])), undefined);
	});
});
