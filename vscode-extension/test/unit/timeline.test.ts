import * as assert from 'assert';
import {
	buildTimeline,
	formatTime,
	fractionOf,
	parseTimeInput,
	parseTimelineResponse,
	snapToMarker,
	splitLines,
	statusText,
	timeAtPosition,
} from '../../src/timeline';

// A response shaped like the one `rewind dap` gives for the demo firmware.
const demo = {
	start: 0,
	end: 10000,
	now: 4000,
	checkpoints: [0, 5000, 2500],
	stops: [
		{ time: 3000, reason: 'breakpoint', description: 'demo.c:71' },
		{ time: 4000, reason: 'step' },
	],
	output: [
		{ time: 100, text: 'demo: logging temperatures\n' },
		{ time: 3500, text: 'reading 19.5 C, ' },
		{ time: 3600, text: 'average 19.5 C\nreading ' },
		{ time: 7000, text: '20.2 C\r\ndone\n' },
	],
};

describe('timeline model', () => {
	it('places checkpoints and stops on the track in time order', () => {
		const m = buildTimeline(demo);
		assert.deepStrictEqual(
			m.markers.map((k) => [k.kind, k.time, k.fraction]),
			[
				['checkpoint', 0, 0],
				['checkpoint', 2500, 0.25],
				['checkpoint', 5000, 0.5],
				['stop', 3000, 0.3],
				['stop', 4000, 0.4],
			],
		);
		assert.strictEqual(m.nowFraction, 0.4);
		assert.strictEqual(m.markers[3].label, 'breakpoint: demo.c:71 at t=3\u2009000');
	});

	it('joins output chunks into lines at the time of their first byte', () => {
		const m = buildTimeline(demo);
		assert.deepStrictEqual(
			m.lines.map((l) => [l.time, l.text, l.past]),
			[
				[100, 'demo: logging temperatures', true],
				[3500, 'reading 19.5 C, average 19.5 C', true],
				[3600, 'reading 20.2 C', true],
				[7000, 'done', false],
			],
		);
		assert.strictEqual(m.currentLine, 2);
	});

	it('draws one marker for stops at the same time', () => {
		const m = buildTimeline({
			start: 0,
			end: 100,
			now: 50,
			stops: [
				{ time: 50, reason: 'breakpoint' },
				{ time: 20, reason: 'step' },
				{ time: 50, reason: 'goto' },
			],
		});
		assert.deepStrictEqual(
			m.markers.map((k) => [k.time, k.label]),
			[
				[20, 'step at t=20'],
				[50, 'breakpoint at t=50'],
			],
		);
	});

	it('handles an empty run and a run with no output', () => {
		const m = buildTimeline({ start: 0, end: 0, now: 0 });
		assert.deepStrictEqual(m.markers, []);
		assert.deepStrictEqual(m.lines, []);
		assert.strictEqual(m.currentLine, -1);
		assert.strictEqual(m.nowFraction, 1);
	});

	it('drops markers outside the run and malformed entries', () => {
		const m = buildTimeline({
			start: 100,
			end: 200,
			now: 500,
			checkpoints: [50, 150, 'x', null, 150],
			stops: [{ time: 250, reason: 'late' }, { reason: 'no time' }, null, { time: 120 }],
			output: [{ time: 110 }, { text: 'no time\n' }, { time: 130, text: 'ok\n' }],
		});
		assert.strictEqual(m.now, 200, 'now is clamped into the run');
		assert.deepStrictEqual(
			m.markers.map((k) => [k.kind, k.time]),
			[
				['checkpoint', 150],
				['stop', 120],
			],
		);
		assert.deepStrictEqual(
			m.lines.map((l) => l.text),
			['ok'],
		);
	});

	it('rejects a response without start, end or now', () => {
		for (const bad of [undefined, null, {}, { start: 0, end: 1 }, { start: 0, end: 'x', now: 0 }]) {
			assert.throws(() => parseTimelineResponse(bad), /lacks start, end or now/);
		}
	});

	it('orders a reversed range', () => {
		const r = parseTimelineResponse({ start: 10, end: 2, now: 5 });
		assert.deepStrictEqual([r.start, r.end, r.now], [2, 10, 5]);
	});

	it('keeps the latest lines when output is long', () => {
		const output = Array.from({ length: 2500 }, (_, i) => ({ time: i, text: `line ${i}\n` }));
		const m = buildTimeline({ start: 0, end: 3000, now: 3000, output });
		assert.strictEqual(m.lines.length, 2000);
		assert.strictEqual(m.lines[0].text, 'line 500');
	});
});

describe('splitLines', () => {
	const cases: [string, { time: number; text: string }[], { time: number; text: string }[]][] = [
		['one chunk, one line', [{ time: 1, text: 'a\n' }], [{ time: 1, text: 'a' }]],
		['one chunk, two lines', [{ time: 1, text: 'a\nb\n' }], [{ time: 1, text: 'a' }, { time: 1, text: 'b' }]],
		['unfinished last line', [{ time: 1, text: 'a\nb' }], [{ time: 1, text: 'a' }, { time: 1, text: 'b' }]],
		['line over three chunks', [{ time: 5, text: 'c\n' }, { time: 1, text: 'a' }, { time: 3, text: 'b' }], [{ time: 1, text: 'abc' }]],
		['empty lines', [{ time: 2, text: '\n\n' }], [{ time: 2, text: '' }, { time: 2, text: '' }]],
		['CRLF', [{ time: 2, text: 'x\r\n' }], [{ time: 2, text: 'x' }]],
		['nothing', [], []],
	];
	for (const [name, input, want] of cases) {
		it(name, () => assert.deepStrictEqual(splitLines(input), want));
	}
});

describe('positions and times', () => {
	const m = buildTimeline(demo);
	const cases: [number, number, number][] = [
		[0, 200, 0],
		[200, 200, 10000],
		[100, 200, 5000],
		[-5, 200, 0],
		[900, 200, 10000],
		[33, 200, 1650],
		[10, 0, 0],
		[Number.NaN, 200, 0],
	];
	for (const [x, w, want] of cases) {
		it(`x=${x} of ${w}px is t=${want}`, () => assert.strictEqual(timeAtPosition(m, x, w), want));
	}

	it('fractionOf clamps and survives an empty range', () => {
		assert.strictEqual(fractionOf(0, 100, 50), 0.5);
		assert.strictEqual(fractionOf(0, 100, -1), 0);
		assert.strictEqual(fractionOf(0, 100, 101), 1);
		assert.strictEqual(fractionOf(7, 7, 7), 1);
		assert.strictEqual(fractionOf(7, 7, 6), 0);
	});

	it('snaps to a nearby marker, preferring stops', () => {
		assert.strictEqual(snapToMarker(m, 3050, 0.01), 3000);
		assert.strictEqual(snapToMarker(m, 3300, 0.01), 3300);
		const tie = buildTimeline({ start: 0, end: 100, now: 0, checkpoints: [40], stops: [{ time: 40, reason: 'x' }] });
		assert.strictEqual(snapToMarker(tie, 41, 0.05), 40);
	});
});

describe('formatTime and statusText', () => {
	const cases: [number, string][] = [
		[0, '0'],
		[999, '999'],
		[1000, '1\u2009000'],
		[1234567, '1\u2009234\u2009567'],
		[-4500, '-4\u2009500'],
	];
	for (const [t, want] of cases) {
		it(`${t} -> ${want}`, () => assert.strictEqual(formatTime(t), want));
	}
	it('keeps the time during a short run, says running during a long one', () => {
		assert.strictEqual(statusText({ now: 4200 }, false), '$(watch) t=4\u2009200');
		assert.strictEqual(statusText({ now: 4200 }, true), '$(watch) t=4\u2009200', 'no flicker on a step');
		assert.strictEqual(statusText({ now: 4200 }, true, true), '$(sync~spin) running…');
		assert.strictEqual(statusText({ now: 4200 }, false, true), '$(watch) t=4\u2009200');
	});
	it('says the exit code at the stop before the exit, and only there', () => {
		const exit = { time: 862, code: 3 };
		assert.strictEqual(statusText({ now: 862, exit }, false), '$(watch) t=862 · exits with code 3');
		assert.strictEqual(statusText({ now: 861, exit }, false), '$(watch) t=861', 'stepped back from the exit');
		assert.strictEqual(statusText({ now: 862, exit }, true, true), '$(sync~spin) running…');
	});
	it('finds the exit stop in the response and labels its marker', () => {
		const m = buildTimeline({ start: 0, end: 863, now: 862, checkpoints: [], output: [], stops: [
			{ time: 100, reason: 'breakpoint' },
			{ time: 862, reason: 'exiting', description: 'the firmware exits with code 3 at t=862', exitCode: 3 },
		] });
		assert.deepStrictEqual(m.exit, { time: 862, code: 3 });
		const marker = m.markers.find((k) => k.time === 862);
		assert.match(marker?.label ?? '', /^exit with code 3 at t=862 /);
		assert.strictEqual(buildTimeline({ ...demo }).exit, undefined, 'no exit in a run that did not reach one');
	});
});

describe('parseTimeInput', () => {
	const m = { start: 100, end: 1100, now: 600 };
	const ok: [string, number][] = [
		['700', 700],
		[' 1_000 ', 1000],
		['1,000', 1000],
		['t=150', 150],
		['+50', 650],
		['-50', 550],
		['-5000', 100],
		['+5000', 1100],
		['50%', 600],
		['0%', 100],
		['100%', 1100],
		['12.5%', 225],
		['start', 100],
		['END', 1100],
	];
	for (const [input, want] of ok) {
		it(`"${input}" -> ${want}`, () => assert.deepStrictEqual(parseTimeInput(input, m), { time: want }));
	}
	const bad: [string, RegExp][] = [
		['', /type a time/],
		['abc', /type a time/],
		['50', /outside the run/],
		['2000', /outside the run/],
		['101%', /between 0% and 100%/],
		['1e3', /type a time/],
	];
	for (const [input, want] of bad) {
		it(`"${input}" is refused`, () => {
			const r = parseTimeInput(input, m);
			assert.ok('error' in r, JSON.stringify(r));
			assert.match(r.error, want);
		});
	}
});
