// Adapter tests: the real `rewind dap` (built from ../cmd/rewind) driven by
// @vscode/debugadapter-testsupport's DebugClient, the way VS Code drives it,
// on the demo firmware: launch, breakpoints, stepBack, reverseContinue and
// the custom requests the extension sends.
//
// REWIND_BIN names a ready binary; otherwise one is built into a temporary
// folder with `go build`.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';
import { buildDemoIn } from '../common/firmware';

// out/tsc/test/adapter -> the repository root
const repo = path.resolve(__dirname, '..', '..', '..', '..', '..');
const firmware = path.join(repo, 'testdata', 'firmware');
const demoElf = path.join(firmware, 'demo.elf');
const demoC = path.join(firmware, 'demo.c');

/** lineOf finds the 1-based line of demo.c holding text (exactly once). */
function lineOf(text: string): number {
	const lines = fs.readFileSync(demoC, 'utf8').split('\n');
	const hits = lines.map((l, i) => (l.includes(text) ? i + 1 : 0)).filter((n) => n > 0);
	assert.strictEqual(hits.length, 1, `"${text}" should be on exactly one line of demo.c`);
	return hits[0];
}

/** buildRewind returns a rewind binary, building it when REWIND_BIN is unset. */
function buildRewind(): string {
	if (process.env.REWIND_BIN) {
		return path.resolve(process.env.REWIND_BIN);
	}
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewind-adapter-test-'));
	const bin = path.join(dir, process.platform === 'win32' ? 'rewind.exe' : 'rewind');
	execFileSync('go', ['build', '-o', bin, './cmd/rewind'], { cwd: repo, stdio: 'inherit' });
	return bin;
}

/** startClient starts `rewind dap` under a DebugClient. */
async function startClient(bin: string): Promise<DebugClient> {
	const dc = new DebugClient(bin, 'dap', 'rewind');
	dc.defaultTimeout = 30000;
	await dc.start();
	return dc;
}

type Timeline = { start: number; end: number; now: number; checkpoints: number[]; stops: { time: number; reason: string }[]; output: { time: number; text: string }[] };

describe('rewind dap through DebugClient', function () {
	this.timeout(60000);
	let bin: string;
	let dc: DebugClient;

	const wrap = lineOf('if (s->head > RING_SIZE)');
	const incr = lineOf('s->head++;');
	const callRecord = lineOf('record(&sensor, raw);');

	before(function () {
		this.timeout(300000);
		bin = buildRewind();
	});

	beforeEach(async () => {
		dc = await startClient(bin);
	});
	afterEach(() => dc.stop());

	const launch = { program: demoElf, cwd: firmware };

	async function top(threadId: number): Promise<DebugProtocol.StackFrame> {
		const st = await dc.stackTraceRequest({ threadId });
		assert.ok(st.body.stackFrames.length > 0, 'a stack frame');
		return st.body.stackFrames[0];
	}

	async function stopped(reason?: string): Promise<{ threadId: number; frame: DebugProtocol.StackFrame }> {
		const ev = (await dc.waitForEvent('stopped')) as DebugProtocol.StoppedEvent;
		if (reason) {
			assert.strictEqual(ev.body.reason, reason);
		}
		const threadId = ev.body.threadId ?? 1;
		return { threadId, frame: await top(threadId) };
	}

	async function timeline(): Promise<Timeline> {
		return (await dc.customRequest('rewind/timeline', {})).body as Timeline;
	}

	/** hitWrap launches and stops at the first hit of the breakpoint on `wrap`. */
	async function hitWrap(): Promise<number> {
		await dc.hitBreakpoint(launch, { path: demoC, line: wrap });
		const th = await dc.threadsRequest();
		return th.body.threads[0].id;
	}

	it('says it can step back', async () => {
		const r = await dc.initializeRequest({ adapterID: 'rewind', pathFormat: 'path', linesStartAt1: true, columnsStartAt1: true });
		assert.strictEqual(r.body?.supportsStepBack, true);
	});

	it('launches the demo and stops at a breakpoint', async () => {
		await hitWrap();
	});

	it('steps back to the previous line, then reverse-continues to the earlier hit', async () => {
		const threadId = await hitWrap();
		const first = (await timeline()).now;
		await Promise.all([dc.continueRequest({ threadId }), stopped('breakpoint')]);
		const second = (await timeline()).now;
		assert.ok(second > first, `the second hit (t=${second}) is after the first (t=${first})`);

		const [, back] = await Promise.all([dc.stepBackRequest({ threadId }), stopped('step')]);
		assert.strictEqual(back.frame.line, incr, 'Step Back lands on the line before the breakpoint');
		assert.ok((await timeline()).now < second);

		const [, rev] = await Promise.all([dc.reverseContinueRequest({ threadId }), stopped('breakpoint')]);
		assert.strictEqual(rev.frame.line, wrap);
		assert.strictEqual((await timeline()).now, first, 'Reverse lands on the first hit');
	});

	it('answers rewind/timeline with the run so far and its UART output', async () => {
		const threadId = await hitWrap();
		await Promise.all([dc.continueRequest({ threadId }), stopped('breakpoint')]);
		const t = await timeline();
		assert.ok(t.start <= t.now && t.now <= t.end, JSON.stringify({ start: t.start, now: t.now, end: t.end }));
		assert.ok(Array.isArray(t.checkpoints) && Array.isArray(t.stops) && Array.isArray(t.output));
		assert.ok(t.stops.length >= 2, 'both breakpoint stops are remembered');
		const text = t.output.map((o) => o.text).join('');
		assert.match(text, /demo: logging temperatures/);
		for (const o of t.output) {
			assert.ok(o.time >= t.start && o.time <= t.end, `output at t=${o.time} is inside the run`);
		}
	});

	it('seeks to a time with rewind/seek and reports a goto stop there', async () => {
		const threadId = await hitWrap();
		await Promise.all([dc.continueRequest({ threadId }), stopped('breakpoint')]);
		const before = await timeline();
		const target = Math.floor((before.start + before.now) / 2);
		const [resp] = await Promise.all([dc.customRequest('rewind/seek', { time: target }), stopped('goto')]);
		assert.strictEqual(resp.body.time, target);
		assert.strictEqual((await timeline()).now, target);
	});

	it('reverse-steps out of record() to its call site in main', async () => {
		const threadId = await hitWrap();
		await Promise.all([dc.continueRequest({ threadId }), stopped('breakpoint')]);
		const [, out] = await Promise.all([dc.customRequest('rewind/reverseStepOut', { threadId }), stopped()]);
		assert.strictEqual(out.frame.name.replace(/\(.*$/, ''), 'main');
		assert.strictEqual(out.frame.line, callRecord);
	});

	it('reverse-steps into the function called on the previous line', async () => {
		const after = lineOf('put_str("reading ");');
		await dc.hitBreakpoint(launch, { path: demoC, line: after });
		const threadId = (await dc.threadsRequest()).body.threads[0].id;
		const [, into] = await Promise.all([dc.customRequest('rewind/reverseStepIn', { threadId }), stopped()]);
		assert.strictEqual(into.frame.name.replace(/\(.*$/, ''), 'record');
		assert.strictEqual(into.frame.line, lineOf('s->count++;'), 'the last statement of record()');
	});

	it('finds the write to sensor.calibration with a data breakpoint, backwards', async () => {
		const check = lineOf('if (sensor.calibration != CALIBRATION)');
		await dc.hitBreakpoint(launch, { path: demoC, line: check });
		const threadId = (await dc.threadsRequest()).body.threads[0].id;
		const frame = await top(threadId);
		const info = await dc.dataBreakpointInfoRequest({ name: 'sensor.calibration', frameId: frame.id });
		assert.ok(info.body.dataId, `a data id for sensor.calibration: ${info.body.description}`);
		const set = await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: info.body.dataId as string, accessType: 'write' }] });
		assert.strictEqual(set.body.breakpoints[0].verified, true);
		await dc.setBreakpointsRequest({ source: { path: demoC }, breakpoints: [] });
		const [, hit] = await Promise.all([dc.reverseContinueRequest({ threadId }), stopped('data breakpoint')]);
		assert.strictEqual(hit.frame.line, lineOf('s->ring[s->head] = raw;'), 'the out-of-bounds ring write');
	});

	it('stops just before the exit, keeps the history, reverses to the bad write, then ends', async () => {
		const exitLine = lineOf('TEST_EXIT = (1u << 16) | 0x3333;');
		// no breakpoints: the run goes to the firmware's exit and stops there
		const [, , ev] = await Promise.all([
			dc.configurationSequence(),
			dc.launch(launch),
			dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>,
		]);
		assert.strictEqual(ev.body.reason, 'exit');
		assert.strictEqual(ev.body.description, 'Exiting with code 1 (continue ends the session)');
		const threadId = ev.body.threadId ?? 1;
		const frame = await top(threadId);
		assert.strictEqual(frame.name.replace(/\(.*$/, ''), 'main');
		assert.strictEqual(frame.line, exitLine, 'the frame is on the exiting store');
		const atExit = await timeline();
		assert.strictEqual(atExit.stops[atExit.stops.length - 1].reason, 'exiting');
		assert.strictEqual((atExit.stops[atExit.stops.length - 1] as { exitCode?: number }).exitCode, 1);
		// the data breakpoint, set at the exit, finds the bad write backwards
		const info = await dc.dataBreakpointInfoRequest({ name: 'sensor.calibration', frameId: frame.id });
		assert.ok(info.body.dataId, `a data id for sensor.calibration: ${info.body.description}`);
		const set = await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: info.body.dataId as string, accessType: 'write' }] });
		assert.strictEqual(set.body.breakpoints[0].verified, true);
		const [, hit] = await Promise.all([dc.reverseContinueRequest({ threadId }), stopped('data breakpoint')]);
		assert.strictEqual(hit.frame.name.replace(/\(.*$/, ''), 'record');
		assert.strictEqual(hit.frame.line, lineOf('s->ring[s->head] = raw;'), 'the out-of-bounds ring write');
		assert.ok((await timeline()).now < atExit.now);
		// forward again: the exit stops the run once more (past the write,
		// nothing changes the calibration), then Continue ends the session
		await dc.setDataBreakpointsRequest({ breakpoints: [] });
		await Promise.all([dc.continueRequest({ threadId }), stopped('exit')]);
		assert.strictEqual((await timeline()).now, atExit.now, 'the same stop before the exit');
		const [, exited] = await Promise.all([
			dc.continueRequest({ threadId }),
			dc.waitForEvent('exited') as Promise<DebugProtocol.ExitedEvent>,
			dc.waitForEvent('terminated'),
		]);
		assert.strictEqual(exited.body.exitCode, 1);
	});

	it('sends rewind/timelineChanged after a stop', async () => {
		const changed = dc.waitForEvent('rewind/timelineChanged');
		await hitWrap();
		const ev = await changed;
		const b = ev.body as { start: number; end: number; now: number };
		assert.ok(b.start <= b.now && b.now <= b.end);
	});
});

describe('firmware built in another folder', function () {
	this.timeout(120000);
	let bin: string;
	let dc: DebugClient;
	let root: string;
	let elf: string;
	let build: string;
	let ws: string;
	const wrap = lineOf('if (s->head > RING_SIZE)');

	before(function () {
		this.timeout(300000);
		bin = buildRewind();
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'rewind-elsewhere-'));
		build = path.join(root, 'ci', 'build');
		elf = buildDemoIn(build);
		ws = path.join(root, 'workspace');
		fs.mkdirSync(ws);
		fs.copyFileSync(demoC, path.join(ws, 'demo.c'));
	});
	after(() => fs.rmSync(root, { recursive: true, force: true }));

	beforeEach(async () => {
		dc = await startClient(bin);
	});
	afterEach(() => dc.stop());

	async function consoleText(): Promise<string> {
		const out: string[] = [];
		const deadline = Date.now() + 5000;
		while (Date.now() < deadline && !out.some((o) => o.includes('are shown from'))) {
			const ev = (await dc.waitForEvent('output', 5000)) as DebugProtocol.OutputEvent;
			out.push(ev.body.output);
		}
		return out.join('');
	}

	async function hitInWorkspace(launch: object, says: string): Promise<DebugProtocol.StackFrame> {
		const wsC = path.join(ws, 'demo.c');
		const said = consoleText();
		await dc.hitBreakpoint(launch, { path: wsC, line: wrap }, { path: wsC, line: wrap });
		const st = await dc.stackTraceRequest({ threadId: 1 });
		const top = st.body.stackFrames[0];
		assert.strictEqual(top.source?.path, wsC, 'the frame shows the workspace copy');
		assert.ok((await said).includes(says), `the Debug Console says "${says}"`);
		return top;
	}

	it('maps the build folder with sourceFileMap', async () => {
		await hitInWorkspace({ program: elf, sourceFileMap: { [build]: ws } }, `sourceFileMap: sources compiled in ${build} are shown from ${ws}.`);
	});

	it('finds the sources under the workspace folder when the build folder is gone', async () => {
		fs.renameSync(path.join(build, 'demo.c'), path.join(build, 'demo.c.moved'));
		try {
			await hitInWorkspace({ program: elf, workspaceFolder: ws }, `sources compiled in ${build} are not on this machine; they are shown from ${ws}, where the same files are (${path.join(ws, 'demo.c')})`);
		} finally {
			fs.renameSync(path.join(build, 'demo.c.moved'), path.join(build, 'demo.c'));
		}
	});
});
