// Commands that choose the event lanes of the Rewind Timeline: calls of a
// function, writes to a variable, a device register or an address range,
// and a reset to the default lanes (interrupts, exceptions, RTOS tasks).

import * as vscode from 'vscode';
import { TimelineController } from './controller';
import { parseRange } from './laneRange';
import { defaultLaneSpec } from './timeline';

async function addCalls(controller: TimelineController): Promise<void> {
	const fn = await vscode.window.showInputBox({
		title: 'Rewind: Show Calls of a Function on the Timeline',
		prompt: 'The function whose calls get a lane of markers',
		validateInput: (v) => (/^[A-Za-z_]\w*$/.test(v.trim()) ? undefined : 'a function name'),
	});
	if (!fn) {
		return;
	}
	const spec = controller.laneSpec();
	if (!spec.calls.includes(fn.trim())) {
		spec.calls.push(fn.trim());
	}
	await controller.setLaneSpec(spec);
}

async function addWrites(controller: TimelineController): Promise<void> {
	const text = await vscode.window.showInputBox({
		title: 'Rewind: Show Writes to Memory on the Timeline',
		prompt: 'A variable or member (sensor.count), or an address range (0x10000000:4 for a device register)',
	});
	if (!text || text.trim() === '') {
		return;
	}
	const spec = controller.laneSpec();
	const range = parseRange(text);
	spec.writes.push(range ? { ...range, label: text.trim() } : { expression: text.trim() });
	await controller.setLaneSpec(spec);
}

/** registerLaneCommands adds the commands. */
export function registerLaneCommands(controller: TimelineController): vscode.Disposable {
	return vscode.Disposable.from(
		vscode.commands.registerCommand('rewind.timelineCalls', () => addCalls(controller)),
		vscode.commands.registerCommand('rewind.timelineWrites', () => addWrites(controller)),
		vscode.commands.registerCommand('rewind.timelineResetLanes', () => controller.setLaneSpec({ ...defaultLaneSpec, calls: [], writes: [] })),
	);
}
