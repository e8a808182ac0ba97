import * as assert from 'assert';
import { barsOf, clampView, describeAt, followNow, fullView, inView, kindName, laneKinds, lanesOf, neighbourTime, panView, shownLanes, ticks, timeInView, zoomView } from '../../src/lanes';
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

describe('event and task lanes', () => {
	const body = {
		start: 0, end: 10000, now: 5000, checkpoints: [], stops: [{ time: 5000, reason: 'breakpoint' }], output: [],
		lanes: [
			{ id: 'interrupt:7', label: 'machine timer interrupt', kind: 'interrupt', total: 3,
				events: [{ time: 3000, label: 'tick 2' }, { time: 1000, label: 'tick 1' }, { time: 9000, label: 'tick 3' }] },
			{ id: 'exception:11', label: 'ecall', kind: 'exception', total: 1, truncated: true, events: [{ time: 6000, label: 'ecall' }] },
			{ id: 'task:0x80002000', label: 'task Prod', kind: 'task', total: 2,
				events: [{ time: 100, label: 'in' }, { time: 4000, label: 'in' }],
				intervals: [{ from: 4000, to: 4500, label: 'Prod runs 4000-4500' }, { from: 100, to: 2000, label: 'Prod runs 100-2000' }, { from: 20000, to: 10, label: 'bad' }] },
			{ id: 'call:nope', label: 'nope()', kind: 'call', events: [], error: 'no function named "nope"' },
			{ label: 'no id' },
		],
	};
	const lanes = lanesOf(buildTimeline(body));
	it('reads the kinds, intervals and errors of the adapter\'s lanes', () => {
		assert.deepStrictEqual(lanes.map((l) => `${l.kind}:${l.id}`), [
			'stops:stops', 'checkpoints:checkpoints', 'uart:uart', 'interrupt:interrupt:7', 'exception:exception:11', 'task:task:0x80002000', 'call:call:nope',
		]);
		assert.deepStrictEqual(lanes[3].items.map((i) => i.time), [1000, 3000, 9000], 'sorted by time');
		assert.deepStrictEqual(lanes[5].intervals?.map((i) => `${i.from}-${i.to}`), ['100-2000', '4000-4500'], 'sorted, the bad one dropped');
		assert.strictEqual(lanes[6].error, 'no function named "nope"');
		assert.deepStrictEqual(laneKinds(lanes), ['stops', 'checkpoints', 'uart', 'interrupt', 'exception', 'task', 'call']);
		assert.strictEqual(kindName('interrupt'), 'Interrupts');
	});
	it('filters lanes by kind', () => {
		assert.deepStrictEqual(shownLanes(lanes, new Set(['interrupt', 'uart', 'checkpoints'])).map((l) => l.id), ['stops', 'exception:11', 'task:0x80002000', 'call:nope']);
	});
	it('finds the previous and next marker of a kind', () => {
		assert.strictEqual(neighbourTime(lanes, 'interrupt', 5000, -1), 3000);
		assert.strictEqual(neighbourTime(lanes, 'interrupt', 5000, 1), 9000);
		assert.strictEqual(neighbourTime(lanes, 'interrupt', 9000, 1), undefined);
		assert.strictEqual(neighbourTime(lanes, 'interrupt', 1000, -1), undefined);
		assert.strictEqual(neighbourTime(lanes, 'task', 4000, -1), 100);
		assert.strictEqual(neighbourTime(lanes, 'call', 0, 1), undefined);
	});
	it('places task intervals as bars, joining those closer than a pixel', () => {
		const ivs = [{ from: 100, to: 2000, label: 'a' }, { from: 2005, to: 2500, label: 'b' }, { from: 4000, to: 4500, label: 'c' }, { from: 12000, to: 13000, label: 'out' }];
		const bars = barsOf(ivs, { start: 0, end: 10000 }, 1000); // 10 instructions a pixel
		assert.deepStrictEqual(bars.map((b) => [b.from, b.to, b.count]), [[100, 2500, 2], [4000, 4500, 1]]);
		assert.strictEqual(bars[0].left, 0.01);
		assert.strictEqual(bars[0].width, 0.24);
		assert.match(bars[0].label, /^2 runs from t=100 to t=2\u2009500$/);
		assert.strictEqual(bars[1].label, 'c');
		const zoomed = barsOf(ivs, { start: 1000, end: 3000 }, 1000); // 2 instructions a pixel: apart, clipped
		assert.deepStrictEqual(zoomed.map((b) => [b.from, b.left, b.count]), [[100, 0, 1], [2005, 0.5025, 1]]);
	});
	it('says which task runs at a time in the tooltip', () => {
		assert.match(describeAt(lanes, 4200, 10), /Prod runs 4000-4500/);
		assert.doesNotMatch(describeAt(lanes, 3500, 10), /Prod runs/);
	});
});
