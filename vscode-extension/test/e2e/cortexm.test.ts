// End-to-end test of a Cortex-M firmware in a real VS Code (code-server +
// Chromium, the packaged .vsix): the Cortex-M edition of the demo
// (testdata/arm/demo, mps2-an385, chosen by the launch's "board"), run to
// its failing check, a data breakpoint on sensor.calibration set from the
// Variables view, and Reverse landing on the bad write in record(); the
// Registers scope shows the Cortex-M registers. Screenshots go to
// test-output/.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Browser, Page } from 'playwright-core';
import { CodeServer } from './codeServer';
import { closeWorkbench, expandTo, extRoot, openWorkbench, shot, startConfiguration, topFrame, variableRow, waitForLine } from './ui';

const repo = path.resolve(extRoot, '..');
const version = JSON.parse(fs.readFileSync(path.join(extRoot, 'package.json'), 'utf8')).version as string;
const vsix = path.join(extRoot, 'dist', `rewind-linux-x64-${version}.vsix`);
const demoDir = path.join(repo, 'testdata', 'arm', 'demo');
const demoSource = fs.readFileSync(path.join(demoDir, 'demo.c'), 'utf8').split('\n');

function lineOf(text: string): number {
	const i = demoSource.findIndex((l) => l.includes(text));
	assert.ok(i >= 0, `demo.c has "${text}"`);
	return i + 1;
}

/** makeWorkspace copies the Cortex-M demo and its sources next to a launch.json naming its board. */
function makeWorkspace(root: string): string {
	const ws = path.join(root, 'workspace');
	fs.mkdirSync(path.join(ws, '.vscode'), { recursive: true });
	for (const f of ['demo.c', 'demo.elf', 'demo_exit.h', 'demo_start.c']) {
		fs.copyFileSync(path.join(demoDir, f), path.join(ws, f));
	}
	const configurations = [
		{ type: 'rewind', request: 'launch', name: 'Rewind: Cortex-M demo', program: '${workspaceFolder}/demo.elf', board: 'mps2-an385', stopOnEntry: true },
	];
	fs.writeFileSync(path.join(ws, '.vscode', 'launch.json'), JSON.stringify({ version: '0.2.0', configurations }, null, 2));
	return ws;
}

/** openSource opens a workspace file with Quick Open. */
async function openSource(page: Page, name: string): Promise<void> {
	await page.keyboard.press('Control+P');
	const input = page.locator('.quick-input-widget input');
	await input.waitFor({ state: 'visible' });
	await input.fill(name);
	await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor();
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

describe('Rewind on Cortex-M firmware in a real VS Code', function () {
	this.timeout(300000);
	let root: string;
	let server: CodeServer;
	let browser: Browser;
	let page: Page;
	const check = lineOf('if (sensor.calibration != CALIBRATION)');
	const ringWrite = lineOf('s->ring[s->head] = raw;');

	before(async () => {
		assert.ok(fs.existsSync(vsix), `${vsix} exists (run: node scripts/package.mjs --target linux-x64)`);
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'rewind-e2e-cortexm-'));
		({ server, browser, page } = await openWorkbench(vsix, root, makeWorkspace(root)));
	});

	after(() => closeWorkbench({ server, browser, page }, root, '39-cortexm-last', 'cortexm-'));

	it('runs the Cortex-M demo to its failing check', async () => {
		await page.waitForTimeout(2000);
		await openSource(page, 'demo.c');
		await page.locator('.monaco-editor .view-lines').first().waitFor({ state: 'visible' });
		await toggleBreakpoint(page, check);
		await page.locator('.codicon-debug-breakpoint').first().waitFor({ state: 'visible', timeout: 10000 });
		await startConfiguration(page, 'Rewind: Cortex-M demo');
		await page.locator('.debug-toolbar').waitFor({ state: 'visible', timeout: 60000 });
		const entry = await topFrame(page);
		assert.strictEqual(entry.name, '_start', 'stopped on entry in the reset handler');
		// the extension told the adapter the firmware is Cortex-M: its
		// exception filters are offered, RISC-V's are not
		const filters = page.locator('.debug-breakpoints .monaco-list-row');
		await filters.filter({ hasText: 'HardFault' }).first().waitFor({ state: 'visible', timeout: 15000 });
		assert.strictEqual(await filters.filter({ hasText: 'ebreak' }).count(), 0, 'no RISC-V filter');
		await page.locator('.debug-toolbar .codicon-debug-continue').click();
		await waitForLine(page, check, 'Continue to the calibration check');
		await shot(page, '30-cortexm-breakpoint');
	});

	it('shows the Cortex-M registers', async () => {
		await expandTo(page, 'Registers', 'r0');
		// the view lists rows lazily: the first ones are enough to tell the
		// architecture (RISC-V would show zero, ra, sp, gp)
		for (const r of ['r0', 'r1', 'r2']) {
			await variableRow(page, r).waitFor({ state: 'visible', timeout: 15000 });
		}
		assert.ok(!(await variableRow(page, 'ra').isVisible()), 'no RISC-V register names');
		await shot(page, '31-cortexm-registers');
		await variableRow(page, 'Registers').click(); // collapse
		await variableRow(page, 'r0').waitFor({ state: 'hidden', timeout: 15000 });
	});

	it('Reverse stops at the write to sensor.calibration (reverse data breakpoint)', async () => {
		await expandTo(page, 'Globals', 'sensor');
		await expandTo(page, 'sensor', 'calibration');
		const cal = variableRow(page, 'calibration');
		await cal.waitFor({ state: 'visible', timeout: 15000 });
		// a menu ignores clicks that come right after it opened: wait, and
		// retry while the menu stays open (the Breakpoints view lists the
		// Cortex-M exception filters above the new row, which may lie below
		// its fold: the reverse run below shows the breakpoint was set)
		const item = page.locator('.monaco-menu .action-item', { hasText: 'Break on Value Change' }).first();
		for (let attempt = 1; ; attempt++) {
			await cal.click({ button: 'right' });
			await item.waitFor({ state: 'visible', timeout: 15000 });
			await page.waitForTimeout(600);
			await item.click();
			try {
				await item.waitFor({ state: 'hidden', timeout: 5000 });
				break;
			} catch (err) {
				await page.keyboard.press('Escape');
				if (attempt === 3) {
					throw err;
				}
			}
		}
		await page.waitForTimeout(1000);
		await toggleBreakpoint(page, check); // off: only the data breakpoint is left
		await page.locator('.debug-toolbar .codicon-debug-reverse-continue').click();
		await waitForLine(page, ringWrite, 'Reverse to the write');
		assert.strictEqual((await topFrame(page)).name, 'record');
		await variableRow(page, 'Globals').click(); // collapse: its sensor.head would match too
		await expandTo(page, 'Locals', 's');
		await expandTo(page, 's', 'head');
		const head = variableRow(page, 'head');
		assert.match((await head.textContent()) ?? '', /\b8\b/, 's->head is one past the end of ring[8]');
		await shot(page, '32-cortexm-reverse-data-breakpoint');
		await page.locator('.debug-toolbar .codicon-debug-stop').click();
		await page.locator('.debug-toolbar').waitFor({ state: 'hidden', timeout: 30000 });
	});
});
