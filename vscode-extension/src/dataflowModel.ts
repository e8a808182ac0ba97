// Dataflow model: reads the adapter's `rewind/origin` answers (where a value
// came from: the instruction that produced it, when and where, and the
// values it read) and says how the Rewind Dataflow view shows a node. Also
// finds the expression a context menu was opened on. Pure: no VS Code API,
// so mocha tests it.

import { formatTime } from './timeline';

/** A value an instruction read; its id asks the adapter for its own origin. */
export interface OriginInput {
	id: string;
	name: string;
}

/** One node of a value's history (adapter/origin.go: originBody). */
export interface OriginNode {
	id: string;
	name: string;
	value: string;
	kind: string;
	isSource: boolean;
	instruction?: string;
	function?: string;
	source?: { name?: string; path?: string };
	line?: number;
	time: number;
	hart: number;
	note?: string;
	label: string;
	inputs: OriginInput[];
	error?: string;
}

function str(v: unknown): string | undefined {
	return typeof v === 'string' ? v : undefined;
}

function num(v: unknown): number | undefined {
	return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** parseOrigin checks a `rewind/origin` answer; it throws when it is not one. */
export function parseOrigin(body: unknown): OriginNode {
	const b = (body ?? {}) as Record<string, unknown>;
	const id = str(b.id);
	const name = str(b.name);
	const time = num(b.time);
	if (id === undefined || name === undefined || time === undefined) {
		throw new Error('rewind/origin answer lacks id, name or time');
	}
	const inputs: OriginInput[] = [];
	for (const i of Array.isArray(b.inputs) ? b.inputs : []) {
		const o = (i ?? {}) as Record<string, unknown>;
		const iid = str(o.id);
		if (iid !== undefined) {
			inputs.push({ id: iid, name: str(o.name) ?? iid });
		}
	}
	const src = (b.source ?? undefined) as Record<string, unknown> | undefined;
	return {
		id,
		name,
		value: str(b.value) ?? '',
		kind: str(b.kind) ?? '',
		isSource: b.isSource === true,
		instruction: str(b.instruction),
		function: str(b.function),
		source: src && typeof src === 'object' ? { name: str(src.name), path: str(src.path) } : undefined,
		line: num(b.line),
		time,
		hart: num(b.hart) ?? 0,
		note: str(b.note),
		label: str(b.label) ?? name,
		inputs,
		error: str(b.error),
	};
}

/** nodeLabel is a node's first column: "dst.scaled = 0xca". */
export function nodeLabel(n: OriginNode): string {
	return n.error ? n.name : `${n.name} = ${n.value}`;
}

/** place is "file.c:12" or "". */
export function place(n: OriginNode): string {
	const file = n.source?.name ?? n.source?.path?.split(/[\\/]/).pop();
	return file && n.line ? `${file}:${n.line}` : '';
}

/** nodeDescription is the grey text after the label: what produced it, where, when. */
export function nodeDescription(n: OriginNode): string {
	if (n.error) {
		return n.error;
	}
	const parts = [n.isSource && n.note ? `${n.kind}: ${n.note}` : n.kind];
	const at = place(n);
	if (at) {
		parts.push(n.function ? `${at} in ${n.function}` : at);
	}
	parts.push(`t=${formatTime(n.time)}`);
	return parts.join(' · ');
}

/** nodeTooltip is the whole story of a node, in lines. */
export function nodeTooltip(n: OriginNode): string {
	if (n.error) {
		return `${n.name}: ${n.error}`;
	}
	const lines = [`${n.name} = ${n.value}`, `${n.kind}${n.instruction ? ` by \`${n.instruction}\`` : ''}`];
	const at = place(n);
	if (at) {
		lines.push(`at ${at}${n.function ? ` in ${n.function}` : ''}`);
	}
	lines.push(`time ${formatTime(n.time)}${n.hart ? `, hart ${n.hart}` : ''}`);
	if (n.note) {
		lines.push(n.isSource ? `source: ${n.note}` : n.note);
	}
	if (n.inputs.length > 0) {
		lines.push(`from ${n.inputs.map((i) => i.name).join(', ')} (expand)`);
	}
	lines.push('Click to go to this moment.');
	return lines.join('\n');
}

/** nodeIcon names the codicon of a node's kind. */
export function nodeIcon(n: OriginNode): string {
	if (n.error) {
		return 'warning';
	}
	switch (n.kind) {
		case 'constant':
			return 'symbol-constant';
		case 'device read':
			return 'plug';
		case 'initial data':
			return 'file-binary';
		case 'CSR read':
			return 'symbol-property';
		case 'reset state':
			return 'debug-restart';
		case 'loaded':
			return 'arrow-down';
		case 'stored':
			return 'arrow-up';
	}
	return 'symbol-operator';
}

/** An lvalue-ish C expression: names joined by ., -> and [index], maybe dereferenced. */
const lvalue = /\*?[A-Za-z_$][\w$]*(?:(?:\.|->)[A-Za-z_]\w*|\[\w+\])*/g;

/**
 * expressionAt finds the C expression under column character of a line of
 * source: the longest chain of names, members and indexes that covers it
 * ("s->ring[i]" when the cursor is on ring), or undefined on a keyword,
 * number or blank.
 */
export function expressionAt(line: string, character: number): string | undefined {
	for (const m of line.matchAll(lvalue)) {
		const start = m.index ?? 0;
		if (character >= start && character <= start + m[0].length) {
			const e = m[0];
			return keywords.has(e) ? undefined : e;
		}
	}
	return undefined;
}

const keywords = new Set([
	'if', 'else', 'for', 'while', 'do', 'return', 'switch', 'case', 'break', 'continue', 'sizeof', 'static', 'const',
	'volatile', 'unsigned', 'signed', 'int', 'char', 'void', 'struct', 'union', 'enum', 'typedef', 'long', 'short',
]);

/**
 * menuExpression reads the expression a Variables or Watch context menu was
 * opened on (the argument VS Code passes: {variable: {evaluateName, name}}
 * or a watch expression {expression: {name}}), or undefined.
 */
export function menuExpression(arg: unknown): string | undefined {
	const a = (arg ?? {}) as Record<string, unknown>;
	const v = (a.variable ?? a.expression ?? a.element) as Record<string, unknown> | undefined;
	if (!v || typeof v !== 'object') {
		return undefined;
	}
	const e = str(v.evaluateName) ?? str(v.expression) ?? str(v.name);
	return e && e.trim() !== '' ? e.trim() : undefined;
}
