import * as assert from 'assert';
import { expressionAt, menuExpression, nodeDescription, nodeLabel, nodeTooltip, parseOrigin } from '../../src/dataflowModel';
import { parseRange } from '../../src/laneRange';
import { defaultMessage, parseQueryResult, summary } from '../../src/logpointModel';

// An answer of rewind/origin as the adapter sends it (adapter/origin.go).
const stored = {
	id: '0:0:2147487744:4:405',
	name: 'final_value',
	value: '0x4b2',
	kind: 'stored',
	isSource: false,
	instruction: 'sw a0, 0(s0)',
	pc: '0x80000200',
	function: 'main',
	source: { name: 'dataflow.c', path: '/w/dataflow.c' },
	line: 76,
	time: 405,
	hart: 0,
	label: 'final_value = 0x4b2  stored by `sw a0, 0(s0)` at dataflow.c:76 in main, time 405',
	inputs: [{ id: '0:10:0:0:405', name: 'a0' }, { bad: true }],
	address: [{ id: '0:8:0:0:405', name: 's0' }],
};

describe('dataflow model', () => {
	it('reads an origin answer and shows its value, producer, place and time', () => {
		const n = parseOrigin(stored);
		assert.strictEqual(nodeLabel(n), 'final_value = 0x4b2');
		assert.strictEqual(nodeDescription(n), 'stored · dataflow.c:76 in main · t=405');
		assert.deepStrictEqual(n.inputs, [{ id: '0:10:0:0:405', name: 'a0' }], 'inputs without an id are dropped');
		const tip = nodeTooltip(n);
		assert.match(tip, /stored by `sw a0, 0\(s0\)`/);
		assert.match(tip, /from a0 \(expand\)/);
	});
	it('names a true source with its note', () => {
		const n = parseOrigin({ ...stored, name: 'a4', kind: 'device read', isSource: true, note: 'UART0 RBR read at t=300', inputs: [], time: 300, line: 34, function: 'trap_handler' });
		assert.strictEqual(nodeDescription(n), 'device read: UART0 RBR read at t=300 · dataflow.c:34 in trap_handler · t=300');
		assert.strictEqual(n.inputs.length, 0);
	});
	it('shows a node without a source line (initial data) and times with separators', () => {
		const n = parseOrigin({ id: '0:0:1:4:0', name: 'table', value: '0x7', kind: 'initial data', isSource: true, time: 1234567, hart: 0, inputs: [] });
		assert.strictEqual(nodeDescription(n), 'initial data · t=1\u2009234\u2009567');
	});
	it('refuses what is not an origin answer', () => {
		assert.throws(() => parseOrigin(undefined));
		assert.throws(() => parseOrigin({ id: 'x', name: 'y' }), /time/);
		assert.throws(() => parseOrigin({ id: 1, name: 'y', time: 3 }));
	});
	it('finds the expression under the cursor', () => {
		const line = '\tfinal_value = finish(dst.scaled) + s->ring[i] + *p;';
		const at = (word: string, off = 1) => expressionAt(line, line.indexOf(word) + off);
		assert.strictEqual(at('final_value'), 'final_value');
		assert.strictEqual(at('scaled'), 'dst.scaled');
		assert.strictEqual(at('dst'), 'dst.scaled');
		assert.strictEqual(at('ring'), 's->ring[i]');
		assert.strictEqual(at('*p', 0), '*p');
		assert.strictEqual(expressionAt('\treturn x;', 3), undefined, 'a keyword');
		assert.strictEqual(expressionAt('   = 12;', 1), undefined, 'blank');
		assert.strictEqual(expressionAt('a = 12;', 5), undefined, 'a number');
	});
	it('reads the expression a Variables or Watch menu was opened on', () => {
		assert.strictEqual(menuExpression({ variable: { name: 'scaled', evaluateName: 'dst.scaled' } }), 'dst.scaled');
		assert.strictEqual(menuExpression({ variable: { name: 'a5', evaluateName: '$a5' } }), '$a5');
		assert.strictEqual(menuExpression({ variable: { name: 'count' } }), 'count');
		assert.strictEqual(menuExpression({ expression: { name: 'sensor.raw' } }), 'sensor.raw');
		assert.strictEqual(menuExpression(undefined), undefined);
		assert.strictEqual(menuExpression({ variable: { name: '  ' } }), undefined);
		assert.strictEqual(menuExpression('file:///x.c'), undefined, 'the editor menu passes a URI');
	});
});

describe('queries', () => {
	const answer = {
		query: 'logpoint', total: 3, truncated: true, last: false, start: 0, end: 5000,
		items: [
			{ time: 374, hart: 0, label: 'n=8 to=0x80001020', line: 46, source: { name: 'dataflow.c', path: '/w/dataflow.c' } },
			{ time: 380, label: 'n=7 to=0x80001021' },
			{ label: 'no time' },
		],
	};
	it('reads a query answer and says how much of the run it covers', () => {
		const r = parseQueryResult(answer);
		assert.strictEqual(r.items.length, 2);
		assert.deepStrictEqual(r.items[0], { time: 374, label: 'n=8 to=0x80001020', line: 46, path: '/w/dataflow.c' });
		assert.strictEqual(summary(r, 'x'), 'x: 3 hits over the whole run (t=0 to 5\u2009000); showing the first 2');
		assert.strictEqual(summary({ ...r, truncated: false, total: 1 }, 'x'), 'x: 1 hit over the whole run (t=0 to 5\u2009000)');
		assert.throws(() => parseQueryResult({ items: [] }), /total/);
	});
	it('proposes a message for the expression under the cursor', () => {
		assert.strictEqual(defaultMessage('dst.scaled'), 'dst.scaled = {dst.scaled}');
		assert.strictEqual(defaultMessage(undefined), '');
	});
	it('reads address ranges for a lane of writes', () => {
		assert.deepStrictEqual(parseRange('0x10000000'), { address: '0x10000000', size: 4 });
		assert.deepStrictEqual(parseRange(' 0x10000000:1 '), { address: '0x10000000', size: 1 });
		assert.deepStrictEqual(parseRange('4096+0x10'), { address: '4096', size: 16 });
		assert.strictEqual(parseRange('sensor.count'), undefined);
		assert.strictEqual(parseRange('0x10:0'), undefined);
	});
});
