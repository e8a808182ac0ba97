// Retroactive log point model: reads the adapter's `rewind/query` answers
// (adapter/query.go: queryBody) and writes the summary line of a result.
// Pure, for mocha.

import { formatTime } from './timeline';

/** One hit of a query: its moment and what to show. */
export interface QueryItem {
	time: number;
	label: string;
	line?: number;
	path?: string;
}

/** A query's answer: the page of items and the count in the whole run. */
export interface QueryResult {
	query: string;
	total: number;
	truncated: boolean;
	last: boolean;
	start: number;
	end: number;
	items: QueryItem[];
}

/** parseQueryResult checks a `rewind/query` answer; it throws when it is not one. */
export function parseQueryResult(body: unknown): QueryResult {
	const b = (body ?? {}) as Record<string, unknown>;
	if (typeof b.total !== 'number' || !Array.isArray(b.items)) {
		throw new Error('rewind/query answer lacks total or items');
	}
	const items: QueryItem[] = [];
	for (const i of b.items) {
		const o = (i ?? {}) as Record<string, unknown>;
		if (typeof o.time !== 'number') {
			continue;
		}
		const src = (o.source ?? {}) as Record<string, unknown>;
		items.push({
			time: o.time,
			label: typeof o.label === 'string' ? o.label : '',
			line: typeof o.line === 'number' ? o.line : undefined,
			path: typeof src.path === 'string' ? src.path : undefined,
		});
	}
	const n = (v: unknown) => (typeof v === 'number' ? v : 0);
	return {
		query: typeof b.query === 'string' ? b.query : '',
		total: b.total,
		truncated: b.truncated === true,
		last: b.last === true,
		start: n(b.start),
		end: n(b.end),
		items,
	};
}

/** summary says how many hits the whole run has and which are listed. */
export function summary(r: QueryResult, what: string): string {
	const hits = r.total === 1 ? '1 hit' : `${r.total} hits`;
	const span = `t=${formatTime(r.start)} to ${formatTime(r.end)}`;
	if (!r.truncated) {
		return `${what}: ${hits} over the whole run (${span})`;
	}
	return `${what}: ${hits} over the whole run (${span}); showing the ${r.last ? 'last' : 'first'} ${r.items.length}`;
}

/** defaultMessage proposes a log message for the expression under the cursor. */
export function defaultMessage(expr: string | undefined): string {
	return expr ? `${expr} = {${expr}}` : '';
}
