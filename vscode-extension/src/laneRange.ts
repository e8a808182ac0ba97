// Parsing for the timeline lane commands, without the VS Code API (for mocha).

/** parseRange reads "0x10000000", "0x10000000:4" or "0x10000000+4" as an address range. */
export function parseRange(text: string): { address: string; size: number } | undefined {
	const m = /^\s*(0x[0-9a-f]+|\d+)\s*(?:[:+]\s*(0x[0-9a-f]+|\d+))?\s*$/i.exec(text);
	if (!m) {
		return undefined;
	}
	const size = m[2] ? Number(m[2]) : 4;
	return size > 0 && size <= 1 << 20 ? { address: m[1], size } : undefined;
}
