// Helpers for the end-to-end test: a throw-away code-server (VS Code's
// server and web workbench, installed by scripts/install-e2e.sh) with the
// packaged extension installed, and Debian's Chromium driven by
// playwright-core.
import { ChildProcess, execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { Browser, chromium } from 'playwright-core';
import { stopGroup } from '../common/workbench';

/** Where scripts/install-e2e.sh put code-server. */
export function codeServerBin(): string {
	const cache = process.env.REWIND_E2E_CACHE ?? path.join(os.homedir(), '.cache', 'rewind-e2e');
	const bin = path.join(cache, 'node_modules', '.bin', 'code-server');
	if (!fs.existsSync(bin)) {
		throw new Error(`code-server is not installed at ${bin}: run scripts/install-e2e.sh`);
	}
	return bin;
}

/** freePort asks the kernel for an unused loopback port. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const port = (srv.address() as net.AddressInfo).port;
			srv.close(() => resolve(port));
		});
	});
}

/** A running code-server and the folders it owns. */
export interface CodeServer {
	url: string;
	root: string;
	log: string;
	stop(): Promise<void>;
}

/**
 * startCodeServer installs the .vsix into a fresh extensions folder and
 * serves the workbench on 127.0.0.1, with home, config and temp folders
 * kept under root so nothing lands in the user's home directory.
 */
export async function startCodeServer(vsix: string, root: string): Promise<CodeServer> {
	const bin = codeServerBin();
	const dirs = { ud: path.join(root, 'user-data'), ext: path.join(root, 'extensions'), xdg: path.join(root, 'xdg'), tmp: path.join(root, 'tmp') };
	for (const d of Object.values(dirs)) {
		fs.mkdirSync(d, { recursive: true });
	}
	const env = {
		...process.env,
		XDG_CONFIG_HOME: dirs.xdg,
		XDG_DATA_HOME: dirs.xdg,
		XDG_CACHE_HOME: dirs.xdg,
		TMPDIR: dirs.tmp,
	};
	const common = ['--user-data-dir', dirs.ud, '--extensions-dir', dirs.ext];
	execFileSync(bin, [...common, '--install-extension', vsix], { env, stdio: 'pipe' });
	// settings that keep the workbench quiet and predictable
	const settings = path.join(dirs.ud, 'User', 'settings.json');
	fs.mkdirSync(path.dirname(settings), { recursive: true });
	fs.writeFileSync(
		settings,
		JSON.stringify(
			{
				'workbench.startupEditor': 'none',
				'workbench.tips.enabled': false,
				'workbench.enableExperiments': false,
				'security.workspace.trust.enabled': false,
				'telemetry.telemetryLevel': 'off',
				'extensions.autoCheckUpdates': false,
				'extensions.autoUpdate': false,
				'update.mode': 'none',
				'debug.openDebug': 'openOnSessionStart',
				'debug.toolBarLocation': 'floating',
				'window.commandCenter': false,
				'chat.commandCenter.enabled': false,
				'editor.minimap.enabled': false,
			},
			null,
			2,
		),
	);
	const port = await freePort();
	const log = path.join(root, 'code-server.log');
	const out = fs.openSync(log, 'w');
	const child: ChildProcess = spawn(
		bin,
		[
			...common,
			'--bind-addr',
			`127.0.0.1:${port}`,
			'--auth',
			'none',
			'--disable-workspace-trust',
			'--disable-telemetry',
			'--disable-update-check',
			'--disable-getting-started-override',
		],
		{ env, stdio: ['ignore', out, out], detached: true },
	);
	const url = `http://127.0.0.1:${port}`;
	await waitForHttp(url, 60000, child);
	return {
		url,
		root,
		log,
		stop: () => stopGroup(child, out),
	};
}

async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (child.exitCode !== null) {
			throw new Error(`code-server exited with ${child.exitCode}`);
		}
		try {
			const r = await fetch(url + '/healthz');
			if (r.ok) {
				return;
			}
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			throw new Error(`code-server did not answer at ${url} within ${timeoutMs} ms`);
		}
		await new Promise((r) => setTimeout(r, 250));
	}
}

/** launchChromium starts Debian's Chromium headless. */
export function launchChromium(): Promise<Browser> {
	return chromium.launch({
		executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
		headless: true,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
}
