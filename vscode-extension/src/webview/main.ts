// Script of the Rewind Timeline webview: draws the model the extension posts
// and sends `seek` messages back. Bundled for the browser by esbuild.

import { TimelineModel, formatTime, snapToMarker, timeAtPosition } from '../timeline';

declare function acquireVsCodeApi(): { postMessage(msg: unknown): void };

type State = { kind: 'model'; model: TimelineModel; running: boolean } | { kind: 'empty'; message: string };

const vscode = acquireVsCodeApi();
const $ = (id: string) => document.getElementById(id) as HTMLElement;
const empty = $('empty');
const timeline = $('timeline');
const track = $('track');
const thumb = $('thumb');
const markers = $('markers');
const uart = $('uart');
const nowLabel = $('now');
const range = $('range');

let model: TimelineModel | undefined;
let running = false;
let dragging = false;
let lastLinesKey = '';

function seek(time: number): void {
	if (!running) {
		vscode.postMessage({ type: 'seek', time });
	}
}

function place(el: HTMLElement, fraction: number): void {
	el.style.left = `${(fraction * 100).toFixed(3)}%`;
}

function drawMarkers(m: TimelineModel): void {
	markers.replaceChildren();
	for (const mk of m.markers) {
		const b = document.createElement('button');
		b.className = `marker ${mk.kind}`;
		b.title = mk.label;
		b.setAttribute('aria-label', mk.label);
		b.dataset.time = String(mk.time);
		place(b, mk.fraction);
		b.addEventListener('click', (e) => {
			e.stopPropagation();
			seek(mk.time);
		});
		markers.appendChild(b);
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
	// keep the current line in view by scrolling the list alone (scrollIntoView
	// would scroll the whole view and hide the slider)
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
		empty.textContent = state.message;
		empty.hidden = false;
		timeline.hidden = true;
		return;
	}
	model = state.model;
	running = state.running;
	empty.hidden = true;
	timeline.hidden = false;
	document.body.classList.toggle('running', running);
	nowLabel.textContent = running ? 'running…' : `t = ${formatTime(model.now)}`;
	range.textContent = `${formatTime(model.start)} – ${formatTime(model.end)}`;
	track.setAttribute('aria-valuemin', String(model.start));
	track.setAttribute('aria-valuemax', String(model.end));
	track.setAttribute('aria-valuenow', String(model.now));
	if (!dragging) {
		place(thumb, model.nowFraction);
	}
	drawMarkers(model);
	drawLines(model);
}

function timeAtPointer(e: PointerEvent): number {
	const r = track.getBoundingClientRect();
	const m = model as TimelineModel;
	const t = timeAtPosition(m, e.clientX - r.left, r.width);
	return snapToMarker(m, t, 6 / Math.max(r.width, 1));
}

track.addEventListener('pointerdown', (e) => {
	if (!model || running || (e.target as HTMLElement).classList.contains('marker')) {
		return; // a marker seeks on its own click
	}
	dragging = true;
	track.setPointerCapture(e.pointerId);
	const t = timeAtPointer(e);
	place(thumb, (t - model.start) / Math.max(model.end - model.start, 1));
	nowLabel.textContent = `→ t = ${formatTime(t)}`;
});
track.addEventListener('pointermove', (e) => {
	if (!dragging || !model) {
		return;
	}
	const t = timeAtPointer(e);
	place(thumb, (t - model.start) / Math.max(model.end - model.start, 1));
	nowLabel.textContent = `→ t = ${formatTime(t)}`;
});
track.addEventListener('pointerup', (e) => {
	if (!dragging || !model) {
		return;
	}
	dragging = false;
	seek(timeAtPointer(e));
});
track.addEventListener('keydown', (e) => {
	if (!model || running) {
		return;
	}
	const times = model.markers.filter((mk) => mk.kind === 'stop').map((mk) => mk.time);
	if (e.key === 'ArrowLeft') {
		const prev = times.filter((t) => t < model!.now).pop();
		seek(prev ?? model.start);
	} else if (e.key === 'ArrowRight') {
		const next = times.find((t) => t > model!.now);
		seek(next ?? model.end);
	} else if (e.key === 'Home') {
		seek(model.start);
	} else if (e.key === 'End') {
		seek(model.end);
	}
});

window.addEventListener('message', (e: MessageEvent<{ type: string; state: State }>) => {
	if (e.data?.type === 'state') {
		draw(e.data.state);
	}
});
vscode.postMessage({ type: 'ready' });
