// The Rewind Timeline panel's geometry: which part of the run is visible
// (zoom and pan), where a time lies on screen and back, tick marks, and the
// lanes of events (stops, checkpoints, UART lines, and any lane the adapter
// adds later: interrupts, traps, tasks). Pure, like timeline.ts, so the
// webview and mocha share it.

import { LaneInterval, TimelineModel, formatTime } from './timeline';

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
	/** what the lane shows, for the filter and keyboard navigation */
	kind: string;
	items: LaneItem[];
	/** stretches of time (a task lane: when the task ran) */
	intervals?: LaneInterval[];
	/** why the lane is empty, when the adapter said */
	error?: string;
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
	const extra = (m.lanes ?? []).map((l) => {
		const lane: Lane = { id: l.id, label: l.label, kind: l.kind ?? l.id, items: [...l.items].sort((a, b) => a.time - b.time) };
		if (l.intervals) {
			lane.intervals = [...l.intervals].sort((a, b) => a.from - b.from);
		}
		if (l.error) {
			lane.error = l.error;
		}
		return lane;
	});
	return [
		{ id: 'stops', label: 'Stops', kind: 'stops', items: stops },
		{ id: 'checkpoints', label: 'Checkpoints', kind: 'checkpoints', items: cps },
		{ id: 'uart', label: 'UART', kind: 'uart', items: uart },
		...extra,
	];
}

/** The names the filter shows for each kind of lane. */
const kindNames: Record<string, string> = {
	stops: 'Stops',
	checkpoints: 'Checkpoints',
	uart: 'UART lines',
	interrupt: 'Interrupts',
	exception: 'Exceptions',
	call: 'Calls',
	write: 'Writes',
	task: 'Tasks',
};

/** kindName names a kind of lane for the filter. */
export function kindName(kind: string): string {
	return kindNames[kind] ?? kind;
}

/** laneKinds lists the kinds of the lanes, in their order, once each. */
export function laneKinds(lanes: Lane[]): string[] {
	return [...new Set(lanes.map((l) => l.kind))];
}

/** shownLanes drops the lanes of the hidden kinds. */
export function shownLanes(lanes: Lane[], hidden: ReadonlySet<string>): Lane[] {
	return lanes.filter((l) => !hidden.has(l.kind));
}

/**
 * neighbourTime is the time of the marker of a kind just before (dir -1) or
 * after (dir +1) time t, over every lane of that kind; undefined when there
 * is none.
 */
export function neighbourTime(lanes: Lane[], kind: string, t: number, dir: -1 | 1): number | undefined {
	let best: number | undefined;
	for (const lane of lanes) {
		if (lane.kind !== kind) {
			continue;
		}
		for (const it of lane.items) {
			if (dir < 0 ? it.time < t && (best === undefined || it.time > best) : it.time > t && (best === undefined || it.time < best)) {
				best = it.time;
			}
		}
	}
	return best;
}

/** A drawn stretch of a lane: where it lies in the view, and what it stands for. */
export interface Bar {
	left: number;
	width: number;
	from: number;
	to: number;
	label: string;
	/** how many intervals the bar joins (too narrow to draw apart) */
	count: number;
}

/**
 * barsOf places a lane's intervals in a view width pixels wide: fractions of
 * the view, those outside it dropped, and neighbours closer than a pixel
 * joined into one bar, so a lane of thousands of switches stays drawable.
 */
export function barsOf(intervals: LaneInterval[], v: View, width: number): Bar[] {
	const px = width > 0 ? (v.end - v.start) / width : 0;
	const out: Bar[] = [];
	for (const iv of intervals) {
		if (iv.to < v.start || iv.from > v.end) {
			continue;
		}
		const last = out[out.length - 1];
		if (last && iv.from - last.to <= px) {
			last.to = Math.max(last.to, iv.to);
			last.count++;
			continue;
		}
		out.push({ left: 0, width: 0, from: iv.from, to: iv.to, label: iv.label, count: 1 });
	}
	for (const b of out) {
		const l = Math.max(inView(v, b.from), 0);
		const r = Math.min(inView(v, b.to), 1);
		b.left = l;
		b.width = Math.max(r - l, 0);
		if (b.count > 1) {
			b.label = `${b.count} runs from t=${formatTime(b.from)} to t=${formatTime(b.to)}`;
		}
	}
	return out;
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
		const running = lane.intervals?.find((iv) => iv.from <= t && t < iv.to);
		if (running && !near.some((n) => n.text === running.label)) {
			near.push({ d: radius + 1, text: running.label });
		}
	}
	near.sort((a, b) => a.d - b.d);
	const lines = [`t = ${formatTime(t)}`, ...near.slice(0, max).map((n) => n.text)];
	if (near.length > max) {
		lines.push(`… and ${near.length - max} more`);
	}
	return lines.join('\n');
}
