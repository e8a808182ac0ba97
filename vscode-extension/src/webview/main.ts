// Script of the Rewind Timeline panel: draws the model the extension posts
// as lanes under a time axis, with the current time as a cursor the user
// drags; wheel and +/- zoom, Shift+wheel and dragging the axis pan; a click
// on an event seeks there. Bundled for the browser by esbuild.

import {
	Lane, View, barsOf, clampView, describeAt, followNow, fullView, inView, kindName, laneKinds, lanesOf, neighbourTime, panView, shownLanes, ticks,
	timeInView, zoomView,
} from '../lanes';
import { TimelineModel, formatTime } from '../timeline';

declare function acquireVsCodeApi(): { postMessage(msg: unknown): void; getState(): unknown; setState(s: unknown): void };

type State = { kind: 'model'; model: TimelineModel; running: boolean; session?: string } | { kind: 'empty'; message: string };
type FromHost = { type: 'state'; state: State } | { type: 'zoom'; how: 'in' | 'out' | 'fit' };

const vscode = acquireVsCodeApi();
const $ = (id: string) => document.getElementById(id) as HTMLElement;
const empty = $('empty');
const timeline = $('timeline');
const plot = $('plot');
const axis = $('axis');
const tracks = $('tracks');
const labels = $('labels');
const cursor = $('cursor');
const tooltip = $('tooltip');
const uart = $('uart');
const nowLabel = $('now');
const range = $('range');
const viewLabel = $('view');
const filters = $('filters');
const navKind = $('navKind') as HTMLSelectElement;

let model: TimelineModel | undefined;
let lanes: Lane[] = [];
/** the lanes the filter shows */
let shown: Lane[] = [];
/** kinds of lane the user hid (kept in the webview state) */
const hidden = new Set<string>(((vscode.getState() as { hidden?: string[] } | undefined)?.hidden ?? []).filter((k) => typeof k === 'string'));
let lastKinds = '';
/** the session whose run is drawn */
let shownSession: string | undefined;
let view: View | undefined;
let running = false;
let drag: { kind: 'cursor' | 'pan'; x0: number; view0: View } | undefined;
let lastLinesKey = '';

/** Pixels within which a pointer snaps to an event, and tooltips gather events. */
const snapPixels = 6;

function seek(time: number): void {
	if (!running) {
		vscode.postMessage({ type: 'seek', time });
	}
}

function plotWidth(): number {
	return Math.max(plot.getBoundingClientRect().width, 1);
}

function timeAtX(clientX: number): number {
	const r = plot.getBoundingClientRect();
	return timeInView(view as View, clientX - r.left, r.width);
}

/** snap moves t to the nearest event within snapPixels, stops first. */
function snap(t: number): number {
	if (!view) {
		return t;
	}
	const radius = ((view.end - view.start) * snapPixels) / plotWidth();
	let best = t;
	let bestD = Infinity;
	for (const lane of shown) {
		for (const it of lane.items) {
			const d = Math.abs(it.time - t);
			if (d <= radius && d < bestD) {
				best = it.time;
				bestD = d;
			}
		}
		if (bestD < Infinity) {
			break; // lanes are in order of importance: stops first
		}
	}
	return best;
}

function setView(v: View): void {
	if (!model) {
		return;
	}
	view = clampView(v, model);
	saveState();
	drawPlot();
}

function zoom(factor: number, focus?: number): void {
	if (model && view) {
		setView(zoomView(view, model, factor, focus ?? (running ? (view.start + view.end) / 2 : model.now)));
	}
}

function saveState(): void {
	vscode.setState({ view, hidden: [...hidden] });
}

/** goToNeighbour seeks to the previous or next marker of the kind chosen for navigation. */
function goToNeighbour(kind: string, dir: -1 | 1): void {
	if (!model || running) {
		return;
	}
	const t = neighbourTime(lanes, kind, model.now, dir);
	if (t !== undefined) {
		seek(t);
	}
}

/** drawFilters makes a checkbox per kind of lane, and the navigation's choice of kind. */
function drawFilters(): void {
	const kinds = laneKinds(lanes);
	const key = kinds.join('|');
	if (key === lastKinds) {
		return;
	}
	lastKinds = key;
	filters.replaceChildren();
	const prev = navKind.value;
	navKind.replaceChildren();
	for (const k of kinds) {
		const label = document.createElement('label');
		label.className = 'filter';
		const box = document.createElement('input');
		box.type = 'checkbox';
		box.dataset.kind = k;
		box.checked = !hidden.has(k);
		box.addEventListener('change', () => {
			if (box.checked) {
				hidden.delete(k);
			} else {
				hidden.add(k);
			}
			shown = shownLanes(lanes, hidden);
			saveState();
			drawPlot();
		});
		label.append(box, document.createTextNode(kindName(k)));
		filters.appendChild(label);
		const opt = document.createElement('option');
		opt.value = k;
		opt.textContent = kindName(k);
		navKind.appendChild(opt);
	}
	navKind.value = kinds.includes(prev) ? prev : kinds.includes('interrupt') ? 'interrupt' : 'stops';
}

function pct(f: number): string {
	return `${(f * 100).toFixed(3)}%`;
}

function drawAxis(v: View): void {
	axis.replaceChildren();
	for (const t of ticks(v, Math.max(2, Math.floor(plotWidth() / 110)))) {
		const tick = document.createElement('div');
		tick.className = 'tick';
		tick.style.left = pct(inView(v, t));
		tick.textContent = formatTime(t);
		axis.appendChild(tick);
	}
}

function drawLanes(v: View): void {
	labels.replaceChildren();
	tracks.replaceChildren();
	const axisLabel = document.createElement('div');
	axisLabel.className = 'lane-label axis-label';
	axisLabel.textContent = 'time';
	labels.appendChild(axisLabel);
	for (const lane of shown) {
		const label = document.createElement('div');
		label.className = 'lane-label';
		label.textContent = lane.error ? `${lane.label} (!)` : lane.label;
		label.title = lane.error ? `${lane.label}: ${lane.error}` : lane.label;
		labels.appendChild(label);
		const track = document.createElement('div');
		track.className = `lane ${lane.id === lane.kind ? lane.id : `${lane.kind} ${cssName(lane.id)}`}`;
		track.dataset.lane = lane.id;
		track.dataset.kind = lane.kind;
		track.dataset.label = lane.label;
		track.setAttribute('role', 'group');
		track.setAttribute('aria-label', `${lane.label}: ${lane.items.length} events`);
		for (const bar of barsOf(lane.intervals ?? [], v, plotWidth())) {
			const b = document.createElement('button');
			b.className = `interval ${lane.kind}`;
			b.style.left = pct(bar.left);
			b.style.width = `max(2px, ${pct(bar.width)})`;
			b.dataset.from = String(bar.from);
			b.dataset.to = String(bar.to);
			b.setAttribute('aria-label', `${bar.label}: go there`);
			b.addEventListener('click', (e) => {
				e.stopPropagation();
				const t = timeAtX(e.clientX);
				seek(Math.min(Math.max(t, bar.from), Math.max(bar.from, bar.to - 1)));
			});
			b.addEventListener('keydown', (e) => {
				if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
					e.preventDefault();
					e.stopPropagation();
					goToNeighbour(lane.kind, e.key === 'ArrowLeft' ? -1 : 1);
				}
			});
			b.addEventListener('focus', () => showTooltip(b, bar.label));
			b.addEventListener('blur', hideTooltip);
			track.appendChild(b);
		}
		// a lane of intervals draws them, not its markers (where each began)
		for (const it of lane.intervals ? [] : lane.items) {
			if (it.time < v.start || it.time > v.end) {
				continue;
			}
			const b = document.createElement('button');
			b.className = `event ${lane.id === lane.kind ? lane.id : lane.kind}`;
			b.style.left = pct(inView(v, it.time));
			b.dataset.time = String(it.time);
			b.setAttribute('aria-label', `${it.label}: go there`);
			b.addEventListener('click', (e) => {
				e.stopPropagation();
				seek(it.time);
			});
			b.addEventListener('focus', () => showTooltip(b, describeAt(shown, it.time, 0)));
			b.addEventListener('blur', hideTooltip);
			b.addEventListener('keydown', (e) => {
				if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
					e.preventDefault();
					e.stopPropagation();
					goToNeighbour(lane.kind, e.key === 'ArrowLeft' ? -1 : 1);
				}
			});
			track.appendChild(b);
		}
		tracks.appendChild(track);
	}
}

/** cssName makes an id usable as a class name. */
function cssName(id: string): string {
	return id.replace(/[^\w-]/g, '_');
}

function drawCursor(v: View, t: number): void {
	const f = inView(v, t);
	cursor.hidden = f < 0 || f > 1;
	cursor.style.left = pct(Math.min(Math.max(f, 0), 1));
	plot.setAttribute('aria-valuenow', String(t));
	plot.setAttribute('aria-valuetext', `t = ${formatTime(t)}`);
}

function drawPlot(): void {
	if (!model || !view) {
		return;
	}
	viewLabel.textContent = view.start === model.start && view.end === model.end ? 'whole run' : `showing ${formatTime(Math.round(view.start))} – ${formatTime(Math.round(view.end))}`;
	drawAxis(view);
	drawLanes(view);
	if (!drag) {
		drawCursor(view, model.now);
	}
}

function drawLines(m: TimelineModel): void {
	const key = m.lines.map((l) => `${l.time}:${l.text}`).join('\n');
	if (key !== lastLinesKey) {
		lastLinesKey = key;
		uart.replaceChildren();
		for (const l of m.lines) {
			const li = document.createElement('li');
			li.tabIndex = 0;
			li.dataset.time = String(l.time);
			const t = document.createElement('span');
			t.className = 'time';
			t.textContent = formatTime(l.time);
			const text = document.createElement('span');
			text.className = 'text';
			text.textContent = l.text;
			li.append(t, text);
			li.title = `printed at t=${formatTime(l.time)}: click to go there`;
			li.addEventListener('click', () => seek(l.time));
			li.addEventListener('keydown', (e) => {
				if (e.key === 'Enter' || e.key === ' ') {
					seek(l.time);
				}
			});
			uart.appendChild(li);
		}
	}
	Array.from(uart.children).forEach((li, i) => {
		li.classList.toggle('future', !m.lines[i]?.past);
		li.classList.toggle('current', i === m.currentLine);
	});
	// scroll the list alone (scrollIntoView would move the whole panel)
	const cur = uart.children[m.currentLine] as HTMLElement | undefined;
	if (cur) {
		const top = cur.offsetTop - uart.offsetTop;
		if (top < uart.scrollTop) {
			uart.scrollTop = top;
		} else if (top + cur.offsetHeight > uart.scrollTop + uart.clientHeight) {
			uart.scrollTop = top + cur.offsetHeight - uart.clientHeight;
		}
	}
}

function draw(state: State): void {
	if (state.kind === 'empty') {
		model = undefined;
		view = undefined; // the next session starts with its whole run
		vscode.setState({ hidden: [...hidden] });
		empty.textContent = state.message;
		empty.hidden = false;
		timeline.hidden = true;
		return;
	}
	if (state.session !== shownSession) {
		// another session: start with its whole run
		shownSession = state.session;
		view = undefined;
		if (model) {
			vscode.setState({ hidden: [...hidden] });
		}
	}
	const first = !model;
	const prev = model;
	model = state.model;
	running = state.running;
	lanes = lanesOf(model);
	shown = shownLanes(lanes, hidden);
	drawFilters();
	empty.hidden = true;
	timeline.hidden = false;
	document.body.classList.toggle('running', running);
	nowLabel.textContent = running ? 'running…' : `t = ${formatTime(model.now)}`;
	range.textContent = `run: ${formatTime(model.start)} – ${formatTime(model.end)}`;
	plot.setAttribute('aria-valuemin', String(model.start));
	plot.setAttribute('aria-valuemax', String(model.end));
	const saved = (vscode.getState() as { view?: View } | undefined)?.view;
	const base = view ?? (first && saved ? saved : fullView(model));
	// a view showing the whole run keeps doing so as the run grows
	const wasFull = view && prev && view.end - view.start >= (prev.end - prev.start) * 0.999;
	view = wasFull ? fullView(model) : running ? clampView(base, model) : followNow(base, model);
	drawPlot();
	drawLines(model);
}

function showTooltip(anchor: { left: number; top: number } | HTMLElement, text: string): void {
	tooltip.textContent = text;
	tooltip.hidden = false;
	const r = anchor instanceof HTMLElement ? anchor.getBoundingClientRect() : { left: anchor.left, bottom: anchor.top };
	const w = tooltip.offsetWidth;
	tooltip.style.left = `${Math.max(4, Math.min(r.left - w / 2, document.body.clientWidth - w - 4))}px`;
	const below = r.bottom + 14;
	tooltip.style.top = `${below + tooltip.offsetHeight > window.innerHeight ? Math.max(0, r.bottom - tooltip.offsetHeight - 10) : below}px`;
}

function hideTooltip(): void {
	tooltip.hidden = true;
}

plot.addEventListener('pointerdown', (e) => {
	const target = e.target as HTMLElement;
	if (!model || !view || target.classList.contains('event') || target.classList.contains('interval')) {
		return; // an event seeks on its own click
	}
	const onAxis = (e.target as HTMLElement).closest('#axis') !== null || e.button === 1;
	if (!onAxis && running) {
		return;
	}
	drag = { kind: onAxis ? 'pan' : 'cursor', x0: e.clientX, view0: view };
	plot.setPointerCapture(e.pointerId);
	plot.classList.toggle('panning', onAxis);
	if (!onAxis) {
		const t = snap(timeAtX(e.clientX));
		drawCursor(view, t);
		nowLabel.textContent = `→ t = ${formatTime(t)}`;
	}
	hideTooltip();
});

plot.addEventListener('pointermove', (e) => {
	if (!model || !view) {
		return;
	}
	if (!drag) {
		const t = timeAtX(e.clientX);
		const radius = ((view.end - view.start) * snapPixels) / plotWidth();
		showTooltip({ left: e.clientX, top: e.clientY }, describeAt(shown, t, radius));
		return;
	}
	if (drag.kind === 'pan') {
		const dt = ((drag.x0 - e.clientX) / plotWidth()) * (drag.view0.end - drag.view0.start);
		setView(panView(drag.view0, model, dt));
		return;
	}
	const t = snap(timeAtX(e.clientX));
	drawCursor(view, t);
	nowLabel.textContent = `→ t = ${formatTime(t)}`;
	showTooltip({ left: e.clientX, top: e.clientY }, describeAt(shown, t, 0));
});

plot.addEventListener('pointerup', (e) => {
	const d = drag;
	drag = undefined;
	plot.classList.remove('panning');
	if (!d || !model || !view || d.kind !== 'cursor') {
		return;
	}
	seek(snap(timeAtX(e.clientX)));
});

plot.addEventListener('pointerleave', () => {
	if (!drag) {
		hideTooltip();
	}
});

plot.addEventListener(
	'wheel',
	(e) => {
		if (!model || !view) {
			return;
		}
		e.preventDefault();
		if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
			const d = e.shiftKey ? e.deltaY : e.deltaX;
			setView(panView(view, model, (d / plotWidth()) * (view.end - view.start)));
			return;
		}
		zoom(e.deltaY < 0 ? 0.8 : 1.25, timeAtX(e.clientX));
	},
	{ passive: false },
);

plot.addEventListener('keydown', (e) => {
	if (!model || !view) {
		return;
	}
	const m = model;
	const span = view.end - view.start;
	const stops = lanes[0].items.map((i) => i.time);
	let handled = true;
	if (e.key === '+' || e.key === '=') {
		zoom(0.5);
	} else if (e.key === '-' || e.key === '_') {
		zoom(2);
	} else if (e.key === '0') {
		setView(fullView(m));
	} else if (e.shiftKey && e.key === 'ArrowLeft') {
		setView(panView(view, m, -span / 5));
	} else if (e.shiftKey && e.key === 'ArrowRight') {
		setView(panView(view, m, span / 5));
	} else if (running) {
		handled = false;
	} else if (e.key === '[' || (e.altKey && e.key === 'ArrowLeft')) {
		goToNeighbour(navKind.value || 'stops', -1);
	} else if (e.key === ']' || (e.altKey && e.key === 'ArrowRight')) {
		goToNeighbour(navKind.value || 'stops', 1);
	} else if (e.key === 'ArrowLeft') {
		seek(stops.filter((t) => t < m.now).pop() ?? m.start);
	} else if (e.key === 'ArrowRight') {
		seek(stops.find((t) => t > m.now) ?? m.end);
	} else if (e.key === 'Home') {
		seek(m.start);
	} else if (e.key === 'End') {
		seek(m.end);
	} else {
		handled = false;
	}
	if (handled) {
		e.preventDefault();
	}
});

$('zoomIn').addEventListener('click', () => zoom(0.5));
$('navPrev').addEventListener('click', () => goToNeighbour(navKind.value || 'stops', -1));
$('navNext').addEventListener('click', () => goToNeighbour(navKind.value || 'stops', 1));
$('zoomOut').addEventListener('click', () => zoom(2));
$('zoomFit').addEventListener('click', () => model && setView(fullView(model)));
window.addEventListener('resize', drawPlot);

window.addEventListener('message', (e: MessageEvent<FromHost>) => {
	const msg = e.data;
	if (msg?.type === 'state') {
		draw(msg.state);
	} else if (msg?.type === 'zoom' && model) {
		if (msg.how === 'fit') {
			setView(fullView(model));
		} else {
			zoom(msg.how === 'in' ? 0.5 : 2);
		}
	}
});
vscode.postMessage({ type: 'ready' });
