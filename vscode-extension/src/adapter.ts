// The debug adapter descriptor factory: VS Code asks it how to start the
// adapter for a `rewind` session, and it answers "run `rewind dap`".

import * as fs from 'fs';
import * as vscode from 'vscode';
import { FileKind, locateAdapter } from './binary';

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
		return new vscode.DebugAdapterExecutable(found.command, found.args, cwd ? { cwd } : undefined);
	}
}
