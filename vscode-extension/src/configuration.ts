// Launch configurations for the `rewind` debug type: the default one offered
// when there is no launch.json, filling `program` when it is missing, and
// checking every argument before the adapter starts. Pure logic: the few
// things that need VS Code (the active editor, a file picker, the file
// system) come in through ConfigHost, so mocha tests it without VS Code.

import * as path from 'path';
import { ProgramKind, checkProgram } from './elfcheck';

/** The debug type this extension contributes. */
export const debugType = 'rewind';

/** A launch configuration of type `rewind` (its attributes are adapter/launch.go's launchArgs). */
export interface LaunchConfig {
	type: string;
	request: string;
	name: string;
	program?: string;
	stopOnEntry?: boolean;
	board?: string;
	harts?: number;
	memorySize?: number;
	cwd?: string;
	recording?: string;
	checkpointBudget?: number;
	svdPath?: string;
	uartInput?: string;
	stopAtExit?: boolean;
	sourceFileMap?: Record<string, string>;
	/** set by the extension: where sources are looked for when the DWARF's paths do not exist */
	workspaceFolder?: string;
	[key: string]: unknown;
}

/** What configuration resolution needs from the editor around it. */
export interface ConfigHost {
	/** path of the file in the active editor, if any */
	activeFile(): string | undefined;
	/** workspace-relative or absolute paths of the ELF files in the workspace */
	findElfFiles(): Promise<string[]>;
	/** asks the user to choose one of candidates (or browse when empty); undefined when cancelled */
	pickElf(candidates: string[]): Promise<string | undefined>;
	/** absolute path of the workspace folder the launch belongs to */
	folder(): string | undefined;
}

/** Every launch argument `rewind dap` takes (adapter/launch.go: launchArgs). */
export const launchArguments = [
	'program',
	'stopOnEntry',
	'board',
	'harts',
	'memorySize',
	'cwd',
	'recording',
	'checkpointBudget',
	'svdPath',
	'uartInput',
	'stopAtExit',
	'sourceFileMap',
] as const;

/** Boards built into `rewind dap`; any other "board" is the path of a board file. */
export const boards = ['virt', 'mps2-an385', 'mps2-an386', 'mps2-an500', 'lm3s6965evb', 'hifive1-revb', 'sifive_e'] as const;

/** True when a "board" value names a file rather than a built-in board. */
export function isBoardPath(b: string): boolean {
	return /[\\/]/.test(b) || /\.(json|ya?ml|toml)$/i.test(b);
}

/** True when p names an ELF file by its extension. */
export function isElf(p: string | undefined): p is string {
	return typeof p === 'string' && /\.elf$/i.test(p);
}

/** defaultConfiguration is the configuration offered for a firmware ELF. */
export function defaultConfiguration(program?: string): LaunchConfig {
	return {
		type: debugType,
		request: 'launch',
		name: 'Rewind: debug firmware',
		program: program ?? '${workspaceFolder}/build/firmware.elf',
		stopOnEntry: false,
	};
}

/**
 * toWorkspacePath writes an absolute path under folder as
 * `${workspaceFolder}/...` so launch.json stays portable.
 */
export function toWorkspacePath(file: string, folder: string | undefined): string {
	if (!folder || !path.isAbsolute(file)) {
		return file;
	}
	const rel = path.relative(folder, file);
	if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) {
		return file;
	}
	return '${workspaceFolder}/' + rel.split(path.sep).join('/');
}

/**
 * initialConfigurations offers launch.json entries: one per ELF found in the
 * workspace (the active editor's first), or the generic default.
 */
export async function initialConfigurations(host: ConfigHost): Promise<LaunchConfig[]> {
	const folder = host.folder();
	const active = host.activeFile();
	const found = await host.findElfFiles();
	const elves = [...new Set([...(isElf(active) ? [active] : []), ...found])].slice(0, 5);
	if (elves.length === 0) {
		return [defaultConfiguration()];
	}
	return elves.map((e, i) => {
		const c = defaultConfiguration(toWorkspacePath(e, folder));
		if (elves.length > 1) {
			c.name = `Rewind: debug ${path.basename(e)}` + (i === 0 ? '' : ` (${i + 1})`);
		}
		return c;
	});
}

/**
 * resolveConfiguration completes a configuration before variables are
 * substituted: an empty one (F5 without launch.json) becomes the default,
 * and a missing `program` is taken from the active *.elf editor or asked
 * for. It returns undefined when the user cancels the question.
 */
export async function resolveConfiguration(
	config: Partial<LaunchConfig>,
	host: ConfigHost,
): Promise<LaunchConfig | undefined> {
	let c: LaunchConfig;
	if (!config.type && !config.request && !config.name) {
		c = defaultConfiguration();
		delete c.program;
	} else {
		c = { ...config, type: config.type ?? debugType, request: config.request ?? 'launch', name: config.name ?? 'Rewind' };
	}
	if (c.program === undefined || c.program === '') {
		if (c.recording) {
			delete c.program;
			return c;
		}
		const active = host.activeFile();
		if (isElf(active)) {
			c.program = active;
		} else {
			const picked = await host.pickElf(await host.findElfFiles());
			if (picked === undefined) {
				return undefined;
			}
			c.program = picked;
		}
	}
	return c;
}

function isInt(v: unknown): v is number {
	return typeof v === 'number' && Number.isInteger(v);
}

/**
 * validateConfiguration checks a configuration after variables are
 * substituted and returns one message per problem (none when it is fine).
 * exists, when given, is asked whether program / recording / svdPath exist;
 * probe, when given, reads what program is (an ELF for RISC-V or Arm?).
 */
export function validateConfiguration(
	c: Partial<LaunchConfig>,
	exists?: (p: string) => boolean,
	probe?: (p: string) => { kind: ProgramKind; head: Uint8Array },
): string[] {
	const errs: string[] = [];
	if (c.request !== undefined && c.request !== 'launch') {
		errs.push(`"request" must be "launch" (Rewind runs the firmware itself), not ${JSON.stringify(c.request)}`);
	}
	for (const k of ['program', 'recording', 'cwd', 'svdPath', 'uartInput', 'board'] as const) {
		if (c[k] !== undefined && typeof c[k] !== 'string') {
			errs.push(`"${k}" must be a string`);
		}
	}
	if (!c.program && !c.recording) {
		errs.push('set "program" to the firmware ELF to debug (or "recording" to a .rwd recording)');
	}
	for (const k of ['stopOnEntry', 'stopAtExit'] as const) {
		if (c[k] !== undefined && typeof c[k] !== 'boolean') {
			errs.push(`"${k}" must be true or false`);
		}
	}
	if (typeof c.board === 'string' && !(boards as readonly string[]).includes(c.board) && !isBoardPath(c.board)) {
		errs.push(`"board" must be one of ${boards.map((b) => JSON.stringify(b)).join(', ')} or the path of a board file`);
	}
	const map = c.sourceFileMap as unknown;
	if (map !== undefined && (typeof map !== 'object' || map === null || Array.isArray(map) || Object.values(map).some((v) => typeof v !== 'string'))) {
		errs.push('"sourceFileMap" must map build folders to local folders, like { "/build/dir": "${workspaceFolder}" }');
	}
	if (c.harts !== undefined && !(isInt(c.harts) && c.harts >= 1 && c.harts <= 8)) {
		errs.push('"harts" must be a whole number from 1 to 8');
	}
	for (const k of ['memorySize', 'checkpointBudget'] as const) {
		const v = c[k];
		if (v !== undefined && !(isInt(v) && v >= 1)) {
			errs.push(`"${k}" must be a whole number of MiB, at least 1`);
		}
	}
	if (exists) {
		const base = typeof c.cwd === 'string' && c.cwd !== '' ? c.cwd : undefined;
		const files: (keyof LaunchConfig)[] = probe ? ['recording', 'svdPath'] : ['program', 'recording', 'svdPath'];
		if (probe && typeof c.program === 'string' && c.program !== '') {
			const full = base && !path.isAbsolute(c.program) ? path.join(base, c.program) : c.program;
			const p = probe(full);
			const why = checkProgram(full, p.kind, p.head);
			if (why) {
				errs.push(why);
			}
		}
		if (typeof c.board === 'string' && isBoardPath(c.board)) {
			files.push('board');
		}
		for (const k of files) {
			const p = c[k];
			if (typeof p !== 'string' || p === '') {
				continue;
			}
			const full = base && !path.isAbsolute(p) ? path.join(base, p) : p;
			if (!exists(full)) {
				errs.push(`"${k}" names a file that does not exist: ${full}`);
			}
		}
	}
	return errs;
}
