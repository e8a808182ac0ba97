// The debug adapter descriptor factory: VS Code asks it how to start the
// adapter for a `rewind` session, and it answers "run `rewind dap`".

import * as fs from 'fs';
import * as vscode from 'vscode';
import { FileKind, locateAdapter } from './binary';
import { headerBytes, programArch } from './elfcheck';

/** fileKind tells what is at p, following symbolic links. */
export function fileKind(p: string): FileKind {
	let st: fs.Stats;
	try {
		st = fs.statSync(p);
	} catch {
		return 'missing';
	}
	if (st.isDirectory()) {
		return 'directory';
	}
	if (process.platform === 'win32') {
		return 'executable';
	}
	try {
		fs.accessSync(p, fs.constants.X_OK);
		return 'executable';
	} catch {
		return 'not-executable';
	}
}

/**
 * archOf reads the architecture of the launch's program (an absolute path
 * once the configuration is resolved), so that the adapter offers that
 * architecture's exception filters from the start; undefined when the file
 * cannot be read.
 */
function archOf(program: unknown): string | undefined {
	if (typeof program !== 'string' || program === '') {
		return undefined;
	}
	try {
		const fd = fs.openSync(program, 'r');
		try {
			const head = Buffer.alloc(headerBytes);
			const n = fs.readSync(fd, head, 0, headerBytes, 0);
			return programArch(head.subarray(0, n));
		} finally {
			fs.closeSync(fd);
		}
	} catch {
		return undefined;
	}
}

/** RewindAdapterFactory starts `rewind dap` on stdio for each session. */
export class RewindAdapterFactory implements vscode.DebugAdapterDescriptorFactory {
	constructor(private readonly extensionPath: string) {}

	createDebugAdapterDescriptor(session: vscode.DebugSession): vscode.DebugAdapterDescriptor {
		const setting = vscode.workspace.getConfiguration('rewind', session.workspaceFolder).get<string>('executable');
		const found = locateAdapter({
			extensionPath: this.extensionPath,
			platform: process.platform,
			arch: process.arch,
			setting,
			kind: fileKind,
		});
		if ('error' in found) {
			void vscode.window.showErrorMessage(found.error, 'Open Settings').then((choice) => {
				if (choice) {
					void vscode.commands.executeCommand('workbench.action.openSettings', 'rewind.executable');
				}
			});
			throw new Error(found.error);
		}
		const cwd = session.workspaceFolder?.uri.fsPath;
		const arch = archOf(session.configuration.program);
		const args = arch ? [...found.args, '--arch', arch] : found.args;
		return new vscode.DebugAdapterExecutable(found.command, args, cwd ? { cwd } : undefined);
	}
}
