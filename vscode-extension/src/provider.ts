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
		const errs = validateConfiguration(c, (p) => fs.existsSync(p));
		if (errs.length > 0) {
			void vscode.window.showErrorMessage(`Rewind: the launch configuration "${c.name}" cannot start: ${errs.join('; ')}.`, { modal: false });
			return null; // null opens launch.json so the user can fix it
		}
		return c;
	}
}
