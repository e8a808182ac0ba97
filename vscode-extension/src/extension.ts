// Entry point of the Rewind extension: registers the `rewind` debug type's
// configuration provider and adapter factory, the reverse commands, the
// timeline view, the status bar item, the dataflow view and the queries over
// the whole run (retroactive log points, event lanes).

import * as vscode from 'vscode';
import { RewindAdapterFactory } from './adapter';
import { registerCommands } from './commands';
import { debugType } from './configuration';
import { TimelineController } from './controller';
import { registerDataflow } from './dataflow';
import { registerLaneCommands } from './laneCommands';
import { registerLogPoint } from './logpoint';
import { RewindConfigurationProvider } from './provider';
import { createStatusBar } from './statusBar';
import { SummaryProvider, summaryViewId } from './summary';
import { TimelineViewProvider, timelineViewId } from './timelineView';

/** activate is called by VS Code the first time a Rewind feature is used. */
export function activate(context: vscode.ExtensionContext): void {
	const controller = new TimelineController(context.workspaceState);
	const view = new TimelineViewProvider(context.extensionUri, controller);
	const provider = new RewindConfigurationProvider();
	const summary = new SummaryProvider(controller);
	// activation means Rewind is in use here: keep its timeline views
	// around between sessions
	void vscode.commands.executeCommand('setContext', 'rewind.timelineWanted', true);
	context.subscriptions.push(
		controller,
		view,
		vscode.debug.registerDebugConfigurationProvider(debugType, provider),
		vscode.debug.registerDebugConfigurationProvider(
			debugType,
			{ provideDebugConfigurations: (folder) => provider.provideDebugConfigurations(folder) },
			vscode.DebugConfigurationProviderTriggerKind.Dynamic,
		),
		vscode.debug.registerDebugAdapterDescriptorFactory(debugType, new RewindAdapterFactory(context.extensionPath)),
		summary,
		vscode.window.registerWebviewViewProvider(timelineViewId, view, { webviewOptions: { retainContextWhenHidden: true } }),
		vscode.window.registerTreeDataProvider(summaryViewId, summary),
		registerCommands(controller, (how) => view.zoom(how)),
		createStatusBar(controller),
		registerDataflow(controller),
		registerLogPoint(controller),
		registerLaneCommands(controller),
	);
}

/** deactivate has nothing to release beyond the subscriptions. */
export function deactivate(): void {}
