// Timeline model: turns the adapter's `rewind/timeline` response into what the
// Rewind Timeline view draws (a slider range, markers, UART lines placed in
// time) and maps positions on the slider back to times. Pure: no VS Code, no
// DOM, no Node APIs, so it runs in the extension host, in the webview and in
// mocha alike.

/** One stop the adapter remembers (a breakpoint hit, a step end, ...). */
export interface TimelineStop {
	time: number;
	reason: string;
	description?: string;
	/** the exit code, on the stop just before the firmware's exit ("exiting") */
	exitCode?: number;
}

/** A chunk of UART output and the time its first byte was printed. */
export interface TimelineOutput {
	time: number;
	text: string;
}

/**
 * An extra row of events the adapter may send (interrupts, traps, calls,
 * writes, tasks): `lanes: [{id, label, kind, events: [{time, label}],
 * intervals?: [{from, to, label}], total, truncated?, error?}]` in the
 * response (adapter/lanes.go). A task lane's intervals are when it ran.
 */
export interface TimelineLane {
	id: string;
	label: string;
	/** "interrupt", "exception", "call", "write", "task" (default: the id) */
	kind?: string;
	items: { time: number; label: string }[];
	intervals?: LaneInterval[];
	/** events in the whole run (items may hold only the latest) */
	total?: number;
	truncated?: boolean;
	/** why the adapter could not fill the lane */
	error?: string;
}

/** A stretch of a lane, [from, to): when a task ran. */
export interface LaneInterval {
	from: number;
	to: number;
	label: string;
}

/** Which event lanes to ask `rewind/timeline` for (adapter/lanes.go: laneSpec). */
export interface LaneSpec {
	interrupts: boolean;
	exceptions: boolean;
	tasks: boolean;
	calls: string[];
	writes: { expression?: string; address?: string; size?: number; label?: string }[];
}

/** The lanes asked for when the user chose none: traps and tasks. */
export const defaultLaneSpec: LaneSpec = { interrupts: true, exceptions: true, tasks: true, calls: [], writes: [] };

/** Most intervals kept per lane (the latest win). */
export const maxIntervals = 5000;

/** Body of the `rewind/timeline` response (adapter/custom.go: timelineBody). */
export interface TimelineResponse {
	start: number;
	end: number;
	now: number;
	checkpoints: number[];
	stops: TimelineStop[];
	output: TimelineOutput[];
	lanes: TimelineLane[];
}

/** Kinds of marker drawn on the slider track. */
export type MarkerKind = 'checkpoint' | 'stop';

/** A marker on the slider track; fraction is its place in [0, 1]. */
export interface Marker {
	kind: MarkerKind;
	time: number;
	fraction: number;
	label: string;
}

/** A whole line of UART output, placed at the time its first byte was printed. */
export interface UartLine {
	time: number;
	text: string;
	fraction: number;
	/** printed at or before the current time */
	past: boolean;
}

/** Everything the view draws. */
export interface TimelineModel {
	start: number;
	end: number;
	now: number;
	nowFraction: number;
	markers: Marker[];
	lines: UartLine[];
	/** index in lines of the last line printed at or before now, or -1 */
	currentLine: number;
	/** extra lanes from the adapter, inside the run */
	lanes?: TimelineLane[];
	/** where the run stopped just before the firmware's exit, and its code */
	exit?: { time: number; code: number };
}

/** Most UART lines kept in the model (the latest ones win). */
export const maxLines = 2000;

/** Most stop markers kept in the model (the latest ones win). */
export const maxStops = 500;

function num(v: unknown): number | undefined {
	return typeof v === 'number' && Number.isFinite(v) ? Math.floor(v) : undefined;
}

function clamp(v: number, lo: number, hi: number): number {
	return v < lo ? lo : v > hi ? hi : v;
}

/**
 * parseTimelineResponse checks a response body from the adapter and returns
 * it with times made whole, ranges ordered and bad entries dropped; it throws
 * only when start, end or now is missing.
 */
export function parseTimelineResponse(body: unknown): TimelineResponse {
	const b = (body ?? {}) as Record<string, unknown>;
	let start = num(b.start);
	let end = num(b.end);
	const now = num(b.now);
	if (start === undefined || end === undefined || now === undefined) {
		throw new Error('rewind/timeline response lacks start, end or now');
	}
	if (end < start) {
		[start, end] = [end, start];
	}
	const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
	const checkpoints = arr(b.checkpoints)
		.map(num)
		.filter((t): t is number => t !== undefined);
	const stops: TimelineStop[] = [];
	for (const s of arr(b.stops)) {
		const o = (s ?? {}) as Record<string, unknown>;
		const time = num(o.time);
		if (time === undefined) {
			continue;
		}
		const stop: TimelineStop = { time, reason: typeof o.reason === 'string' ? o.reason : 'stop' };
		if (typeof o.description === 'string' && o.description !== '') {
			stop.description = o.description;
		}
		const code = num(o.exitCode);
		if (code !== undefined) {
			stop.exitCode = code;
		}
		stops.push(stop);
	}
	const output: TimelineOutput[] = [];
	for (const c of arr(b.output)) {
		const o = (c ?? {}) as Record<string, unknown>;
		const time = num(o.time);
		if (time !== undefined && typeof o.text === 'string') {
			output.push({ time, text: o.text });
		}
	}
	const lanes: TimelineLane[] = [];
	for (const l of arr(b.lanes)) {
		const o = (l ?? {}) as Record<string, unknown>;
		if (typeof o.id !== 'string' || typeof o.label !== 'string') {
			continue;
		}
		const items = arr(o.events)
			.map((e) => (e ?? {}) as Record<string, unknown>)
			.filter((e) => num(e.time) !== undefined)
			.map((e) => ({ time: num(e.time) as number, label: typeof e.label === 'string' ? e.label : o.label as string }));
		const lane: TimelineLane = { id: o.id, label: o.label, items };
		if (typeof o.kind === 'string' && o.kind !== '') {
			lane.kind = o.kind;
		}
		if (Array.isArray(o.intervals)) {
			lane.intervals = [];
			for (const i of o.intervals) {
				const v = (i ?? {}) as Record<string, unknown>;
				const from = num(v.from);
				const to = num(v.to);
				if (from !== undefined && to !== undefined && to >= from) {
					lane.intervals.push({ from, to, label: typeof v.label === 'string' ? v.label : o.label });
				}
			}
		}
		const total = num(o.total);
		if (total !== undefined) {
			lane.total = total;
		}
		if (o.truncated === true) {
			lane.truncated = true;
		}
		if (typeof o.error === 'string' && o.error !== '') {
			lane.error = o.error;
		}
		lanes.push(lane);
	}
	return { start, end, now: clamp(now, start, end), checkpoints, stops, output, lanes };
}

/** fractionOf places a time on a track running from start to end. */
export function fractionOf(start: number, end: number, time: number): number {
	if (end <= start) {
		return time >= end ? 1 : 0;
	}
	return clamp((time - start) / (end - start), 0, 1);
}

/**
 * splitLines joins output chunks into whole lines. A line's time is the time
 * of the chunk holding its first byte; a chunk that does not end in a newline
 * continues on the next chunk. Carriage returns before newlines are dropped.
 */
export function splitLines(output: TimelineOutput[]): { time: number; text: string }[] {
	const chunks = [...output].sort((a, b) => a.time - b.time);
	const lines: { time: number; text: string }[] = [];
	let open: { time: number; text: string } | undefined;
	for (const c of chunks) {
		const parts = c.text.split('\n');
		parts.forEach((part, i) => {
			const last = i === parts.length - 1;
			if (last && part === '') {
				return; // the chunk ended with a newline
			}
			if (!open) {
				open = { time: c.time, text: '' };
			}
			open.text += part;
			if (!last) {
				open.text = open.text.replace(/\r$/, '');
				lines.push(open);
				open = undefined;
			}
		});
	}
	if (open) {
		lines.push(open);
	}
	return lines;
}

function stopLabel(s: TimelineStop): string {
	if (s.reason === 'exiting' && s.exitCode !== undefined) {
		return `exit with code ${s.exitCode} at t=${formatTime(s.time)} (the end of the run; step back or reverse from here)`;
	}
	const what = s.description ? `${s.reason}: ${s.description}` : s.reason;
	return `${what} at t=${formatTime(s.time)}`;
}

/** buildTimeline turns a `rewind/timeline` response into the view's model. */
export function buildTimeline(body: unknown): TimelineModel {
	const r = parseTimelineResponse(body);
	const at = (t: number) => fractionOf(r.start, r.end, t);
	const markers: Marker[] = [];
	for (const t of [...new Set(r.checkpoints)].sort((a, b) => a - b)) {
		if (t >= r.start && t <= r.end) {
			markers.push({ kind: 'checkpoint', time: t, fraction: at(t), label: `checkpoint at t=${formatTime(t)}` });
		}
	}
	const stops = r.stops
		.filter((s) => s.time >= r.start && s.time <= r.end)
		.sort((a, b) => a.time - b.time)
		.slice(-maxStops);
	// one marker per time: a place stopped at again (Reverse landing on a
	// breakpoint hit seen before) keeps its first label
	for (const s of stops) {
		const last = markers[markers.length - 1];
		if (last?.kind === 'stop' && last.time === s.time) {
			continue;
		}
		markers.push({ kind: 'stop', time: s.time, fraction: at(s.time), label: stopLabel(s) });
	}
	const lines = splitLines(r.output)
		.slice(-maxLines)
		.map((l) => ({ ...l, fraction: at(l.time), past: l.time <= r.now }));
	let currentLine = -1;
	lines.forEach((l, i) => {
		if (l.past) {
			currentLine = i;
		}
	});
	return {
		start: r.start,
		end: r.end,
		now: r.now,
		nowFraction: at(r.now),
		markers,
		lines,
		currentLine,
		exit: exitOf(stops),
		lanes: r.lanes.map((l) => {
			const lane = { ...l, items: l.items.filter((i) => i.time >= r.start && i.time <= r.end).slice(-maxStops) };
			if (l.intervals) {
				lane.intervals = l.intervals
					.filter((i) => i.to > r.start && i.from <= r.end)
					.map((i) => ({ ...i, from: Math.max(i.from, r.start), to: Math.min(i.to, r.end) }))
					.slice(-maxIntervals);
			}
			return lane;
		}),
	};
}

/** exitOf finds the last stop just before the firmware's exit, if any. */
function exitOf(stops: TimelineStop[]): { time: number; code: number } | undefined {
	const last = [...stops].reverse().find((s) => s.reason === 'exiting' && s.exitCode !== undefined);
	return last ? { time: last.time, code: last.exitCode as number } : undefined;
}

/**
 * timeAtPosition maps a pointer position on the track (x pixels from the
 * track's left edge, width pixels wide) to a whole time in [start, end].
 */
export function timeAtPosition(model: Pick<TimelineModel, 'start' | 'end'>, x: number, width: number): number {
	if (!(width > 0) || !Number.isFinite(x)) {
		return model.start;
	}
	const f = clamp(x / width, 0, 1);
	return clamp(Math.round(model.start + f * (model.end - model.start)), model.start, model.end);
}

/**
 * snapToMarker returns the time of the marker nearest to time when it lies
 * within tolerance (a fraction of the track), else time itself; stops win
 * over checkpoints at equal distance.
 */
export function snapToMarker(model: TimelineModel, time: number, tolerance: number): number {
	const f = fractionOf(model.start, model.end, time);
	let best: Marker | undefined;
	let bestDist = Infinity;
	for (const m of model.markers) {
		const d = Math.abs(m.fraction - f);
		if (d <= tolerance && (d < bestDist || (d === bestDist && m.kind === 'stop'))) {
			best = m;
			bestDist = d;
		}
	}
	return best ? best.time : time;
}

/** formatTime writes a time with thin group separators: 1234567 -> "1 234 567". */
export function formatTime(t: number): string {
	const s = String(Math.abs(Math.trunc(t)));
	const groups: string[] = [];
	for (let i = s.length; i > 0; i -= 3) {
		groups.unshift(s.slice(Math.max(0, i - 3), i));
	}
	return (t < 0 ? '-' : '') + groups.join('\u2009');
}

/**
 * parseTimeInput reads what a user types into "Go to Time…": an absolute time
 * ("123456", "1_000_000", "1,000"), a move relative to now ("+100", "-5000"),
 * a percentage of the run ("50%"), or "start" / "end". It returns the time
 * clamped to the run, or an error message.
 */
export function parseTimeInput(
	text: string,
	model: Pick<TimelineModel, 'start' | 'end' | 'now'>,
): { time: number } | { error: string } {
	const s = text.trim().toLowerCase().replace(/[_,\s\u2009]/g, '');
	const inRange = (t: number) => ({ time: clamp(Math.round(t), model.start, model.end) });
	if (s === 'start' || s === 'begin') {
		return { time: model.start };
	}
	if (s === 'end' || s === 'now+end') {
		return { time: model.end };
	}
	let m = /^(\d+(?:\.\d+)?)%$/.exec(s);
	if (m) {
		const p = Number(m[1]);
		if (p > 100) {
			return { error: 'a percentage must be between 0% and 100%' };
		}
		return inRange(model.start + (p / 100) * (model.end - model.start));
	}
	m = /^([+-])(\d+)$/.exec(s);
	if (m) {
		const d = Number(m[2]);
		return inRange(m[1] === '+' ? model.now + d : model.now - d);
	}
	m = /^(?:t=)?(\d+)$/.exec(s);
	if (m) {
		const t = Number(m[1]);
		if (t < model.start || t > model.end) {
			return { error: `time ${formatTime(t)} is outside the run (${formatTime(model.start)} to ${formatTime(model.end)})` };
		}
		return { time: t };
	}
	return { error: 'type a time (123456), a move (+100 or -100), a percentage (50%), start or end' };
}

/**
 * statusText is what the status bar says: a clock icon (the codicon, which
 * every VS Code font has, unlike the emoji) and the time. A short run (a
 * step, a seek) keeps showing the time it started from, so the item does
 * not flicker on every stop; only a long one (longRun) says it is running.
 */
export function statusText(model: Pick<TimelineModel, 'now' | 'exit'>, running: boolean, longRun = false): string {
	if (running && longRun) {
		return '$(sync~spin) running…';
	}
	const at = `$(watch) t=${formatTime(model.now)}`;
	return model.exit?.time === model.now ? `${at} · exits with code ${model.exit.code}` : at;
}
