// Builds a copy of the demo firmware in a folder of its own, with the
// RISC-V cross compiler and absolute paths, so its DWARF names that folder:
// the situation of firmware built by CI or in a container, whose sources
// the user has in another place.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/** The repository root, from out/tsc/test/common. */
export const repo = path.resolve(__dirname, '..', '..', '..', '..', '..');

const cc = process.env.RISCV_CC ?? 'riscv64-unknown-elf-gcc';

/**
 * buildDemoIn copies demo.c and the common startup files into dir and
 * builds dir/demo.elf there; it returns the ELF's path.
 */
export function buildDemoIn(dir: string): string {
	fs.mkdirSync(dir, { recursive: true });
	const common = path.join(repo, 'testdata', 'common');
	for (const f of ['board.h', 'crt0.S', 'link.ld']) {
		fs.copyFileSync(path.join(common, f), path.join(dir, f));
	}
	fs.copyFileSync(path.join(repo, 'testdata', 'firmware', 'demo.c'), path.join(dir, 'demo.c'));
	const libgcc = execFileSync(cc, ['-march=rv32imac', '-mabi=ilp32', '-print-libgcc-file-name'], { encoding: 'utf8' }).trim();
	const elf = path.join(dir, 'demo.elf');
	execFileSync(
		cc,
		[
			'-march=rv32imac_zicsr', '-mabi=ilp32', '-g', '-Og', '-ffreestanding', '-nostdlib', '-nostartfiles',
			'-fno-builtin', '-fno-pic', '-mcmodel=medany', '-mno-relax', '-I', dir,
			'-T', path.join(dir, 'link.ld'), '-Wl,--build-id=none', '-Wl,--no-relax',
			'-o', elf, path.join(dir, 'crt0.S'), path.join(dir, 'demo.c'), libgcc,
		],
		{ cwd: dir, stdio: 'pipe' },
	);
	return elf;
}
