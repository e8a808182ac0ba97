// End-to-end test in a real VS Code: code-server serves the workbench,
// Chromium shows it, the packaged linux-x64 .vsix is installed, and the test
// presses F5 and clicks Step Back, Reverse and the Rewind Timeline the way a
// user does. Screenshots go to test-output/.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Browser, Page } from 'playwright-core';
import { buildDemoIn } from '../common/firmware';
import { CodeServer } from './codeServer';
import {
	closeWorkbench, expandTo, extRoot, findFiles, openWorkbench, outDir, runCommand, shot, startConfiguration, statusTime, timelineFrame, topFrame, variableRow, waitForHeader, waitForLine,
	waitForTimeChange,
} from './ui';

const repo = path.resolve(extRoot, '..');
const firmware = path.join(repo, 'testdata', 'firmware');
const version = JSON.parse(fs.readFileSync(path.join(extRoot, 'package.json'), 'utf8')).version as string;
const vsix = path.join(extRoot, 'dist', `rewind-linux-x64-${version}.vsix`);

const demoSource = fs.readFileSync(path.join(firmware, 'demo.c'), 'utf8');
function lineOf(text: string): number {
	const i = demoSource.split('\n').findIndex((l) => l.includes(text));
	assert.ok(i >= 0, `demo.c has "${text}"`);
	return i + 1;
}

/** The launch configurations that must not start, and what each says. */
const refused: { name: string; program: string; says: RegExp }[] = [
	{ name: 'Refused: source file', program: '${workspaceFolder}/demo.c', says: /is not an ELF file \(it does not start with 7F 45 4C 46\): \S*demo\.c/ },
	{ name: 'Refused: folder', program: '${workspaceFolder}/.vscode', says: /is a folder, not a firmware ELF: \S*\.vscode/ },
	{ name: 'Refused: x86 ELF', program: '${workspaceFolder}/x86.elf', says: /is an ELF for x86 \(i386\) \(e_machine 3\), not RISC-V or Arm: \S*x86\.elf/ },
	{ name: 'Refused: 64-bit ELF', program: '${workspaceFolder}/rv64.elf', says: /is a 64-bit ELF: \S*rv64\.elf/ },
	{ name: 'Refused: missing', program: '${workspaceFolder}/build/none.elf', says: /does not exist: \S*none\.elf/ },
];

/** elfHeader writes the first bytes of an ELF for a class and machine. */
function elfHeader(cls: number, machine: number): Buffer {
	const h = Buffer.alloc(64);
	h.set([0x7f, 0x45, 0x4c, 0x46, cls, 1, 1]);
	h.writeUInt16LE(machine, 18);
	return h;
}

/**
 * makeWorkspace copies the demo firmware next to a launch.json, builds
 * another copy in a build folder outside the workspace (as CI does), and
 * adds configurations that must be refused.
 */
function makeWorkspace(root: string): { ws: string; build: string } {
	const ws = path.join(root, 'workspace');
	fs.mkdirSync(path.join(ws, '.vscode'), { recursive: true });
	for (const f of ['demo.c', 'demo.elf']) {
		fs.copyFileSync(path.join(firmware, f), path.join(ws, f));
	}
	fs.writeFileSync(path.join(ws, 'x86.elf'), elfHeader(1, 3));
	fs.writeFileSync(path.join(ws, 'rv64.elf'), elfHeader(2, 243));
	const build = path.join(root, 'ci-build');
	const elsewhere = buildDemoIn(build);
	fs.writeFileSync(
		path.join(ws, '.vscode', 'launch.json'),
		JSON.stringify(
			{
				version: '0.2.0',
				configurations: [
					{ type: 'rewind', request: 'launch', name: 'Rewind: debug demo', program: '${workspaceFolder}/demo.elf' },
					{ type: 'rewind', request: 'launch', name: 'Rewind: demo built elsewhere', program: elsewhere, sourceFileMap: { [build]: '${workspaceFolder}' } },
					...refused.map((r) => ({ type: 'rewind', request: 'launch', name: r.name, program: r.program })),
				],
			},
			null,
			2,
		),
	);
	return { ws, build };
}

/** openDemo opens the workspace's demo.c with Quick Open. */
async function openDemo(page: Page): Promise<void> {
	await page.keyboard.press('Control+P');
	const input = page.locator('.quick-input-widget input');
	await input.waitFor({ state: 'visible' });
	await input.fill('demo.c');
	await page.locator('.quick-input-list .monaco-list-row', { hasText: 'demo.c' }).first().waitFor();
	await input.press('Enter');
}

/** toggleBreakpoint goes to a line of the active editor and presses F9. */
async function toggleBreakpoint(page: Page, line: number): Promise<void> {
	await page.locator('.monaco-editor .view-lines').first().click();
	await page.keyboard.press('Control+G');
	await page.locator('.quick-input-widget input').fill(':' + line);
	await page.keyboard.press('Enter');
	await page.keyboard.press('F9');
	await page.waitForTimeout(300);
}

describe('Rewind in a real VS Code (code-server + Chromium)', function () {
	this.timeout(300000);
	let root: string;
	let server: CodeServer;
	let browser: Browser;
	let page: Page;
	const wrap = lineOf('if (s->head > RING_SIZE)');
	const incr = lineOf('s->head++;');
	const check = lineOf('if (sensor.calibration != CALIBRATION)');
	const ringWrite = lineOf('s->ring[s->head] = raw;');
	const callRecord = lineOf('record(&sensor, raw);');
	const exitLine = lineOf('TEST_EXIT = (1u << 16) | 0x3333;');
	const setCalibration = lineOf('sensor.calibration = CALIBRATION;');

	before(async () => {
		assert.ok(fs.existsSync(vsix), `${vsix} exists (run: node scripts/package.mjs --target linux-x64)`);
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'rewind-e2e-'));
		const { ws } = makeWorkspace(root);
		({ server, browser, page } = await openWorkbench(vsix, root, ws));
	});

	after(() => closeWorkbench({ server, browser, page }, root, '99-last'));

	it('opens the workbench with the extension installed and activating', async () => {
		await page.waitForTimeout(2000);
		await shot(page, '01-workbench');
		const exts = fs.readdirSync(path.join(root, 'extensions'));
		assert.ok(exts.some((e) => e.startsWith('rewind-debugger.rewind-')), `installed: ${exts.join(', ')}`);
		await runCommand(page, 'Rewind: Refresh Timeline');
		// the extension host logs each activation
		const deadline = Date.now() + 30000;
		for (;;) {
			const logs = findFiles(path.join(root, 'user-data', 'logs'), /exthost\.log$/);
			const text = logs.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
			if (/_doActivateExtension rewind-debugger\.rewind\b/.test(text)) {
				break;
			}
			if (Date.now() > deadline) {
				assert.fail(`the extension host logs no activation of rewind-debugger.rewind (${logs.join(', ')})`);
			}
			await page.waitForTimeout(500);
		}
	});

	it('stops at a breakpoint after F5', async () => {
		await openDemo(page);
		await page.locator('.monaco-editor .view-lines').first().waitFor({ state: 'visible' });
		await toggleBreakpoint(page, wrap);
		await page.locator('.codicon-debug-breakpoint').first().waitFor({ state: 'visible', timeout: 10000 });
		await page.waitForTimeout(1000);
		await page.keyboard.press('F5');
		const toolbar = page.locator('.debug-toolbar');
		try {
			await toolbar.waitFor({ state: 'visible', timeout: 8000 });
		} catch {
			await runCommand(page, 'Debug: Start Debugging');
			await toolbar.waitFor({ state: 'visible', timeout: 30000 });
		}
		await waitForLine(page, wrap, 'F5');
		await shot(page, '02-breakpoint');
	});

	let firstHit = 0;
	let secondHit = 0;

	it('shows the reverse buttons and the time in the status bar', async () => {
		await page.locator('.debug-toolbar .action-label[aria-label^="Step Back"]').waitFor({ state: 'visible' });
		await page.locator('.debug-toolbar .codicon-debug-reverse-continue').waitFor({ state: 'visible' });
		firstHit = await statusTime(page);
		await page.locator('.debug-toolbar .codicon-debug-continue').click();
		secondHit = await waitForTimeChange(page, firstHit);
		await waitForLine(page, wrap, 'Continue');
		assert.ok(secondHit > firstHit, `second hit t=${secondHit} after the first t=${firstHit}`);
	});

	it('Step Back moves the current line to the previous line; the status bar time stays', async () => {
		// watch the status bar item in the page itself, every animation frame
		await page.evaluate(() => {
			const w = window as unknown as { rewindGone: number; rewindWatch: boolean; rewindSeen: string[] };
			w.rewindGone = 0;
			w.rewindWatch = true;
			w.rewindSeen = [];
			const look = () => {
				const items = Array.from(document.querySelectorAll('.statusbar-item'));
				// the time, or "running…" when the machine is slow enough that
				// the step outlasts the status bar's patience
				if (!items.some((i) => /t=\d|running…/.test(i.textContent ?? ''))) {
					w.rewindGone++;
					if (w.rewindSeen.length < 3) {
						w.rewindSeen.push(items.map((i) => i.textContent?.trim()).join(' | '));
					}
				}
				if (w.rewindWatch) {
					requestAnimationFrame(look);
				}
			};
			requestAnimationFrame(look);
		});
		await page.locator('.debug-toolbar .action-label[aria-label^="Step Back"]').click();
		await waitForLine(page, incr, 'Step Back');
		await page.waitForTimeout(500);
		const { gone, seen } = await page.evaluate(() => {
			const w = window as unknown as { rewindGone: number; rewindWatch: boolean; rewindSeen: string[] };
			w.rewindWatch = false;
			return { gone: w.rewindGone, seen: w.rewindSeen };
		});
		assert.strictEqual(gone, 0, `the status bar item never disappeared during the step; it was gone ${gone} frames, the bar said: ${seen.join(' // ')}`);
		await shot(page, '03-step-back');
	});

	it('Reverse lands on the earlier breakpoint hit', async () => {
		const before = await statusTime(page);
		await page.locator('.debug-toolbar .codicon-debug-reverse-continue').click();
		const t = await waitForTimeChange(page, before);
		await waitForLine(page, wrap, 'Reverse');
		assert.strictEqual(t, firstHit, 'Reverse stops at the first hit');
		await shot(page, '04-reverse');
	});

	it('keeps VS Code\'s own Step Back and Reverse; the Theia fallbacks work through customRequest', async () => {
		// the extension's buttons are for hosts without stepBackSupported: not here
		assert.strictEqual(await page.locator('.debug-toolbar .codicon-debug-step-back').count(), 1, 'one Step Back button');
		assert.strictEqual(await page.locator('.debug-toolbar .codicon-debug-reverse-continue').count(), 1, 'one Reverse button');
		// every toolbar item has an icon that draws (codicons), and Stop fits
		await page.locator('.debug-toolbar .codicon-debug-stop').waitFor({ state: 'visible' });
		// the commands Theia's buttons run, from the palette
		await runCommand(page, 'Rewind: Step Back');
		await waitForLine(page, incr, 'Rewind: Step Back');
		const before = await statusTime(page);
		await page.locator('.debug-toolbar .codicon-debug-continue').click();
		assert.strictEqual(await waitForTimeChange(page, before), firstHit, 'Continue goes back to the first hit');
		await runCommand(page, 'Rewind: Reverse');
		const start = await waitForTimeChange(page, firstHit);
		assert.ok(start < firstHit, `Rewind: Reverse went back (t=${start})`);
		await page.locator('.debug-toolbar .codicon-debug-continue').click();
		assert.strictEqual(await waitForTimeChange(page, start), firstHit, 'and Continue comes back');
		await waitForLine(page, wrap, 'Continue after Rewind: Reverse');
	});

	it('shows the Rewind Timeline panel, and a click on a UART line seeks there', async () => {
		await runCommand(page, 'Rewind: Show Timeline');
		const view = timelineFrame(page);
		const line = view.locator('#uart li', { hasText: 'demo: logging temperatures' }).first();
		await line.waitFor({ state: 'visible', timeout: 30000 });
		await view.locator('.event.stops').first().waitFor({ state: 'attached' });
		await shot(page, '05-timeline');
		const lineTime = Number(await line.getAttribute('data-time'));
		const before = await statusTime(page);
		await line.click();
		const t = await waitForTimeChange(page, before);
		assert.strictEqual(t, lineTime, 'the click seeks to the time the line was printed');
		await shot(page, '06-timeline-seek');
		// the seek is a jump in time: the Call Stack header says so, and no
		// longer shows the previous stop's reason
		await waitForHeader(page, /moved in time/i);
		await shot(page, '06b-call-stack-header-after-seek');
		// a stop marker: back to the first breakpoint hit
		const marker = view.locator(`.event.stops[data-time="${firstHit}"]`).first();
		await marker.click();
		assert.strictEqual(await waitForTimeChange(page, t), firstHit, 'the click on a stop marker seeks to that stop');
		await waitForLine(page, wrap, 'stop marker');
	});

	it('zooms the timeline panel and moves in time by dragging its cursor', async () => {
		const view = timelineFrame(page);
		const plot = view.locator('#plot');
		assert.strictEqual((await view.locator('#view').textContent())?.trim(), 'whole run');
		const full = await view.locator('.tick').allTextContents();
		await plot.focus();
		await plot.press('+');
		await plot.press('+');
		await view.locator('#view', { hasText: 'showing' }).waitFor({ timeout: 10000 });
		const zoomed = await view.locator('.tick').allTextContents();
		assert.notDeepStrictEqual(zoomed, full, 'the axis shows other times when zoomed in');
		await shot(page, '11-timeline-zoomed');
		// wheel zooms back out around the pointer
		const box = await plot.boundingBox();
		assert.ok(box, 'the plot has a box');
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
		for (let i = 0; i < 12; i++) {
			await page.mouse.wheel(0, 200);
		}
		await view.locator('#view', { hasText: 'whole run' }).waitFor({ timeout: 10000 });
		// hover tells the time and what happened there
		const stopsLane = box.y + 22 + 11; // under the axis: the lane of stops, with few events
		await page.mouse.move(box.x + box.width * 0.3, stopsLane);
		await view.locator('#tooltip', { hasText: 't = ' }).waitFor({ state: 'visible', timeout: 10000 });
		await shot(page, '12-timeline-hover');
		// drag the cursor to the middle of the run
		const before = await statusTime(page);
		await page.mouse.move(box.x + box.width * 0.2, stopsLane);
		await page.mouse.down();
		await page.mouse.move(box.x + box.width * 0.4, stopsLane, { steps: 8 });
		await page.mouse.move(box.x + box.width * 0.55, stopsLane, { steps: 8 });
		await shot(page, '13-timeline-drag');
		await page.mouse.up();
		const t = await waitForTimeChange(page, before);
		const [start, end] = [Number(await plot.getAttribute('aria-valuemin')), Number(await plot.getAttribute('aria-valuemax'))];
		assert.ok(t > start + (end - start) * 0.45 && t < start + (end - start) * 0.65, `the drag lands near the middle: t=${t} in ${start}..${end}`);
		await waitForHeader(page, /moved in time/i);
		await shot(page, '14-timeline-after-drag');
		// the README's picture of the panel (media/ gets it when it has none
		// yet or REWIND_UPDATE_SCREENSHOT=1)
		await page.mouse.move(box.x + box.width / 2, box.y - 200);
		await view.locator('#tooltip').waitFor({ state: 'hidden' });
		const panelShot = path.join(outDir, 'screenshot-timeline-panel.png');
		await page.screenshot({ path: panelShot });
		const media = path.join(extRoot, 'media', 'screenshot-timeline-panel.png');
		if (!fs.existsSync(media) || process.env.REWIND_UPDATE_SCREENSHOT === '1') {
			fs.copyFileSync(panelShot, media);
		}
		// back to the first hit for what follows
		await view.locator(`.event.stops[data-time="${firstHit}"]`).first().click();
		assert.strictEqual(await waitForTimeChange(page, t), firstHit);
	});

	it('stops backwards at the write to sensor.calibration (reverse data breakpoint)', async () => {
		await toggleBreakpoint(page, wrap); // off
		await toggleBreakpoint(page, check);
		await page.locator('.debug-toolbar .codicon-debug-continue').click();
		await waitForLine(page, check, 'Continue to the calibration check');
		await expandTo(page, 'Globals', 'sensor');
		await expandTo(page, 'sensor', 'calibration');
		const cal = variableRow(page, 'calibration');
		await cal.waitFor({ state: 'visible', timeout: 15000 });
		const dataBp = page.locator('.debug-breakpoints .monaco-list-row', { hasText: 'calibration' }).first();
		// a menu ignores clicks that come right after it opened: wait, and retry
		for (let attempt = 1; ; attempt++) {
			await cal.click({ button: 'right' });
			const item = page.locator('.monaco-menu .action-item', { hasText: 'Break on Value Change' }).first();
			await item.waitFor({ state: 'visible', timeout: 15000 });
			await page.waitForTimeout(600);
			await item.click();
			try {
				await dataBp.waitFor({ state: 'visible', timeout: 5000 });
				break;
			} catch (err) {
				await page.keyboard.press('Escape');
				if (attempt === 3) {
					throw err;
				}
			}
		}
		await toggleBreakpoint(page, check); // off: only the data breakpoint is left
		await page.locator('.debug-toolbar .codicon-debug-reverse-continue').click();
		await waitForLine(page, ringWrite, 'Reverse to the write');
		await expandTo(page, 's', 'head');
		await page.waitForTimeout(1500);
		await shot(page, '07-reverse-data-breakpoint');
		const toasts = await page.locator('.notifications-toasts .notification-list-item-message').allTextContents();
		if (toasts.length > 0) {
			console.warn(`      notifications at the data breakpoint stop: ${toasts.join(' | ')}`);
		}
		// the README's picture: the same stop without notifications; media/
		// gets it when it has none yet or REWIND_UPDATE_SCREENSHOT=1
		await runCommand(page, 'Notifications: Clear All Notifications');
		await page.waitForTimeout(500);
		const readmeShot = path.join(outDir, 'screenshot-reverse-data-breakpoint.png');
		await page.screenshot({ path: readmeShot });
		const media = path.join(extRoot, 'media', 'screenshot-reverse-data-breakpoint.png');
		if (!fs.existsSync(media) || process.env.REWIND_UPDATE_SCREENSHOT === '1') {
			fs.copyFileSync(readmeShot, media);
		}
	});

	it('Reverse Step Out goes back to the call site in main', async () => {
		await page.locator('.debug-toolbar .action-label[aria-label^="Reverse Step Out"]').click();
		await waitForLine(page, callRecord, 'Reverse Step Out');
		const top = await topFrame(page);
		assert.strictEqual(top.name, 'main');
		await shot(page, '08-reverse-step-out');
	});

	it('Reverse Step In goes back into the function called on the previous line', async () => {
		await page.locator('.debug-toolbar .action-label[aria-label^="Reverse Step In"]').click();
		await waitForLine(page, lineOf('return 215 +'), 'Reverse Step In');
		assert.strictEqual((await topFrame(page)).name, 'read_sensor');
		await shot(page, '08-reverse-step-in');
	});

	it('Go to Time… (timeline title bar) moves to the time typed', async () => {
		const before = await statusTime(page);
		await page.locator('.part.panel .action-label[aria-label^="Go to Time"]').first().click();
		const input = page.locator('.quick-input-widget input');
		await input.waitFor({ state: 'visible' });
		await input.fill('1000');
		await input.press('Enter');
		const t = await waitForTimeChange(page, before);
		assert.strictEqual(t, 1000);
		await waitForHeader(page, /moved in time/i);
		await shot(page, '09-go-to-time');
	});

	it('draws the timeline in dark and high-contrast themes', async () => {
		const view = timelineFrame(page);
		for (const [theme, cls] of [
			['Dark Modern', 'vscode-dark'],
			['Dark High Contrast', 'vscode-high-contrast'],
			['Light Modern', 'vscode-light'],
		]) {
			await runCommand(page, 'Preferences: Color Theme');
			// the theme picker replaces the palette: wait for its list first
			await page.locator('.quick-input-list .monaco-list-row', { hasText: 'High Contrast' }).first().waitFor({ state: 'visible' });
			const input = page.locator('.quick-input-widget input');
			await input.fill(theme);
			await page.locator('.quick-input-list .monaco-list-row', { hasText: theme }).first().waitFor({ state: 'visible' });
			await input.press('Enter');
			await view.locator(`body.${cls}`).waitFor({ state: 'attached', timeout: 20000 });
			await page.waitForTimeout(500);
			await shot(page, `10-theme-${cls}`);
		}
	});

	it('Continue runs to the exit and stops just before it, breakpoints kept; Reverse finds the bad write; Continue ends', async () => {
		// another breakpoint, on a line run only at the start, and the data
		// breakpoint of the earlier test switched off: nothing stops the run
		await openDemo(page);
		await toggleBreakpoint(page, setCalibration);
		const dataBp = page.locator('.debug-breakpoints .monaco-list-row', { hasText: 'calibration', hasNotText: 'demo.c' }).first();
		const lineBp = page.locator('.debug-breakpoints .monaco-list-row', { hasText: `demo.c` }).filter({ hasText: String(setCalibration) }).first();
		await dataBp.waitFor({ state: 'visible', timeout: 15000 });
		await lineBp.waitFor({ state: 'visible', timeout: 15000 });
		const dataCheck = dataBp.locator('input[type="checkbox"]');
		await dataCheck.uncheck();
		const before = await statusTime(page);
		await page.locator('.debug-toolbar .codicon-debug-continue').click();
		await waitForTimeChange(page, before);
		await waitForHeader(page, /exiting with code 1 \(continue ends the session\)/i);
		await waitForLine(page, exitLine, 'Continue to the exit');
		assert.strictEqual((await topFrame(page)).name, 'main');
		// the editor shows the exiting line, the status bar the exit code
		await page.locator('.statusbar-item', { hasText: `Ln ${exitLine},` }).first().waitFor({ state: 'visible', timeout: 15000 });
		await page.locator('.tabs-container .tab.active', { hasText: 'demo.c' }).waitFor({ timeout: 15000 });
		await page.locator('.statusbar-item', { hasText: 'exits with code 1' }).first().waitFor({ state: 'visible', timeout: 15000 });
		// the session and every breakpoint are still there
		assert.ok(await page.locator('.debug-toolbar').isVisible(), 'the session goes on');
		assert.ok(await dataBp.isVisible(), 'the data breakpoint is still listed');
		assert.ok(await lineBp.isVisible(), `the breakpoint on line ${setCalibration} is still listed`);
		// the timeline marks the exit stop
		await timelineFrame(page).locator('.event.stops[aria-label^="exit with code 1 at t="]').first().waitFor({ state: 'attached', timeout: 15000 });
		await shot(page, '17-stopped-before-exit');
		// back from the end of the run to the write that broke the calibration
		await dataCheck.check();
		await page.waitForTimeout(500);
		const atExit = await statusTime(page);
		await page.locator('.debug-toolbar .codicon-debug-reverse-continue').click();
		const t = await waitForTimeChange(page, atExit);
		assert.ok(t < atExit, `Reverse went back (t=${t}, the exit stop at ${atExit})`);
		await waitForLine(page, ringWrite, 'Reverse from the exit to the write');
		assert.strictEqual((await topFrame(page)).name, 'record');
		await waitForHeader(page, /data breakpoint/i);
		await shot(page, '18-reverse-from-exit');
		// forward again to the stop before the exit, and one more Continue ends the session
		await dataCheck.uncheck();
		await page.locator('.debug-toolbar .codicon-debug-continue').click();
		assert.strictEqual(await waitForTimeChange(page, t), atExit, 'Continue comes back to the stop before the exit');
		await waitForHeader(page, /exiting with code 1/i);
		await page.locator('.debug-toolbar .codicon-debug-continue').click();
		await page.locator('.debug-toolbar').waitFor({ state: 'hidden', timeout: 30000 });
		await shot(page, '19-ended-after-exit');
		await toggleBreakpoint(page, setCalibration); // off, for what follows
	});

	it('debugs firmware built in another folder: sourceFileMap, one tab, the breakpoint hit', async () => {
		await openDemo(page);
		await toggleBreakpoint(page, wrap);
		await startConfiguration(page, 'Rewind: demo built elsewhere');
		await page.locator('.debug-toolbar').waitFor({ state: 'visible', timeout: 30000 });
		await waitForLine(page, wrap, 'the breakpoint set in the workspace copy');
		await page.waitForTimeout(1000);
		const tabs = await page.locator('.tabs-container .tab').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
		const demoTabs = tabs.filter((t) => /^demo\.c\b/.test(t));
		assert.strictEqual(demoTabs.length, 1, `one demo.c tab, not ${JSON.stringify(tabs)}`);
		const bp = page.locator('.debug-breakpoints .monaco-list-row', { hasText: 'demo.c' }).first();
		assert.doesNotMatch((await bp.textContent()) ?? '', /ci-build/, 'the Breakpoints view names the workspace copy');
		await shot(page, '15-built-elsewhere');
		await page.locator('.debug-toolbar .codicon-debug-stop').click();
		await page.locator('.debug-toolbar').waitFor({ state: 'hidden', timeout: 30000 });
	});

	it('refuses a program that is not 32-bit RISC-V or Arm firmware, and says why', async () => {
		await runCommand(page, 'Notifications: Clear All Notifications');
		let first = true;
		for (const r of refused) {
			await startConfiguration(page, r.name);
			const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: r.name }).first();
			await toast.waitFor({ state: 'visible', timeout: 30000 });
			const text = (await toast.locator('.notification-list-item-message').textContent()) ?? '';
			assert.match(text, new RegExp(`^Rewind: the launch configuration "${r.name}" cannot start: `));
			assert.match(text, r.says);
			const open = toast.locator('.monaco-button', { hasText: 'Open launch.json' });
			await open.waitFor({ state: 'visible' });
			await shot(page, `16-refused-${r.name.replace(/\W+/g, '-').toLowerCase()}`);
			if (first) {
				first = false;
				await open.click();
				await page.locator('.tabs-container .tab.active', { hasText: 'launch.json' }).waitFor({ timeout: 15000 });
			}
			await runCommand(page, 'Notifications: Clear All Notifications');
		}
		assert.ok(!(await page.locator('.debug-toolbar').isVisible()), 'no session started');
	});
});
