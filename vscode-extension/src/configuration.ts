// Launch configurations for the `rewind` debug type: the default one offered
// when there is no launch.json, filling `program` when it is missing, and
// checking every argument before the adapter starts. Pure logic: the few
// things that need VS Code (the active editor, a file picker, the file
// system) come in through ConfigHost, so mocha tests it without VS Code.

import * as path from 'path';

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
] as const;

/** Boards `rewind dap` emulates. */
export const boards = ['virt'] as const;

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
 * exists, when given, is asked whether program / recording / svdPath exist.
 */
export function validateConfiguration(c: Partial<LaunchConfig>, exists?: (p: string) => boolean): string[] {
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
	if (c.stopOnEntry !== undefined && typeof c.stopOnEntry !== 'boolean') {
		errs.push('"stopOnEntry" must be true or false');
	}
	if (c.board !== undefined && !(boards as readonly string[]).includes(c.board as string)) {
		errs.push(`"board" must be one of ${boards.map((b) => JSON.stringify(b)).join(', ')}`);
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
		for (const k of ['program', 'recording', 'svdPath'] as const) {
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
