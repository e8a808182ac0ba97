// The DebugConfigurationProvider for `rewind`: offers launch.json entries,
// fills a missing `program`, and checks the configuration before launch.

import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import {
	ConfigHost,
	LaunchConfig,
	initialConfigurations,
	resolveConfiguration,
	validateConfiguration,
} from './configuration';
import { probeFile } from './probe';

/** showConfigError tells which configuration cannot start, why, and offers launch.json. */
export function showConfigError(name: string, errs: string[]): void {
	const open = 'Open launch.json';
	void vscode.window
		.showErrorMessage(`Rewind: the launch configuration "${name}" cannot start: ${errs.join('; ')}.`, open)
		.then((choice) => {
			if (choice === open) {
				void vscode.commands.executeCommand('workbench.action.debug.configure');
			}
		});
}

function host(folder: vscode.WorkspaceFolder | undefined): ConfigHost {
	return {
		activeFile: () => {
			const doc = vscode.window.activeTextEditor?.document;
			return doc?.uri.scheme === 'file' ? doc.uri.fsPath : undefined;
		},
		findElfFiles: async () => {
			const include = folder ? new vscode.RelativePattern(folder, '**/*.elf') : '**/*.elf';
			const uris = await vscode.workspace.findFiles(include, '**/node_modules/**', 50);
			return uris.map((u) => u.fsPath).sort();
		},
		pickElf: async (candidates) => {
			if (candidates.length > 0) {
				const browse = 'Browse…';
				const items = [
					...candidates.map((c) => ({ label: path.basename(c), description: vscode.workspace.asRelativePath(c), file: c })),
					{ label: browse, description: 'choose another file', file: '' },
				];
				const pick = await vscode.window.showQuickPick(items, {
					title: 'Rewind: which firmware ELF should run?',
					placeHolder: 'Firmware ELF (set "program" in launch.json to skip this question)',
				});
				if (!pick) {
					return undefined;
				}
				if (pick.file) {
					return pick.file;
				}
			}
			const uris = await vscode.window.showOpenDialog({
				title: 'Rewind: choose the firmware ELF to run',
				canSelectMany: false,
				defaultUri: folder?.uri,
				filters: { 'Firmware ELF': ['elf'], 'All files': ['*'] },
			});
			return uris?.[0]?.fsPath;
		},
		folder: () => folder?.uri.fsPath,
	};
}

/** RewindConfigurationProvider resolves `rewind` launch configurations. */
export class RewindConfigurationProvider implements vscode.DebugConfigurationProvider {
	provideDebugConfigurations(folder: vscode.WorkspaceFolder | undefined): Promise<vscode.DebugConfiguration[]> {
		return initialConfigurations(host(folder));
	}

	resolveDebugConfiguration(
		folder: vscode.WorkspaceFolder | undefined,
		config: vscode.DebugConfiguration,
	): Promise<vscode.DebugConfiguration | undefined> {
		return resolveConfiguration(config as Partial<LaunchConfig>, host(folder));
	}

	resolveDebugConfigurationWithSubstitutedVariables(
		folder: vscode.WorkspaceFolder | undefined,
		config: vscode.DebugConfiguration,
	): vscode.DebugConfiguration | null | undefined {
		const c = config as LaunchConfig;
		if (!c.cwd && folder) {
			c.cwd = folder.uri.fsPath;
		}
		if (!c.workspaceFolder && folder) {
			c.workspaceFolder = folder.uri.fsPath; // where sources built elsewhere are looked for
		}
		const errs = validateConfiguration(c, (p) => fs.existsSync(p), probeFile);
		if (errs.length > 0) {
			showConfigError(c.name, errs);
			return undefined; // the notification's button opens launch.json
		}
		return c;
	}
}
