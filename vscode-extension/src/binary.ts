// Where the `rewind` binary that serves DAP lives: the copy bundled in the
// platform-specific .vsix (bin/<platform>-<arch>/rewind[.exe]) or the one the
// `rewind.executable` setting names. Pure: the file system comes in as a
// function, so mocha tests every failure message.

import * as path from 'path';

/** The platforms a .vsix is built for (VS Code's target names). */
export const targets = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win32-x64'] as const;

/** A VS Code target name such as "linux-x64". */
export type Target = (typeof targets)[number];

/** What a path turned out to be. */
export type FileKind = 'missing' | 'directory' | 'not-executable' | 'executable';

/** The command that starts the adapter, or why it cannot start. */
export type AdapterCommand = { command: string; args: string[] } | { error: string };

/** binaryName is the file name of the rewind binary on a platform. */
export function binaryName(platform: string): string {
	return platform === 'win32' ? 'rewind.exe' : 'rewind';
}

/** bundledBinary is where a platform-specific .vsix keeps the binary. */
export function bundledBinary(extensionPath: string, platform: string, arch: string): string {
	return path.join(extensionPath, 'bin', `${platform}-${arch}`, binaryName(platform));
}

/**
 * locateAdapter picks the binary to run (the setting wins over the bundled
 * copy) and checks it; the error it returns says what to do.
 */
export function locateAdapter(opts: {
	extensionPath: string;
	platform: string;
	arch: string;
	setting: string | undefined;
	kind: (p: string) => FileKind;
}): AdapterCommand {
	const setting = opts.setting?.trim();
	const fromSetting = !!setting;
	const file = fromSetting ? setting : bundledBinary(opts.extensionPath, opts.platform, opts.arch);
	const fix = fromSetting
		? 'Fix the "rewind.executable" setting or clear it to use the bundled binary.'
		: `This copy of the extension has no Rewind binary for ${opts.platform}-${opts.arch}: install the .vsix built for your platform, or build one with "go build -o rewind ./cmd/rewind" in the Rewind repository and set "rewind.executable" to its path.`;
	const where = fromSetting ? `"rewind.executable" is ${file}` : `The Rewind binary ${file}`;
	switch (opts.kind(file)) {
		case 'missing':
			return { error: `${where}, which does not exist. ${fix}` };
		case 'directory':
			return { error: `${where}, which is a folder, not the rewind program. ${fix}` };
		case 'not-executable':
			return { error: `${where}, which is not executable. Run "chmod +x ${file}", or ${fix.charAt(0).toLowerCase()}${fix.slice(1)}` };
		default:
			return { command: file, args: ['dap'] };
	}
}

/** goTarget maps a VS Code target to Go's GOOS and GOARCH. */
export function goTarget(t: Target): { goos: string; goarch: string; exe: string } {
	const [platform, arch] = t.split('-');
	return {
		goos: platform === 'win32' ? 'windows' : platform,
		goarch: arch === 'x64' ? 'amd64' : arch,
		exe: binaryName(platform),
	};
}
