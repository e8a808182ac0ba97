// Commands behind the Rewind debug toolbar buttons: Reverse Step Out,
// Reverse Step In and Go to Time…, each a custom request to the adapter;
// and Step Back and Reverse for hosts without their own (Eclipse Theia),
// which send the standard DAP requests through customRequest.

import * as vscode from 'vscode';
import { TimelineController } from './controller';
import { TimelineModel, formatTime, parseTimeInput } from './timeline';

function rewindSession(controller: TimelineController): vscode.DebugSession | undefined {
	const s = controller.session();
	if (!s) {
		void vscode.window.showWarningMessage('Rewind: no Rewind debug session is active.');
	}
	return s;
}

async function request(session: vscode.DebugSession, command: string, args: object): Promise<void> {
	try {
		await session.customRequest(command, args);
	} catch (err) {
		void vscode.window.showErrorMessage(`Rewind: ${command} failed: ${err instanceof Error ? err.message : String(err)}`);
	}
}

async function goToTime(controller: TimelineController): Promise<void> {
	const session = rewindSession(controller);
	if (!session) {
		return;
	}
	await controller.refresh(session);
	const state = controller.current();
	if (state.kind !== 'model') {
		void vscode.window.showWarningMessage('Rewind: the session has no timeline yet.');
		return;
	}
	const m: TimelineModel = state.model;
	const text = await vscode.window.showInputBox({
		title: 'Rewind: Go to Time',
		prompt: `Now t=${formatTime(m.now)}; the run spans ${formatTime(m.start)} to ${formatTime(m.end)}. Type a time, +N / -N to move, a percentage, start or end.`,
		value: String(m.now),
		validateInput: (v) => {
			const r = parseTimeInput(v, m);
			return 'error' in r ? r.error : undefined;
		},
	});
	if (text === undefined) {
		return;
	}
	const r = parseTimeInput(text, m);
	if ('time' in r) {
		await request(session, 'rewind/seek', { time: r.time });
	}
}

/** registerCommands adds the Rewind commands. */
export function registerCommands(controller: TimelineController, zoom: (how: 'in' | 'out' | 'fit') => void): vscode.Disposable {
	const step = (command: string) => async () => {
		const session = rewindSession(controller);
		if (session) {
			await request(session, command, { threadId: controller.threadId(session) });
		}
	};
	return vscode.Disposable.from(
		vscode.commands.registerCommand('rewind.reverseStepOut', step('rewind/reverseStepOut')),
		vscode.commands.registerCommand('rewind.reverseStepIn', step('rewind/reverseStepIn')),
		vscode.commands.registerCommand('rewind.stepBack', step('stepBack')),
		vscode.commands.registerCommand('rewind.reverseContinue', step('reverseContinue')),
		vscode.commands.registerCommand('rewind.seek', async (time: unknown) => {
			const session = rewindSession(controller);
			if (session && typeof time === 'number') {
				await request(session, 'rewind/seek', { time });
			}
		}),
		vscode.commands.registerCommand('rewind.showTimeline', () => vscode.commands.executeCommand('rewind.timeline.focus')),
		vscode.commands.registerCommand('rewind.zoomIn', () => zoom('in')),
		vscode.commands.registerCommand('rewind.zoomOut', () => zoom('out')),
		vscode.commands.registerCommand('rewind.zoomFit', () => zoom('fit')),
		vscode.commands.registerCommand('rewind.goToTime', () => goToTime(controller)),
		vscode.commands.registerCommand('rewind.refreshTimeline', () => controller.refresh(controller.session())),
	);
}
