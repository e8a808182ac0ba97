// End-to-end test in Eclipse Theia: a Theia browser app built from npm by
// scripts/install-theia.sh serves its workbench on 127.0.0.1, Debian's
// Chromium shows it, and the packaged linux-x64 .vsix runs as a plugin.
// Theia has no Step Back or Reverse of its own, so the test presses the
// extension's own toolbar buttons. Screenshots go to test-output/theia-*.png.
import * as assert from 'assert';
import { ChildProcess, execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Browser, Page } from 'playwright-core';
import { statusTime as statusTimeIn, stopGroup, waitForLine as waitForLineIn, waitForTimeChange as waitForTimeChangeIn } from '../common/workbench';
import { freePort, launchChromium } from '../e2e/codeServer';

// out/tsc/test/theia -> vscode-extension
const extRoot = path.resolve(__dirname, '..', '..', '..', '..');
const repo = path.resolve(extRoot, '..');
const outDir = path.join(extRoot, 'test-output');
const firmware = path.join(repo, 'testdata', 'firmware');
const version = JSON.parse(fs.readFileSync(path.join(extRoot, 'package.json'), 'utf8')).version as string;
const vsix = path.join(extRoot, 'dist', `rewind-linux-x64-${version}.vsix`);
const theiaApp = path.join(process.env.REWIND_THEIA_CACHE ?? path.join(os.homedir(), '.cache', 'rewind-theia'), 'app');

const demoSource = fs.readFileSync(path.join(firmware, 'demo.c'), 'utf8');
function lineOf(text: string): number {
	const i = demoSource.split('\n').findIndex((l) => l.includes(text));
	assert.ok(i >= 0, `demo.c has "${text}"`);
	return i + 1;
}

/** makeWorkspace copies the demo firmware next to a launch.json. */
function makeWorkspace(root: string): string {
	const ws = path.join(root, 'workspace');
	fs.mkdirSync(path.join(ws, '.vscode'), { recursive: true });
	for (const f of ['demo.c', 'demo.elf']) {
		fs.copyFileSync(path.join(firmware, f), path.join(ws, f));
	}
	const launch = {
		version: '0.2.0',
		configurations: [{ type: 'rewind', request: 'launch', name: 'Rewind: debug demo', program: '${workspaceFolder}/demo.elf' }],
	};
	fs.writeFileSync(path.join(ws, '.vscode', 'launch.json'), JSON.stringify(launch, null, 2));
	return ws;
}

/** A running Theia backend and the log it writes. */
interface Theia {
	url: string;
	log: string;
	stop(): Promise<void>;
}

/**
 * startTheia unzips the .vsix into a plugins folder and starts the Theia
 * backend on a free loopback port, with home, config and temp folders
 * under root so nothing lands in the user's home directory.
 */
async function startTheia(root: string, ws: string): Promise<Theia> {
	const main = path.join(theiaApp, 'lib', 'backend', 'main.js');
	if (!fs.existsSync(main)) {
		throw new Error(`the Theia app is not built at ${theiaApp}: run scripts/install-theia.sh`);
	}
	const plugins = path.join(root, 'plugins');
	fs.mkdirSync(path.join(plugins, 'rewind'), { recursive: true });
	execFileSync('unzip', ['-q', vsix, '-d', path.join(plugins, 'rewind')]);
	const home = path.join(root, 'home');
	const tmp = path.join(root, 'tmp');
	fs.mkdirSync(home, { recursive: true });
	fs.mkdirSync(tmp, { recursive: true });
	const port = await freePort();
	const log = path.join(root, 'theia.log');
	const out = fs.openSync(log, 'w');
	const env = { ...process.env, HOME: home, THEIA_CONFIG_DIR: path.join(home, '.theia'), TMPDIR: tmp, XDG_CONFIG_HOME: home, XDG_DATA_HOME: home, XDG_CACHE_HOME: home };
	const child: ChildProcess = spawn(
		process.execPath,
		[main, ws, '--hostname', '127.0.0.1', '--port', String(port), `--plugins=local-dir:${plugins}`],
		{ cwd: theiaApp, env, stdio: ['ignore', out, out], detached: true },
	);
	const url = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 60000;
	for (;;) {
		if (child.exitCode !== null) {
			throw new Error(`Theia exited with ${child.exitCode}; see ${log}`);
		}
		const ok = await fetch(url).then((r) => r.ok, () => false);
		if (ok) {
			break;
		}
		if (Date.now() > deadline) {
			throw new Error(`Theia did not answer at ${url} within 60 s`);
		}
		await new Promise((r) => setTimeout(r, 250));
	}
	return {
		url,
		log,
		stop: () => stopGroup(child, out),
	};
}

async function shot(page: Page, name: string): Promise<void> {
	await page.screenshot({ path: path.join(outDir, `theia-${name}.png`) });
}

/** runCommand runs a Command Palette entry by its label (retried while plugins load). */
async function runCommand(page: Page, label: string): Promise<void> {
	const deadline = Date.now() + 90000;
	for (;;) {
		await page.keyboard.press('F1');
		const input = page.locator('.quick-input-widget input');
		await input.waitFor({ state: 'visible' });
		await input.fill('>' + label);
		const row = page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first();
		try {
			await row.waitFor({ state: 'visible', timeout: 3000 });
			await row.click();
			return;
		} catch (err) {
			await page.keyboard.press('Escape');
			if (Date.now() > deadline) {
				throw err;
			}
			await page.waitForTimeout(2000);
		}
	}
}

const frameSel = { row: '.theia-debug-stack-frame', line: '.line' };
const waitForLine = (page: Page, line: number, what: string) => waitForLineIn(page, frameSel, line, what);
const statusItem = '#theia-statusBar .element';
const statusTime = (page: Page) => statusTimeIn(page, statusItem);
const waitForTimeChange = (page: Page, from: number) => waitForTimeChangeIn(page, statusItem, from);

describe('Rewind in Eclipse Theia (browser app + Chromium)', function () {
	this.timeout(300000);
	let root: string;
	let theia: Theia;
	let browser: Browser;
	let page: Page;
	const wrap = lineOf('if (s->head > RING_SIZE)');
	const incr = lineOf('s->head++;');

	before(async () => {
		assert.ok(fs.existsSync(vsix), `${vsix} exists (run: node scripts/package.mjs --target linux-x64)`);
		fs.mkdirSync(outDir, { recursive: true });
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'rewind-theia-'));
		const ws = makeWorkspace(root);
		theia = await startTheia(root, ws);
		browser = await launchChromium();
		page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
		await page.goto(theia.url, { timeout: 120000 });
		await page.locator('#theia-app-shell').waitFor({ state: 'visible', timeout: 90000 });
	});

	after(async () => {
		if (page) {
			await shot(page, '99-last').catch(() => undefined);
		}
		await browser?.close();
		await theia?.stop();
		if (theia) {
			fs.copyFileSync(theia.log, path.join(outDir, 'theia.log'));
		}
		if (root && !process.env.REWIND_E2E_KEEP) {
			fs.rmSync(root, { recursive: true, force: true });
		}
	});

	it('opens the workspace and trusts it', async () => {
		const trust = page.locator('.dialogBlock', { hasText: /trust/i }).first();
		await trust.waitFor({ state: 'visible', timeout: 60000 });
		await page.locator('.theia-preload').waitFor({ state: 'hidden', timeout: 30000 });
		await shot(page, '01-trust');
		await trust.locator('button', { hasText: 'Yes, I trust' }).first().click();
		await trust.waitFor({ state: 'hidden', timeout: 10000 });
	});

	it('stops at a breakpoint', async () => {
		await page.locator('#theia-app-shell').click({ position: { x: 800, y: 500 } });
		await page.keyboard.press('Control+P');
		const input = page.locator('.quick-input-widget input');
		await input.waitFor({ state: 'visible' });
		await input.fill('demo.c');
		await page.locator('.quick-input-list .monaco-list-row', { hasText: 'demo.c' }).first().waitFor();
		await input.press('Enter');
		await page.locator('.monaco-editor .view-lines').first().waitFor({ state: 'visible' });
		await page.locator('.monaco-editor .view-lines').first().click();
		await page.keyboard.press('Control+G');
		await input.fill(':' + wrap);
		await page.keyboard.press('Enter');
		await page.keyboard.press('F9');
		await page.locator('.theia-debug-breakpoint-icon, .codicon-debug-breakpoint').first().waitFor({ state: 'visible', timeout: 10000 });
		await runCommand(page, 'Debug: Start Debugging');
		await waitForLine(page, wrap, 'start');
		await shot(page, '02-breakpoint');
	});

	let firstHit = 0;

	it('the extension\'s Step Back button moves the line back', async () => {
		firstHit = await statusTime(page);
		const back = page.locator('.debug-toolbar .codicon-debug-step-back');
		await back.waitFor({ state: 'visible', timeout: 30000 });
		// Theia has none of its own: the one button is Rewind's (rewind.stepBack, Ctrl+F10)
		assert.strictEqual(await back.count(), 1, 'one Step Back button');
		assert.match((await back.getAttribute('title')) ?? '', /^Step Back \(Ctrl\+F10\)$/);
		await back.click();
		await waitForLine(page, incr, 'Step Back');
		const t = await waitForTimeChange(page, firstHit);
		assert.ok(t < firstHit, `Step Back went back in time (t=${t}, from t=${firstHit})`);
		await shot(page, '03-step-back');
	});

	it('the extension\'s Reverse button goes back to the earlier breakpoint hit', async () => {
		// from the line before the first hit: Continue twice to the second
		// hit, then Reverse back to the first
		const cont = page.locator('.debug-toolbar .codicon-debug-continue');
		const beforeHit = await statusTime(page);
		await cont.click();
		assert.strictEqual(await waitForTimeChange(page, beforeHit), firstHit, 'Continue reaches the first hit again');
		await cont.click();
		const secondHit = await waitForTimeChange(page, firstHit);
		await waitForLine(page, wrap, 'Continue');
		assert.ok(secondHit > firstHit, `second hit t=${secondHit} after the first t=${firstHit}`);
		await page.locator('.debug-toolbar .codicon-debug-reverse-continue').click();
		assert.strictEqual(await waitForTimeChange(page, secondHit), firstHit, 'Reverse stops at the first hit');
		await waitForLine(page, wrap, 'Reverse');
		await shot(page, '04-reverse');
	});

	it('stops the session with the toolbar\'s Stop, which is not clipped', async () => {
		// Rewind adds only Step Back and Reverse where the host has none of
		// its own (Reverse Step In/Out stay in the palette and on their keys),
		// so Theia's toolbar keeps Stop inside the debug view
		const stop = page.locator('.debug-toolbar .codicon-debug-stop');
		await stop.waitFor({ state: 'visible', timeout: 30000 });
		const bar = await page.locator('.debug-toolbar').first().boundingBox();
		const box = await stop.boundingBox();
		// Theia wraps the toolbar in a narrow side bar: Stop must still lie
		// within the view's width (not cut off at its right edge); the click
		// below fails if anything covers it
		assert.ok(bar && box && box.x >= bar.x && box.x + box.width <= bar.x + bar.width + 1,
			`Stop ${JSON.stringify(box)} lies within the toolbar's width ${JSON.stringify(bar)}`);
		await shot(page, '05-toolbar-stop');
		assert.strictEqual(await page.locator('.debug-toolbar .codicon-debug-restart-frame').count(), 0,
			'no Reverse Step Out button in Theia');
		await stop.click();
		await page.locator('.theia-debug-stack-frame').first().waitFor({ state: 'hidden', timeout: 30000 });
	});
});
