// The status bar item that shows the current time (instructions retired)
// while a Rewind session is stopped; clicking it runs "Go to Time…".

import * as vscode from 'vscode';
import { TimelineController, TimelineState } from './controller';
import { formatTime, statusText } from './timeline';

/** createStatusBar shows the time of the stopped Rewind session. */
export function createStatusBar(controller: TimelineController): vscode.Disposable {
	const item = vscode.window.createStatusBarItem('rewind.time', vscode.StatusBarAlignment.Left, 10);
	item.name = 'Rewind Time';
	item.command = 'rewind.goToTime';
	const update = (state: TimelineState) => {
		const text = state.kind === 'model' ? statusText(state.model, state.running) : undefined;
		if (text === undefined || state.kind !== 'model') {
			item.hide();
			return;
		}
		item.text = text;
		const m = state.model;
		item.tooltip = `Rewind: instruction ${formatTime(m.now)} of ${formatTime(m.end)} (run starts at ${formatTime(m.start)}). Click to go to another time.`;
		item.show();
	};
	update(controller.current());
	const sub = controller.onDidChange(update);
	return vscode.Disposable.from(item, sub);
}
