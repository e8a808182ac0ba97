// The status bar item that shows the current time (instructions retired)
// of a Rewind session; clicking it runs "Go to Time…". It stays put during
// steps and seeks (no flicker on every stop) and says "running" only when a
// run lasts longer than longRunMs.

import * as vscode from 'vscode';
import { TimelineController, TimelineState } from './controller';
import { formatTime, statusText } from './timeline';

/** How long a run may last before the item says it is running. */
export const longRunMs = 700;

/** createStatusBar shows the time of the Rewind session. */
export function createStatusBar(controller: TimelineController): vscode.Disposable {
	const item = vscode.window.createStatusBarItem('rewind.time', vscode.StatusBarAlignment.Left, 10);
	item.name = 'Rewind Time';
	item.command = 'rewind.goToTime';
	let timer: ReturnType<typeof setTimeout> | undefined;
	let longRun = false;
	const stopTimer = () => {
		if (timer) {
			clearTimeout(timer);
			timer = undefined;
		}
		longRun = false;
	};
	const update = (state: TimelineState) => {
		if (state.kind !== 'model') {
			stopTimer();
			item.hide();
			return;
		}
		const m = state.model;
		item.text = statusText(m, state.running, longRun);
		const exit = m.exit?.time === m.now ? ` The firmware exits with code ${m.exit.code} on the next instruction: step back or reverse to see why; Continue ends the session.` : '';
		item.tooltip = `Rewind: instruction ${formatTime(m.now)} of ${formatTime(m.end)} (run starts at ${formatTime(m.start)}).${exit} Click to go to another time.`;
		item.show();
		if (!state.running) {
			stopTimer();
		} else if (!timer && !longRun) {
			timer = setTimeout(() => {
				longRun = true;
				update(controller.current());
			}, longRunMs);
		}
	};
	update(controller.current());
	const sub = controller.onDidChange((s) => update(s));
	return vscode.Disposable.from(item, sub, { dispose: stopTimer });
}
