import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
	ConfigHost,
	LaunchConfig,
	boards,
	defaultConfiguration,
	initialConfigurations,
	isElf,
	launchArguments,
	resolveConfiguration,
	toWorkspacePath,
	validateConfiguration,
} from '../../src/configuration';

const folder = path.resolve('/ws');

/** fakeHost records what resolution asked for. */
function fakeHost(opts: { active?: string; elves?: string[]; pick?: string }): ConfigHost & { asked: string[][] } {
	const asked: string[][] = [];
	return {
		asked,
		activeFile: () => opts.active,
		findElfFiles: async () => opts.elves ?? [],
		pickElf: async (c) => {
			asked.push(c);
			return opts.pick;
		},
		folder: () => folder,
	};
}

describe('configuration resolution', () => {
	it('turns F5 without launch.json into the default, program from the active ELF editor', async () => {
		const host = fakeHost({ active: path.join(folder, 'build', 'fw.elf') });
		const c = await resolveConfiguration({}, host);
		assert.deepStrictEqual(c, {
			type: 'rewind',
			request: 'launch',
			name: 'Rewind: debug firmware',
			program: path.join(folder, 'build', 'fw.elf'),
			stopOnEntry: false,
		});
		assert.deepStrictEqual(host.asked, [], 'no question when an ELF is open');
	});

	it('asks with the workspace ELF files when program is missing', async () => {
		const elves = [path.join(folder, 'a.elf'), path.join(folder, 'b.elf')];
		const host = fakeHost({ active: path.join(folder, 'main.c'), elves, pick: elves[1] });
		const c = await resolveConfiguration({ type: 'rewind', request: 'launch', name: 'x', stopOnEntry: true }, host);
		assert.deepStrictEqual(host.asked, [elves]);
		assert.strictEqual(c?.program, elves[1]);
		assert.strictEqual(c?.stopOnEntry, true, 'other settings are kept');
	});

	it('asks (browse) even when the workspace has no ELF', async () => {
		const host = fakeHost({ pick: '/elsewhere/fw.elf' });
		const c = await resolveConfiguration({ type: 'rewind', request: 'launch', name: 'x', program: '' }, host);
		assert.deepStrictEqual(host.asked, [[]]);
		assert.strictEqual(c?.program, '/elsewhere/fw.elf');
	});

	it('cancels the launch when the user cancels the question', async () => {
		const host = fakeHost({ elves: ['/ws/a.elf'] });
		assert.strictEqual(await resolveConfiguration({ type: 'rewind', request: 'launch', name: 'x' }, host), undefined);
	});

	it('keeps a given program and asks nothing', async () => {
		const host = fakeHost({ active: '/ws/other.elf' });
		const c = await resolveConfiguration({ type: 'rewind', request: 'launch', name: 'x', program: '${workspaceFolder}/fw.elf' }, host);
		assert.strictEqual(c?.program, '${workspaceFolder}/fw.elf');
		assert.deepStrictEqual(host.asked, []);
	});

	it('needs no program for a recording', async () => {
		const host = fakeHost({ active: '/ws/other.elf' });
		const c = await resolveConfiguration({ type: 'rewind', request: 'launch', name: 'r', recording: '/ws/run.rwd' }, host);
		assert.deepStrictEqual(c, { type: 'rewind', request: 'launch', name: 'r', recording: '/ws/run.rwd' });
	});
});

describe('initial configurations', () => {
	it('offers the generic default in a workspace without ELF files', async () => {
		assert.deepStrictEqual(await initialConfigurations(fakeHost({})), [defaultConfiguration()]);
	});

	it('offers one entry per ELF, the open one first, with workspace-relative paths', async () => {
		const a = path.join(folder, 'build', 'a.elf');
		const b = path.join(folder, 'b.elf');
		const got = await initialConfigurations(fakeHost({ active: b, elves: [a, b] }));
		assert.deepStrictEqual(
			got.map((c) => [c.name, c.program]),
			[
				['Rewind: debug b.elf', '${workspaceFolder}/b.elf'],
				['Rewind: debug a.elf (2)', '${workspaceFolder}/build/a.elf'],
			],
		);
	});

	it('names the single ELF configuration plainly', async () => {
		const got = await initialConfigurations(fakeHost({ elves: [path.join(folder, 'fw.elf')] }));
		assert.deepStrictEqual(got, [defaultConfiguration('${workspaceFolder}/fw.elf')]);
	});
});

describe('paths', () => {
	it('isElf', () => {
		assert.ok(isElf('a/b/FW.ELF'));
		assert.ok(!isElf('a.elf.c'));
		assert.ok(!isElf(undefined));
	});
	it('toWorkspacePath', () => {
		assert.strictEqual(toWorkspacePath(path.join(folder, 'x', 'y.elf'), folder), '${workspaceFolder}/x/y.elf');
		assert.strictEqual(toWorkspacePath(path.resolve('/other/y.elf'), folder), path.resolve('/other/y.elf'));
		assert.strictEqual(toWorkspacePath('rel.elf', folder), 'rel.elf');
		assert.strictEqual(toWorkspacePath(path.join(folder, 'y.elf'), undefined), path.join(folder, 'y.elf'));
	});
});

describe('validation', () => {
	const base: LaunchConfig = { type: 'rewind', request: 'launch', name: 'x', program: '/ws/fw.elf' };
	const cases: [string, Partial<LaunchConfig>, RegExp[]][] = [
		['a good configuration', {}, []],
		['every argument set well', { stopOnEntry: true, board: 'virt', harts: 8, memorySize: 64, checkpointBudget: 512, cwd: '/ws', svdPath: '', uartInput: 'x\n' }, []],
		['no program nor recording', { program: undefined }, [/set "program"/]],
		['a recording alone', { program: undefined, recording: '/ws/run.rwd' }, []],
		['attach', { request: 'attach' }, [/"request" must be "launch"/]],
		['harts 0', { harts: 0 }, [/"harts" must be a whole number from 1 to 8/]],
		['harts 9', { harts: 9 }, [/"harts"/]],
		['harts 1.5', { harts: 1.5 }, [/"harts"/]],
		['memory as a string', { memorySize: '128' as unknown as number }, [/"memorySize" must be a whole number of MiB/]],
		['no checkpoint memory', { checkpointBudget: 0 }, [/"checkpointBudget"/]],
		['unknown board', { board: 'hifive1' }, [/"board" must be one of "virt", "mps2-an385", "mps2-an386", "mps2-an500", "lm3s6965evb", "hifive1-revb", "sifive_e" or the path of a board file/]],
		['an mps2 board', { board: 'mps2-an386' }, []],
		['the Cortex-M7 board', { board: 'mps2-an500' }, []],
		['the Stellaris board', { board: 'lm3s6965evb' }, []],
		['a board file', { board: '${workspaceFolder}/boards/my.yaml' }, []],
		['stopAtExit', { stopAtExit: false }, []],
		['stopAtExit as a string', { stopAtExit: 'no' as unknown as boolean }, [/"stopAtExit" must be true or false/]],
		['a sourceFileMap', { sourceFileMap: { '/build': '/ws', 'C:\\ci': '/ws/ci' } }, []],
		['a sourceFileMap as a list', { sourceFileMap: ['/build', '/ws'] as unknown as Record<string, string> }, [/"sourceFileMap" must map build folders/]],
		['a sourceFileMap to a number', { sourceFileMap: { '/build': 3 } as unknown as Record<string, string> }, [/"sourceFileMap"/]],
		['stopOnEntry as a string', { stopOnEntry: 'yes' as unknown as boolean }, [/"stopOnEntry" must be true or false/]],
		['program as a number', { program: 3 as unknown as string }, [/"program" must be a string/]],
		['two problems', { harts: 0, board: 'x' }, [/"board"/, /"harts"/]],
	];
	for (const [name, change, want] of cases) {
		it(name, () => {
			const errs = validateConfiguration({ ...base, ...change });
			assert.strictEqual(errs.length, want.length, errs.join('; '));
			want.forEach((re, i) => assert.match(errs[i], re));
		});
	}

	it('checks that files exist, relative to cwd', () => {
		const seen: string[] = [];
		const exists = (p: string) => {
			seen.push(p);
			return p.endsWith('fw.elf');
		};
		const errs = validateConfiguration({ ...base, program: 'fw.elf', recording: 'run.rwd', cwd: '/ws' }, exists);
		assert.deepStrictEqual(seen, [path.join('/ws', 'fw.elf'), path.join('/ws', 'run.rwd')]);
		assert.strictEqual(errs.length, 1);
		assert.match(errs[0], /"recording" names a file that does not exist/);
	});
});

describe('package.json', () => {
	// out/tsc/test/unit -> vscode-extension
	const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'));
	const dbg = pkg.contributes.debuggers[0];
	const props = dbg.configurationAttributes.launch.properties as Record<string, { description?: string; default?: unknown; type?: string }>;

	it('describes every launch argument, and no other', () => {
		// "board" is anyOf (a name or a path): its type is on the alternatives
		if (!props.board.type) {
			props.board.type = 'string';
		}
		assert.deepStrictEqual(Object.keys(props).sort(), [...launchArguments].sort());
		for (const [name, p] of Object.entries(props)) {
			assert.ok(p.description && p.description.length > 10, `${name} has a description`);
			assert.ok('default' in p, `${name} has a default`);
			assert.ok(p.type, `${name} has a type`);
		}
		assert.deepStrictEqual(props.board.default, 'virt');
		const board = props.board as { anyOf?: { enum?: string[] }[] };
		assert.deepStrictEqual(board.anyOf?.[0].enum, [...boards], 'the built-in boards, then any path');
		assert.strictEqual(props.stopAtExit.default, true);
	});

	it('offers configurations that pass validation', () => {
		for (const c of [...dbg.initialConfigurations, ...dbg.configurationSnippets.map((s: { body: LaunchConfig }) => s.body)]) {
			assert.deepStrictEqual(validateConfiguration(c), [], JSON.stringify(c));
		}
		assert.deepStrictEqual(
			dbg.configurationSnippets.map((s: { label: string }) => s.label),
			['Rewind: debug firmware', 'Rewind: debug a recording', 'Rewind: debug Cortex-M3 firmware (mps2-an385)', 'Rewind: debug Cortex-M4 firmware (mps2-an386)',
				'Rewind: debug HiFive1 Rev B firmware (hifive1-revb)', 'Rewind: debug firmware on a board of your own', 'Rewind: debug firmware built elsewhere'],
		);
	});

	it('shows the toolbar buttons only in Rewind sessions, with codicons', () => {
		const cmds = new Map<string, { icon?: unknown }>(pkg.contributes.commands.map((c: { command: string }) => [c.command, c]));
		for (const m of pkg.contributes.menus['debug/toolBar']) {
			assert.match(m.when, /^debugType == 'rewind'/);
			const icon = cmds.get(m.command)?.icon;
			assert.ok(typeof icon === 'string' && /^\$\([a-z-]+\)$/.test(icon), `${m.command} has a codicon, not ${JSON.stringify(icon)}`);
		}
		for (const k of pkg.contributes.keybindings) {
			assert.match(k.when, /debugType == 'rewind'/);
		}
	});

	it('adds Step Back and Reverse only where the host lacks them (Theia)', () => {
		const bar = pkg.contributes.menus['debug/toolBar'] as { command: string; when: string }[];
		for (const c of ['rewind.stepBack', 'rewind.reverseContinue']) {
			assert.strictEqual(bar.find((m) => m.command === c)?.when, "debugType == 'rewind' && !stepBackSupported");
		}
		const keys = pkg.contributes.keybindings as { command: string; key: string; when: string }[];
		for (const [key, builtin, own] of [
			['ctrl+f5', 'workbench.action.debug.reverseContinue', 'rewind.reverseContinue'],
			['ctrl+f10', 'workbench.action.debug.stepBack', 'rewind.stepBack'],
		]) {
			assert.match(keys.find((k) => k.key === key && k.command === builtin)?.when ?? '', /&& stepBackSupported/);
			assert.match(keys.find((k) => k.key === key && k.command === own)?.when ?? '', /&& !stepBackSupported/);
		}
		assert.ok(bar.length <= 4, `few toolbar items so Stop is never clipped: ${bar.map((m) => m.command).join(', ')}`);
		// a host without its own reverse buttons (Theia) gets two items of
		// ours, not four: Reverse Step In/Out stay in the palette and on keys
		const inTheia = bar.filter((m) => !m.when.includes('&& stepBackSupported'));
		assert.deepStrictEqual(inTheia.map((m) => m.command), ['rewind.stepBack', 'rewind.reverseContinue']);
	});

	it('names both architectures it debugs, not RISC-V alone', () => {
		for (const [what, text] of [['displayName', pkg.displayName], ['description', pkg.description], ['debugger label', dbg.label],
			['first snippet', dbg.configurationSnippets[0].description]] as [string, string][]) {
			assert.match(text, /RISC-V/, what);
			assert.match(text, /Cortex-M/, what);
		}
		assert.ok(dbg.languages.includes('arm') && dbg.languages.includes('riscv'), `debugger languages ${dbg.languages}`);
		assert.ok(pkg.keywords.includes('cortex-m'), `keywords ${pkg.keywords}`);
	});

	it('stays within the VS Code versions it is tested on', () => {
		assert.strictEqual(pkg.engines.vscode, '^1.90.0');
		assert.match(pkg.devDependencies['@types/vscode'], /1\.90\./);
	});
});
