// The Rewind Timeline panel's geometry: which part of the run is visible
// (zoom and pan), where a time lies on screen and back, tick marks, and the
// lanes of events (stops, checkpoints, UART lines, and any lane the adapter
// adds later: interrupts, traps, tasks). Pure, like timeline.ts, so the
// webview and mocha share it.

import { TimelineModel, formatTime } from './timeline';

/** The part of the run on screen, [start, end] in instructions. */
export interface View {
	start: number;
	end: number;
}

/** One thing that happened at a time, drawn on a lane. */
export interface LaneItem {
	time: number;
	label: string;
}

/** A row of the timeline. */
export interface Lane {
	id: string;
	label: string;
	items: LaneItem[];
}

/** The narrowest view, in instructions. */
export const minSpan = 20;

function clamp(v: number, lo: number, hi: number): number {
	return v < lo ? lo : v > hi ? hi : v;
}

/** fullView shows the whole run. */
export function fullView(m: Pick<TimelineModel, 'start' | 'end'>): View {
	return { start: m.start, end: m.end };
}

/** clampView keeps a view inside the run and at least minSpan wide. */
export function clampView(v: View, m: Pick<TimelineModel, 'start' | 'end'>): View {
	const total = m.end - m.start;
	let span = clamp(v.end - v.start, Math.min(minSpan, total), total);
	if (!(span >= 0)) {
		span = total;
	}
	const start = clamp(v.start, m.start, m.end - span);
	return { start, end: start + span };
}

/**
 * zoomView narrows (factor < 1) or widens (factor > 1) a view around
 * the time focus, which stays at the same place on screen.
 */
export function zoomView(v: View, m: Pick<TimelineModel, 'start' | 'end'>, factor: number, focus: number): View {
	const span = v.end - v.start;
	if (!(span > 0) || !(factor > 0)) {
		return clampView(v, m);
	}
	const f = clamp((focus - v.start) / span, 0, 1);
	const next = span * factor;
	const start = focus - f * next;
	return clampView({ start, end: start + next }, m);
}

/** panView moves a view by delta instructions (negative: earlier). */
export function panView(v: View, m: Pick<TimelineModel, 'start' | 'end'>, delta: number): View {
	return clampView({ start: v.start + delta, end: v.end + delta }, m);
}

/** followNow moves a view so that now is visible, keeping its width. */
export function followNow(v: View, m: Pick<TimelineModel, 'start' | 'end' | 'now'>): View {
	if (m.now >= v.start && m.now <= v.end) {
		return clampView(v, m);
	}
	const span = v.end - v.start;
	return clampView({ start: m.now - span / 2, end: m.now + span / 2 }, m);
}

/** inView places a time in a view, 0 at its left edge and 1 at its right. */
export function inView(v: View, t: number): number {
	const span = v.end - v.start;
	return span > 0 ? (t - v.start) / span : 0;
}

/** timeInView maps x pixels from the left of a width-pixel plot to a whole time in the view. */
export function timeInView(v: View, x: number, width: number): number {
	if (!(width > 0) || !Number.isFinite(x)) {
		return Math.round(v.start);
	}
	return Math.round(v.start + clamp(x / width, 0, 1) * (v.end - v.start));
}

/** ticks returns round times inside a view, at most max of them. */
export function ticks(v: View, max: number): number[] {
	const span = v.end - v.start;
	if (!(span > 0) || max < 1) {
		return [];
	}
	const raw = span / max;
	const mag = Math.pow(10, Math.floor(Math.log10(raw)));
	const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw) ?? 10 * mag;
	const out: number[] = [];
	for (let t = Math.ceil(v.start / step) * step; t <= v.end && out.length <= max; t += Math.max(step, 1)) {
		out.push(Math.round(t));
	}
	return out;
}

/**
 * lanesOf lists the model's lanes: stops, checkpoints, UART lines, then
 * the extra lanes the adapter sent, each sorted by time.
 */
export function lanesOf(m: TimelineModel): Lane[] {
	const stops = m.markers.filter((k) => k.kind === 'stop').map((k) => ({ time: k.time, label: k.label }));
	const cps = m.markers.filter((k) => k.kind === 'checkpoint').map((k) => ({ time: k.time, label: k.label }));
	const uart = m.lines.map((l) => ({ time: l.time, label: `UART: ${l.text}` }));
	const extra = (m.lanes ?? []).map((l) => ({ ...l, items: [...l.items].sort((a, b) => a.time - b.time) }));
	return [
		{ id: 'stops', label: 'Stops', items: stops },
		{ id: 'checkpoints', label: 'Checkpoints', items: cps },
		{ id: 'uart', label: 'UART', items: uart },
		...extra,
	];
}

/**
 * describeAt is the tooltip for time t: the time, then what happened
 * within radius instructions of it (nearest first, at most max lines).
 */
export function describeAt(lanes: Lane[], t: number, radius: number, max = 4): string {
	const near: { d: number; text: string }[] = [];
	for (const lane of lanes) {
		for (const it of lane.items) {
			const d = Math.abs(it.time - t);
			if (d <= radius) {
				near.push({ d, text: it.label });
			}
		}
	}
	near.sort((a, b) => a.d - b.d);
	const lines = [`t = ${formatTime(t)}`, ...near.slice(0, max).map((n) => n.text)];
	if (near.length > max) {
		lines.push(`… and ${near.length - max} more`);
	}
	return lines.join('\n');
}
