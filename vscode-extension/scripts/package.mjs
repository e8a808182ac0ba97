// package.mjs makes one platform-specific .vsix per target: it cross-compiles
// ../cmd/rewind with Go into bin/<target>/, bundles the extension, and runs
// vsce with --target, so each .vsix carries only its own binary.
//
//   node scripts/package.mjs                      all five targets
//   node scripts/package.mjs --target linux-x64   one (repeat for more)
//
// REWIND_BIN=/path/to/rewind packs that prebuilt binary instead of building
// one (meant for a single target: it must suit the target's platform).
import { execFileSync } from 'child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync } from 'fs';
import { dirname, join, resolve } from 'path';
import { fileURLToPath } from 'url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(root, '..');
const all = {
	'linux-x64': ['linux', 'amd64', 'rewind'],
	'linux-arm64': ['linux', 'arm64', 'rewind'],
	'darwin-x64': ['darwin', 'amd64', 'rewind'],
	'darwin-arm64': ['darwin', 'arm64', 'rewind'],
	'win32-x64': ['windows', 'amd64', 'rewind.exe'],
};

const args = process.argv.slice(2);
const wanted = [];
for (let i = 0; i < args.length; i++) {
	if (args[i] === '--target' && args[i + 1]) {
		wanted.push(args[++i]);
	} else {
		console.error(`package: unknown argument ${args[i]}`);
		process.exit(2);
	}
}
const targets = wanted.length ? wanted : Object.keys(all);
for (const t of targets) {
	if (!all[t]) {
		console.error(`package: unknown target ${t} (known: ${Object.keys(all).join(', ')})`);
		process.exit(2);
	}
}

const { version, name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const run = (cmd, argv, env = {}) => {
	console.log(`$ ${cmd} ${argv.join(' ')}`);
	execFileSync(cmd, argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
};
const go = process.env.GO ?? 'go';

mkdirSync(join(root, 'dist'), { recursive: true });
for (const t of targets) {
	const [goos, goarch, exe] = all[t];
	const started = Date.now();
	rmSync(join(root, 'bin'), { recursive: true, force: true });
	const out = join(root, 'bin', t, exe);
	if (process.env.REWIND_BIN) {
		mkdirSync(dirname(out), { recursive: true });
		copyFileSync(process.env.REWIND_BIN, out);
	} else {
		execFileSync(go, ['build', '-trimpath', '-ldflags=-s -w', '-o', out, './cmd/rewind'], {
			cwd: repo,
			stdio: 'inherit',
			env: { ...process.env, GOOS: goos, GOARCH: goarch, CGO_ENABLED: '0' },
		});
	}
	chmodSync(out, 0o755);
	const vsix = join(root, 'dist', `${name}-${t}-${version}.vsix`);
	// vsce runs the vscode:prepublish script (the production bundle) first
	run(join(root, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--target', t, '--out', vsix]);
	console.log(`package: ${t} done in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${vsix}`);
}
