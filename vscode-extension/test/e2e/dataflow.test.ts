// End-to-end test of the history features in a real VS Code (code-server +
// Chromium, the packaged .vsix): "Where Did This Value Come From?" from the
// Variables view and the editor, the Rewind Dataflow view (expand, click
// seeks), the timeline's event lanes (a marker click seeks, the filter,
// keyboard navigation), a retroactive log point whose lines seek, and the
// task lanes of the RTOS test kernel. Screenshots go to test-output/.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Browser, Frame, Locator, Page } from 'playwright-core';
import { CodeServer } from './codeServer';
import {
	closeWorkbench, expandTo, extRoot, openWorkbench, runCommand, shot, startConfiguration, statusTime, topFrame, variableRow, waitForHeader, waitForLine,
	waitForTimeChange, webviewWith,
} from './ui';

const repo = path.resolve(extRoot, '..');
const version = JSON.parse(fs.readFileSync(path.join(extRoot, 'package.json'), 'utf8')).version as string;
const vsix = path.join(extRoot, 'dist', `rewind-linux-x64-${version}.vsix`);
const dataflowC = path.join(repo, 'testdata', 'dataflow', 'dataflow.c');
const dataflowSource = fs.readFileSync(dataflowC, 'utf8').split('\n');

function lineOf(text: string): number {
	const i = dataflowSource.findIndex((l) => l.includes(text));
	assert.ok(i >= 0, `dataflow.c has "${text}"`);
	return i + 1;
}

/** makeWorkspace writes a launch.json for the dataflow firmware (a byte typed into its UART) and the RTOS kernel. */
function makeWorkspace(root: string): string {
	const ws = path.join(root, 'workspace');
	fs.mkdirSync(path.join(ws, '.vscode'), { recursive: true });
	const configurations = [
		{ type: 'rewind', request: 'launch', name: 'Rewind: dataflow', program: path.join(repo, 'testdata', 'dataflow', 'dataflow.elf'), uartInput: 'A' },
		{ type: 'rewind', request: 'launch', name: 'Rewind: rtos', program: path.join(repo, 'testdata', 'rtos', 'rtos.elf') },
	];
	fs.writeFileSync(path.join(ws, '.vscode', 'launch.json'), JSON.stringify({ version: '0.2.0', configurations }, null, 2));
	return ws;
}

/** timeOf reads "t=1 234" from a text. */
function timeOf(text: string): number {
	const m = /t=([\d\u2009 ]+)/.exec(text);
	assert.ok(m, `a time in "${text}"`);
	return Number(m[1].replace(/\D/g, ''));
}

/** dataflowRow is a row of the Rewind Dataflow view by its label. */
function dataflowRow(page: Page, label: string): Locator {
	return page.locator('.monaco-list-row', { has: page.locator('.custom-view-tree-node-item', { hasText: label }) }).first();
}

/** menuItem clicks a context menu entry, reopening the menu when the click came too early. */
async function menuItem(page: Page, open: () => Promise<void>, label: string, done: Locator): Promise<void> {
	for (let attempt = 1; ; attempt++) {
		await open();
		const item = page.locator('.monaco-menu .action-item', { hasText: label }).first();
		await item.waitFor({ state: 'visible', timeout: 15000 });
		await page.waitForTimeout(600);
		await item.click();
		try {
			await done.waitFor({ state: 'visible', timeout: 10000 });
			return;
		} catch (err) {
			await page.keyboard.press('Escape');
			if (attempt === 3) {
				throw err;
			}
		}
	}
}

/** goToLine moves the active editor's cursor to the end of a line. */
async function goToLine(page: Page, line: number): Promise<void> {
	await page.keyboard.press('Control+G');
	await page.locator('.quick-input-widget input').fill(':' + line);
	await page.keyboard.press('Enter');
	await page.keyboard.press('End');
}

describe('Rewind dataflow, event lanes, log points and tasks in a real VS Code', function () {
	this.timeout(300000);
	let root: string;
	let server: CodeServer;
	let browser: Browser;
	let page: Page;
	let exitTime = 0;

	before(async () => {
		assert.ok(fs.existsSync(vsix), `${vsix} exists (run: node scripts/package.mjs --target linux-x64)`);
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'rewind-e2e-dataflow-'));
		({ server, browser, page } = await openWorkbench(vsix, root, makeWorkspace(root)));
	});

	after(() => closeWorkbench({ server, browser, page }, root, '29-dataflow-last', 'dataflow-'));

	it('runs the dataflow firmware to the stop before its exit', async () => {
		await page.waitForTimeout(2000);
		await startConfiguration(page, 'Rewind: dataflow');
		await page.locator('.debug-toolbar').waitFor({ state: 'visible', timeout: 60000 });
		await waitForHeader(page, /exiting with code 0/i);
		await page.locator('.statusbar-item', { hasText: 'exits with code 0' }).first().waitFor({ state: 'visible', timeout: 30000 });
		exitTime = await statusTime(page);
	});

	it('Variables → Where Did This Value Come From? → the Dataflow view; expanding asks for the inputs; a click seeks there', async () => {
		await expandTo(page, 'Globals', 'final_value');
		const row = variableRow(page, 'final_value');
		const rootRow = dataflowRow(page, 'final_value = 0x4b2');
		await menuItem(page, () => row.click({ button: 'right' }), 'Where Did This Value Come From?', rootRow);
		const rootText = (await rootRow.textContent()) ?? '';
		assert.match(rootText, /stored · dataflow\.c:76 in main · t=405/);
		await shot(page, '20-dataflow-root');
		// expand: the instruction's input, the value finish() returned
		const child = dataflowRow(page, 'a0 = 0x4b2');
		if (!(await child.isVisible())) {
			await rootRow.locator('.monaco-tl-twistie').click();
		}
		await child.waitFor({ state: 'visible', timeout: 30000 });
		const childText = (await child.textContent()) ?? '';
		assert.match(childText, /computed · dataflow\.c:51 in finish/);
		// and one more level: the argument loaded from dst.scaled
		await child.locator('.monaco-tl-twistie').click();
		const grandchild = dataflowRow(page, 'a0 = 0xca');
		await grandchild.waitFor({ state: 'visible', timeout: 30000 });
		assert.match((await grandchild.textContent()) ?? '', /loaded · dataflow\.c:76 in main/);
		await shot(page, '21-dataflow-expanded');
		// a click goes to that moment: the editor, the call stack and the time follow
		assert.strictEqual(await statusTime(page), exitTime, 'still at the exit');
		await child.click();
		const t = await waitForTimeChange(page, exitTime);
		assert.strictEqual(t, timeOf(childText), 'the click seeks to the node\'s time');
		await waitForLine(page, lineOf('return scaled + 1000;'), 'a click on the node');
		assert.strictEqual((await topFrame(page)).name, 'finish');
		await waitForHeader(page, /moved in time/i);
		await shot(page, '22-dataflow-seek');
	});

	it('the editor\'s context menu asks about the expression under the cursor', async () => {
		await page.locator('.monaco-editor .view-lines').first().click();
		await goToLine(page, lineOf('uint32_t b = rx_byte;'));
		await page.keyboard.press('ArrowLeft');
		await page.keyboard.press('ArrowLeft');
		const rootRow = dataflowRow(page, 'rx_byte = 0x41');
		await menuItem(page, () => page.keyboard.press('Shift+F10'), 'Where Did This Value Come From?', rootRow);
		assert.match((await rootRow.textContent()) ?? '', /stored · dataflow\.c:34 in trap_handler/);
		await shot(page, '23-dataflow-editor');
	});

	it('an interrupt marker on the timeline seeks there; the filter hides a kind; ] goes to the next marker of a kind', async () => {
		await runCommand(page, 'Rewind: Show Timeline');
		const view = await webviewWith(page, '#plot');
		const marker = view.locator('.event.interrupt').first();
		await marker.waitFor({ state: 'attached', timeout: 30000 });
		assert.match((await marker.getAttribute('aria-label')) ?? '', /external interrupt at t=\d+ in main/);
		const at = Number(await marker.getAttribute('data-time'));
		await shot(page, '24-timeline-event-lanes');
		const before = await statusTime(page);
		await marker.click();
		assert.strictEqual(await waitForTimeChange(page, before), at, 'the marker click seeks to the interrupt');
		await waitForHeader(page, /moved in time/i);
		// the filter: interrupts off and on again
		await view.locator('input[data-kind="interrupt"]').uncheck();
		await view.locator('.lane.interrupt').first().waitFor({ state: 'detached', timeout: 10000 });
		await shot(page, '25-timeline-filter');
		await view.locator('input[data-kind="interrupt"]').check();
		await view.locator('.lane.interrupt').first().waitFor({ state: 'attached', timeout: 10000 });
		// keyboard: to the start, then ] to the next interrupt
		const plot = view.locator('#plot');
		await plot.focus();
		await plot.press('Home');
		const start = await waitForTimeChange(page, at);
		await view.locator('#navKind').selectOption('interrupt');
		await plot.focus();
		await plot.press(']');
		assert.strictEqual(await waitForTimeChange(page, start), at, '] goes to the next interrupt');
	});

	it('Retroactive Log Point… lists what a log point would have printed; a click on a line seeks there', async () => {
		const line = lineOf('*d++ = *s++;');
		await page.locator('.monaco-editor .view-lines').first().click();
		await goToLine(page, line);
		await runCommand(page, 'Rewind: Retroactive Log Point...');
		const input = page.locator('.quick-input-widget input');
		await input.waitFor({ state: 'visible' });
		await input.fill('n={n} d={d}');
		await input.press('Enter');
		const lp: Frame = await webviewWith(page, '#lines a');
		const rows = lp.locator('#lines a');
		const n = await rows.count();
		assert.ok(n >= 4, `${n} lines`);
		assert.strictEqual((await lp.locator('#summary').textContent())?.replace(/\u2009/g, ' ').match(/(\d+) hits/)?.[1], String(n));
		assert.match((await rows.nth(0).textContent()) ?? '', /n=.+ d=0x8000/);
		await shot(page, '26-logpoint-history');
		const pick = rows.nth(2);
		const t = Number(await pick.getAttribute('data-time'));
		const before = await statusTime(page);
		await pick.click();
		assert.strictEqual(await waitForTimeChange(page, before), t, 'the click seeks to the hit');
		await waitForLine(page, line, 'a click on a log point line');
		await shot(page, '27-logpoint-seek');
	});

	it('shows a lane per RTOS task; a click on a task interval seeks into it', async () => {
		if (await page.locator('.debug-toolbar').isVisible()) {
			await page.locator('.debug-toolbar .codicon-debug-stop').click();
			await page.locator('.debug-toolbar').waitFor({ state: 'hidden', timeout: 30000 });
		}
		await startConfiguration(page, 'Rewind: rtos');
		await page.locator('.debug-toolbar').waitFor({ state: 'visible', timeout: 60000 });
		// the stop is in a task: the Call Stack names it on its thread, the status bar says it
		await page.locator('.statusbar-item', { hasText: 'exits with code 0' }).first().waitFor({ state: 'visible', timeout: 60000 });
		await runCommand(page, 'Rewind: Show Timeline');
		const view = await webviewWith(page, '#plot');
		await view.locator('.lane.task').nth(3).waitFor({ state: 'attached', timeout: 30000 });
		const labels = await view.locator('.lane.task').evaluateAll((els) => els.map((e) => e.getAttribute('data-label')));
		assert.deepStrictEqual([...labels].sort(), ['task Busy', 'task Cons', 'task Mon', 'task Prod']);
		await runCommand(page, 'View: Toggle Maximized Panel');
		await page.waitForTimeout(800);
		assert.strictEqual((await view.locator('#view').textContent())?.trim(), 'whole run', 'a new session shows its whole run');
		await shot(page, '28-timeline-task-lanes');
		const bar = view.locator('.lane.task[data-label="task Cons"] .interval').nth(2);
		const [from, to] = [Number(await bar.getAttribute('data-from')), Number(await bar.getAttribute('data-to'))];
		const before = await statusTime(page);
		await bar.click();
		const t = await waitForTimeChange(page, before);
		assert.ok(t >= from && t < to, `the click lands in the interval: t=${t} in [${from}, ${to})`);
		await shot(page, '28b-task-lane-seek');
		await runCommand(page, 'View: Toggle Maximized Panel');
	});
});
