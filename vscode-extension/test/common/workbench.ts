// Helpers shared by the browser end-to-end tests (code-server and Theia):
// reading Rewind's status bar time and stopping a server's process group.
import * as assert from 'assert';
import { ChildProcess } from 'child_process';
import * as fs from 'fs';
import { Page } from 'playwright-core';

/** statusTime reads the time t=<n> of the status bar item matched by item (a CSS selector). */
export async function statusTime(page: Page, item: string): Promise<number> {
	const el = page.locator(item, { hasText: 't=' }).first();
	await el.waitFor({ state: 'visible', timeout: 30000 });
	const text = (await el.textContent()) ?? '';
	const m = /t=([\d\s\u2009]+)/.exec(text);
	assert.ok(m, `status bar says "${text}"`);
	return Number(m[1].replace(/\D/g, ''));
}

/** waitForTimeChange waits until the status bar time is no longer from, and returns it. */
export async function waitForTimeChange(page: Page, item: string, from: number): Promise<number> {
	const deadline = Date.now() + 30000;
	for (;;) {
		const t = await statusTime(page, item).catch(() => from);
		if (t !== from) {
			return t;
		}
		if (Date.now() > deadline) {
			throw new Error(`the status bar time stayed at ${from}`);
		}
		await page.waitForTimeout(200);
	}
}

/** stopGroup ends a detached child's process group and closes its log file descriptor. */
export async function stopGroup(child: ChildProcess, out: number): Promise<void> {
	if (child.exitCode === null && child.pid) {
		try {
			process.kill(-child.pid, 'SIGTERM');
		} catch {
			child.kill('SIGTERM');
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	fs.closeSync(out);
}

/** The CSS selectors of a workbench's top Call Stack row and of its line number. */
export interface FrameSelectors {
	row: string;
	line: string;
}

/** topFrame reads the function name and line of the top Call Stack frame. */
export async function topFrame(page: Page, sel: FrameSelectors): Promise<{ name: string; line: number }> {
	const row = page.locator(sel.row).first();
	await row.waitFor({ state: 'visible', timeout: 30000 });
	const name = (await row.locator('.expression').first().textContent())?.trim() ?? '';
	const line = (await row.locator(sel.line).first().textContent())?.trim() ?? '';
	return { name, line: parseInt(line, 10) };
}

/** waitForLine waits until the top frame is at line (after a step); what names the action in the error. */
export async function waitForLine(page: Page, sel: FrameSelectors, line: number, what: string): Promise<void> {
	const deadline = Date.now() + 30000;
	let last = { name: '', line: 0 };
	while (Date.now() < deadline) {
		// the call stack may be being redrawn: keep the last good reading
		last = await topFrame(page, sel).catch(() => last);
		if (last.line === line) {
			return;
		}
		await page.waitForTimeout(200);
	}
	throw new Error(`${what}: the top frame stayed at ${last.name}:${last.line}, not line ${line}`);
}
