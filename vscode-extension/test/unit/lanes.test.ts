import * as assert from 'assert';
import { clampView, describeAt, followNow, fullView, inView, lanesOf, panView, ticks, timeInView, zoomView } from '../../src/lanes';
import { summaryRows } from '../../src/summaryRows';
import { buildTimeline } from '../../src/timeline';

const run = { start: 0, end: 10000, now: 2500 };

describe('timeline panel geometry', () => {
	it('zooms around the focus, which stays in place', () => {
		const v = zoomView(fullView(run), run, 0.5, 2500);
		assert.deepStrictEqual(v, { start: 1250, end: 6250 });
		assert.strictEqual(inView(v, 2500), 0.25, 'the focus stays at a quarter of the width');
		assert.deepStrictEqual(zoomView(v, run, 2, 2500), { start: 0, end: 10000 });
	});
	it('never zooms past the run or below the narrowest view', () => {
		assert.deepStrictEqual(zoomView(fullView(run), run, 4, 9000), { start: 0, end: 10000 });
		const tiny = zoomView({ start: 100, end: 140 }, run, 0.01, 120);
		assert.strictEqual(Math.round(tiny.end - tiny.start), 20);
		assert.deepStrictEqual(zoomView({ start: 5, end: 5 }, { start: 5, end: 5 }, 0.5, 5), { start: 5, end: 5 }, 'an empty run');
	});
	it('pans within the run', () => {
		const v = { start: 1000, end: 3000 };
		assert.deepStrictEqual(panView(v, run, 500), { start: 1500, end: 3500 });
		assert.deepStrictEqual(panView(v, run, -5000), { start: 0, end: 2000 });
		assert.deepStrictEqual(panView(v, run, 1e9), { start: 8000, end: 10000 });
		assert.deepStrictEqual(clampView({ start: -50, end: 20000 }, run), { start: 0, end: 10000 });
	});
	it('follows the current time when it leaves the view', () => {
		assert.deepStrictEqual(followNow({ start: 0, end: 1000 }, { ...run, now: 500 }), { start: 0, end: 1000 });
		assert.deepStrictEqual(followNow({ start: 0, end: 1000 }, { ...run, now: 7000 }), { start: 6500, end: 7500 });
	});
	it('maps pixels to times in the view', () => {
		const v = { start: 1000, end: 2000 };
		assert.strictEqual(timeInView(v, 50, 100), 1500);
		assert.strictEqual(timeInView(v, -10, 100), 1000);
		assert.strictEqual(timeInView(v, 500, 100), 2000);
		assert.strictEqual(timeInView(v, 5, 0), 1000);
	});
	it('puts round ticks inside the view', () => {
		assert.deepStrictEqual(ticks({ start: 0, end: 10000 }, 5), [0, 2000, 4000, 6000, 8000, 10000]);
		assert.deepStrictEqual(ticks({ start: 1234, end: 1290 }, 3), [1240, 1260, 1280]);
		assert.deepStrictEqual(ticks({ start: 5, end: 5 }, 3), []);
	});
});

describe('timeline lanes', () => {
	const model = buildTimeline({
		start: 0,
		end: 10000,
		now: 2500,
		checkpoints: [0, 5000],
		stops: [{ time: 2500, reason: 'breakpoint' }, { time: 7000, reason: 'data breakpoint', description: 'sensor.calibration changed' }],
		output: [{ time: 100, text: 'boot\n' }, { time: 2490, text: 'reading 21\n' }],
		lanes: [{ id: 'irq', label: 'Interrupts', events: [{ time: 3000, label: 'timer interrupt' }, { time: 20000, label: 'after the end' }] }, { label: 'no id' }],
	});
	const lanes = lanesOf(model);
	it('has stops, checkpoints, UART lines, then the lanes the adapter adds', () => {
		assert.deepStrictEqual(lanes.map((l) => l.id), ['stops', 'checkpoints', 'uart', 'irq']);
		assert.deepStrictEqual(lanes.map((l) => l.items.length), [2, 2, 2, 1]);
		assert.strictEqual(lanes[3].items[0].label, 'timer interrupt');
	});
	it('describes what happened near a time, nearest first', () => {
		assert.strictEqual(describeAt(lanes, 2500, 20), 't = 2\u2009500\nbreakpoint at t=2\u2009500\nUART: reading 21');
		assert.strictEqual(describeAt(lanes, 4000, 10), 't = 4\u2009000');
		assert.match(describeAt(lanes, 2500, 10000, 2), /… and 5 more$/);
	});
	it('summarises the run for the side bar', () => {
		const rows = summaryRows({ kind: 'model', model, running: false });
		assert.deepStrictEqual(rows.map((r) => r.label), ['t = 2\u2009500', '2 stops', '2 checkpoints', '2 UART lines', 'Open the timeline panel']);
		assert.strictEqual(rows[1].description, 'data breakpoint: sensor.calibration changed at t=7\u2009000');
		assert.strictEqual(rows[3].description, 'last: reading 21');
		assert.deepStrictEqual([rows[3].command, rows[3].args], ['rewind.seek', [2490]]);
		assert.strictEqual(summaryRows({ kind: 'model', model, running: true })[0].label, 'running…');
		assert.deepStrictEqual(summaryRows({ kind: 'empty', message: 'none' }).map((r) => r.label), ['none']);
	});
});
