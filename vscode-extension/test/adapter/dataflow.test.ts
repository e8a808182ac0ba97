// Adapter tests of the dataflow and history requests the extension sends
// (rewind/origin, rewind/query, rewind/timeline's lanes), through
// DebugClient against the real `rewind dap`, on the dataflow test firmware
// (a UART byte → arithmetic → struct → byte copy → argument) and the test
// RTOS kernel.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';

const repo = path.resolve(__dirname, '..', '..', '..', '..', '..');
const dataflowElf = path.join(repo, 'testdata', 'dataflow', 'dataflow.elf');
const dataflowC = path.join(repo, 'testdata', 'dataflow', 'dataflow.c');
const rtosElf = path.join(repo, 'testdata', 'rtos', 'rtos.elf');

function lineOf(file: string, text: string): number {
	const i = fs.readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(text));
	assert.ok(i >= 0, `${path.basename(file)} has "${text}"`);
	return i + 1;
}

function buildRewind(): string {
	if (process.env.REWIND_BIN) {
		return path.resolve(process.env.REWIND_BIN);
	}
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewind-adapter-test-'));
	const bin = path.join(dir, 'rewind');
	execFileSync('go', ['build', '-o', bin, './cmd/rewind'], { cwd: repo, stdio: 'inherit' });
	return bin;
}

interface Origin {
	id: string;
	name: string;
	value: string;
	kind: string;
	isSource: boolean;
	function?: string;
	line?: number;
	time: number;
	note?: string;
	label: string;
	inputs: { id: string; name: string }[];
	children?: Origin[];
}

describe('dataflow and history requests through DebugClient', function () {
	this.timeout(60000);
	let bin: string;
	let dc: DebugClient;

	before(function () {
		this.timeout(300000);
		bin = buildRewind();
	});
	beforeEach(async () => {
		dc = new DebugClient(bin, 'dap', 'rewind');
		dc.defaultTimeout = 30000;
		await dc.start();
	});
	afterEach(() => dc.stop());

	/** runToExit launches a program with no breakpoints; it stops before its exit. */
	async function runToExit(args: object, setup?: () => Promise<unknown>): Promise<DebugProtocol.StackFrame> {
		const [, , ev] = await Promise.all([
			(async () => {
				await dc.waitForEvent('initialized');
				await setup?.();
				await dc.configurationDoneRequest();
			})(),
			dc.initializeRequest({ adapterID: 'rewind', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' }).then(() => dc.launch(args)),
			dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>,
		]);
		assert.strictEqual(ev.body.reason, 'exit');
		return (await dc.stackTraceRequest({ threadId: ev.body.threadId ?? 1 })).body.stackFrames[0];
	}

	async function origin(args: object): Promise<Origin> {
		return (await dc.customRequest('rewind/origin', args)).body as Origin;
	}

	it('follows final_value from the Variables view to the UART byte, node by node, and seeks to a node', async () => {
		const frame = await runToExit({ program: dataflowElf, uartInput: 'A' });
		// the Variables view names members with their expressions
		const scopes = (await dc.scopesRequest({ frameId: frame.id })).body.scopes;
		const globals = scopes.find((s) => /global/i.test(s.name));
		assert.ok(globals, `a Globals scope in ${scopes.map((s) => s.name)}`);
		const vars = (await dc.variablesRequest({ variablesReference: globals.variablesReference })).body.variables;
		const dst = vars.find((v) => v.name === 'dst');
		assert.ok(dst && dst.variablesReference > 0, 'dst is a struct');
		const members = (await dc.variablesRequest({ variablesReference: dst.variablesReference })).body.variables;
		assert.deepStrictEqual(members.map((m) => m.evaluateName), ['dst.id', 'dst.scaled', 'dst.flags']);

		const root = await origin({ expression: 'final_value', frameId: frame.id });
		assert.strictEqual(root.label, 'final_value = 0x4b2  stored by `sw a0, 0(s0)` at dataflow.c:76 in main, time 405');
		const chain: Origin[] = [root];
		for (let n = root; n.inputs.length > 0; ) {
			assert.ok(chain.length < 40, 'the chain ends');
			n = await origin({ value: n.inputs[0].id });
			chain.push(n);
		}
		const last = chain[chain.length - 1];
		assert.strictEqual(last.kind, 'device read');
		assert.ok(last.isSource && last.value === '0x41' && /UART0 RBR read/.test(last.note ?? ''), last.label);
		assert.deepStrictEqual(
			chain.map((n) => `${n.kind} in ${n.function}`),
			['stored in main', 'computed in finish', 'loaded in main', 'stored in copy_bytes', 'loaded in copy_bytes', 'stored in main',
				'computed in main', 'computed in main', 'computed in main', 'loaded in main', 'stored in trap_handler', 'device read in trap_handler'],
		);
		for (let i = 1; i < chain.length; i++) {
			assert.ok(chain[i].time <= chain[i - 1].time, `node ${i} is no later than its parent`);
		}
		// the expression of a member, as the Variables view gives it
		const member = await origin({ expression: 'dst.scaled', frameId: frame.id });
		assert.match(member.label, /^dst\.scaled = 0xca {2}stored by `sb a5, -1\(a0\)` at dataflow\.c:46 in copy_bytes/);
		// a click on a node: seek there
		const computed = chain[1];
		const [, ev] = await Promise.all([dc.customRequest('rewind/seek', { time: computed.time }), dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>]);
		const top = (await dc.stackTraceRequest({ threadId: ev.body.threadId ?? 1 })).body.stackFrames[0];
		assert.strictEqual(top.name.replace(/\(.*$/, ''), 'finish');
		assert.strictEqual(top.line, computed.line);
	});

	it('a retroactive log point prints what the same log point set before the run printed', async () => {
		const line = lineOf(dataflowC, '*d++ = *s++;');
		const message = 'n={n} d={d}';
		const live: string[] = [];
		dc.on('output', (e: DebugProtocol.OutputEvent) => {
			if (e.body.category === 'console' && /^n=/.test(e.body.output)) {
				live.push(e.body.output.replace(/\n$/, ''));
			}
		});
		await runToExit({ program: dataflowElf, uartInput: 'A' }, () =>
			dc.setBreakpointsRequest({ source: { path: dataflowC }, breakpoints: [{ line, logMessage: message }] }),
		);
		await dc.setBreakpointsRequest({ source: { path: dataflowC }, breakpoints: [] });
		const r = (await dc.customRequest('rewind/query', { query: 'logpoint', path: dataflowC, line, message })).body as {
			total: number;
			items: { time: number; label: string; line: number }[];
		};
		assert.ok(live.length > 0, 'the live log point printed');
		assert.strictEqual(r.total, live.length);
		assert.deepStrictEqual(r.items.map((i) => i.label), live);
		assert.ok(r.items.every((i) => i.line === line));
		// each line's moment: seeking there stops on that line
		const pick = r.items[2];
		await Promise.all([dc.customRequest('rewind/seek', { time: pick.time }), dc.waitForEvent('stopped')]);
		assert.strictEqual((await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0].line, line);
	});

	it('lists interrupt and task lanes for the RTOS firmware; seeking into a task interval makes that task the running thread', async () => {
		await runToExit({ program: rtosElf });
		type Lane = { id: string; label: string; kind: string; events: { time: number }[]; intervals?: { from: number; to: number }[]; total: number };
		const tl = (await dc.customRequest('rewind/timeline', { lanes: { interrupts: true, exceptions: true, tasks: true } })).body as { lanes: Lane[] };
		const tasks = tl.lanes.filter((l) => l.kind === 'task');
		assert.deepStrictEqual(tasks.map((l) => l.label).sort(), ['task Busy', 'task Cons', 'task Mon', 'task Prod']);
		assert.ok(tl.lanes.some((l) => l.kind === 'interrupt' && /timer/.test(l.label) && l.total > 0), 'a lane of timer interrupts');
		const cons = tasks.find((l) => l.label === 'task Cons') as Lane;
		const iv = (cons.intervals ?? [])[3];
		const mid = Math.floor((iv.from + iv.to) / 2);
		const [, ev] = await Promise.all([dc.customRequest('rewind/seek', { time: mid }), dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>]);
		const threads = (await dc.threadsRequest()).body.threads;
		const running = threads.find((t) => t.id === ev.body.threadId);
		assert.ok(running && /^Cons\b/.test(running.name), `the stop names ${running?.name} (threads: ${threads.map((t) => t.name).join(', ')})`);
	});
});
