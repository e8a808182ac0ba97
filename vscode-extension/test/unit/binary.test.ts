import * as assert from 'assert';
import * as path from 'path';
import { FileKind, bundledBinary, goTarget, locateAdapter, targets } from '../../src/binary';

describe('locating the adapter binary', () => {
	const ext = path.resolve('/ext');
	const run = (setting: string | undefined, kind: FileKind, platform = 'linux', arch = 'x64') => {
		const asked: string[] = [];
		const r = locateAdapter({
			extensionPath: ext,
			platform,
			arch,
			setting,
			kind: (p) => {
				asked.push(p);
				return kind;
			},
		});
		return { r, asked };
	};

	it('runs the bundled binary with "dap"', () => {
		const { r, asked } = run(undefined, 'executable');
		assert.deepStrictEqual(r, { command: path.join(ext, 'bin', 'linux-x64', 'rewind'), args: ['dap'] });
		assert.deepStrictEqual(asked, [path.join(ext, 'bin', 'linux-x64', 'rewind')]);
	});

	it('uses rewind.exe on Windows', () => {
		assert.strictEqual(bundledBinary(ext, 'win32', 'x64'), path.join(ext, 'bin', 'win32-x64', 'rewind.exe'));
	});

	it('prefers the setting, and ignores a blank one', () => {
		assert.deepStrictEqual(run('/opt/rewind', 'executable').r, { command: '/opt/rewind', args: ['dap'] });
		assert.deepStrictEqual(run('  ', 'executable').asked, [path.join(ext, 'bin', 'linux-x64', 'rewind')]);
	});

	const failures: [string, string | undefined, FileKind, RegExp[]][] = [
		['bundled missing', undefined, 'missing', [/does not exist/, /install the \.vsix built for your platform/, /rewind\.executable/, /linux-x64/]],
		['setting missing', '/opt/rewind', 'missing', [/"rewind\.executable" is \/opt\/rewind, which does not exist/, /Fix the "rewind\.executable" setting/]],
		['setting is a folder', '/opt', 'directory', [/is a folder/]],
		['not executable', '/opt/rewind', 'not-executable', [/not executable/, /chmod \+x \/opt\/rewind/]],
	];
	for (const [name, setting, kind, want] of failures) {
		it(`says what to do when the ${name}`, () => {
			const { r } = run(setting, kind);
			assert.ok('error' in r);
			for (const re of want) {
				assert.match(r.error, re);
			}
		});
	}
});

describe('Go cross-compilation targets', () => {
	it('maps every VS Code target', () => {
		assert.deepStrictEqual(
			targets.map((t) => goTarget(t)),
			[
				{ goos: 'linux', goarch: 'amd64', exe: 'rewind' },
				{ goos: 'linux', goarch: 'arm64', exe: 'rewind' },
				{ goos: 'darwin', goarch: 'amd64', exe: 'rewind' },
				{ goos: 'darwin', goarch: 'arm64', exe: 'rewind' },
				{ goos: 'windows', goarch: 'amd64', exe: 'rewind.exe' },
			],
		);
	});
});
