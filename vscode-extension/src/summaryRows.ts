// What the Rewind Timeline summary in the side bar shows, row by row.
// Pure (no VS Code API), so mocha tests it.

import type { TimelineState } from './controller';
import { TimelineModel, formatTime } from './timeline';

/** One row of the summary: a label, a detail and an optional command. */
export interface SummaryRow {
	label: string;
	description?: string;
	tooltip?: string;
	icon: string;
	command?: string;
	args?: unknown[];
}

/** summaryRows is what the summary shows for a state (pure, for tests). */
export function summaryRows(state: TimelineState): SummaryRow[] {
	if (state.kind === 'empty') {
		return [{ label: state.message, icon: 'info' }];
	}
	const m: TimelineModel = state.model;
	const stops = m.markers.filter((k) => k.kind === 'stop');
	const cps = m.markers.length - stops.length;
	const rows: SummaryRow[] = [
		{
			label: state.running ? 'running…' : `t = ${formatTime(m.now)}`,
			description: `of ${formatTime(m.start)} – ${formatTime(m.end)}`,
			tooltip: 'Current time (instructions retired). Click to go to another time.',
			icon: 'watch',
			command: 'rewind.goToTime',
		},
		{
			label: `${stops.length} stop${stops.length === 1 ? '' : 's'}`,
			description: stops.length ? stops[stops.length - 1].label : undefined,
			icon: 'debug-breakpoint',
		},
		{ label: `${cps} checkpoint${cps === 1 ? '' : 's'}`, icon: 'history' },
	];
	const last = m.currentLine >= 0 ? m.lines[m.currentLine] : undefined;
	rows.push({
		label: `${m.lines.length} UART line${m.lines.length === 1 ? '' : 's'}`,
		description: last ? `last: ${last.text}` : undefined,
		tooltip: last ? `printed at t=${formatTime(last.time)}: click to go there` : undefined,
		icon: 'output',
		command: last ? 'rewind.seek' : undefined,
		args: last ? [last.time] : undefined,
	});
	rows.push({ label: 'Open the timeline panel', icon: 'graph-line', command: 'rewind.showTimeline' });
	return rows;
}
