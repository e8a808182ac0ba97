// Helpers of the code-server end-to-end tests: the workbench's command
// palette, Variables and Call Stack views, status bar time, launch
// configurations, webviews and screenshots.
import * as fs from 'fs';
import * as path from 'path';
import { Browser, Frame, FrameLocator, Page } from 'playwright-core';
import { CodeServer, launchChromium, startCodeServer } from './codeServer';
import { statusTime as statusTimeIn, topFrame as topFrameIn, waitForLine as waitForLineIn, waitForTimeChange as waitForTimeChangeIn } from '../common/workbench';

/** extRoot is the extension's folder (from out/tsc/test/e2e). */
export const extRoot = path.resolve(__dirname, '..', '..', '..', '..');
/** outDir keeps the screenshots and logs. */
export const outDir = path.join(extRoot, 'test-output');

/** shot saves a screenshot as test-output/name.png. */
export async function shot(page: Page, name: string): Promise<void> {
	await page.screenshot({ path: path.join(outDir, `${name}.png`) });
}

/** runCommand runs a Command Palette entry by its label. */
// Extensions' commands reach the palette some seconds after the workbench
// shows, so it is reopened until the command is there.
export async function runCommand(page: Page, label: string): Promise<void> {
	const deadline = Date.now() + 90000;
	for (;;) {
		await page.keyboard.press('F1');
		const input = page.locator('.quick-input-widget input');
		await input.waitFor({ state: 'visible' });
		await input.fill('>' + label);
		const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
		const row = page
			.locator('.quick-input-list .monaco-list-row')
			.filter({ has: page.locator('.label-name', { hasText: exact }) })
			.first();
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

/** findFiles lists the files under dir whose names match re. */
export function findFiles(dir: string, re: RegExp): string[] {
	const out: string[] = [];
	for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
		const p = path.join(dir, e.name);
		if (e.isDirectory()) {
			out.push(...findFiles(p, re));
		} else if (re.test(e.name)) {
			out.push(p);
		}
	}
	return out;
}

/** variableRow is the Variables view row of a variable or scope name. */
export function variableRow(page: Page, name: string) {
	return page.locator('.debug-variables .monaco-list-row', { hasText: new RegExp(`^\\s*${name}(\\s*[=:]|\\s*$|\\s*\\{)`) }).first();
}

/**
 * expandTo opens the Variables row parent until its child row shows; the
 * tree redraws after each stop, so it checks again instead of trusting one
 * click.
 */
export async function expandTo(page: Page, parent: string, child: string): Promise<void> {
	const deadline = Date.now() + 30000;
	for (;;) {
		if (await variableRow(page, child).isVisible()) {
			return;
		}
		const row = variableRow(page, parent);
		if ((await row.isVisible()) && (await row.getAttribute('aria-expanded')) === 'false') {
			await row.click();
		}
		if (Date.now() > deadline) {
			throw new Error(`the Variables view shows no ${child} under ${parent}`);
		}
		await page.waitForTimeout(700);
	}
}

export const frameSel = { row: '.debug-call-stack .monaco-list-row .stack-frame', line: '.line-number' };
export const topFrame = (page: Page) => topFrameIn(page, frameSel);
export const waitForLine = (page: Page, line: number, what: string) => waitForLineIn(page, frameSel, line, what);

export const statusItem = '.statusbar-item';
export const statusTime = (page: Page) => statusTimeIn(page, statusItem);
export const waitForTimeChange = (page: Page, from: number) => waitForTimeChangeIn(page, statusItem, from);

/** callStackHeader is the reason shown in the Call Stack view's header. */
export async function callStackHeader(page: Page): Promise<string> {
	const label = page.locator('.call-stack-state-message .label').first();
	if (!(await label.isVisible().catch(() => false))) {
		return '';
	}
	return ((await label.textContent()) ?? '').trim();
}

/** waitForHeader waits until the Call Stack header matches re. */
export async function waitForHeader(page: Page, re: RegExp): Promise<void> {
	const deadline = Date.now() + 15000;
	let last = '';
	while (Date.now() < deadline) {
		last = await callStackHeader(page);
		if (re.test(last)) {
			return;
		}
		await page.waitForTimeout(200);
	}
	throw new Error(`the Call Stack header says "${last}", not ${re}`);
}

/** startConfiguration starts a launch configuration by name. */
export async function startConfiguration(page: Page, name: string): Promise<void> {
	await runCommand(page, 'Debug: Select and Start Debugging');
	const input = page.locator('.quick-input-widget input');
	await input.fill(`debug ${name}`); // the picker's prefix is "debug "
	const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
	await row.waitFor({ state: 'visible', timeout: 15000 });
	await row.click();
}

/** timelineFrame is the Rewind Timeline webview's document. */
export function timelineFrame(page: Page): FrameLocator {
	return page.frameLocator('iframe.webview.ready').first().frameLocator('#active-frame');
}

/**
 * webviewWith finds the frame of a webview whose document has selector
 * (the workbench nests each webview in two iframes).
 */
export async function webviewWith(page: Page, selector: string, timeout = 30000): Promise<Frame> {
	const deadline = Date.now() + timeout;
	for (;;) {
		for (const f of page.frames()) {
			if (await f.locator(selector).count().catch(() => 0)) {
				return f;
			}
		}
		if (Date.now() > deadline) {
			throw new Error(`no webview shows ${selector}`);
		}
		await page.waitForTimeout(300);
	}
}

/** A running workbench: code-server, Chromium and the page showing it. */
export interface Workbench {
	server: CodeServer;
	browser: Browser;
	page: Page;
}

/** openWorkbench serves the workbench with vsix installed (state under root) and opens folder ws in Chromium. */
export async function openWorkbench(vsix: string, root: string, ws: string): Promise<Workbench> {
	fs.mkdirSync(outDir, { recursive: true });
	const server = await startCodeServer(vsix, root);
	const browser = await launchChromium();
	const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
	await page.goto(`${server.url}/?folder=${encodeURIComponent(ws)}`, { timeout: 120000 });
	await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60000 });
	await page.locator('.part.activitybar').waitFor({ state: 'visible', timeout: 60000 });
	return { server, browser, page };
}

/**
 * closeWorkbench takes a last screenshot, stops the browser and server,
 * keeps their logs in test-output (names after prefix) and removes root
 * (unless REWIND_E2E_KEEP is set).
 */
export async function closeWorkbench(w: Partial<Workbench>, root: string | undefined, lastShot: string, prefix = ''): Promise<void> {
	if (w.page) {
		await shot(w.page, lastShot).catch(() => undefined);
	}
	await w.browser?.close();
	await w.server?.stop();
	if (w.server && root) {
		fs.copyFileSync(w.server.log, path.join(outDir, `${prefix}code-server.log`));
		for (const f of findFiles(path.join(root, 'user-data', 'logs'), /exthost\.log$/)) {
			fs.copyFileSync(f, path.join(outDir, prefix + path.basename(f)));
		}
	}
	if (root && !process.env.REWIND_E2E_KEEP) {
		fs.rmSync(root, { recursive: true, force: true });
	}
}
