// Reads what a launch configuration's "program" is, for the checks in
// elfcheck.ts: its kind (file, folder, ...) and its first bytes.

import * as fs from 'fs';
import { ProgramKind, headerBytes } from './elfcheck';

/** probeFile tells what is at p and reads its first bytes. */
export function probeFile(p: string): { kind: ProgramKind; head: Uint8Array } {
	let st: fs.Stats;
	try {
		st = fs.statSync(p);
	} catch {
		return { kind: 'missing', head: new Uint8Array() };
	}
	if (st.isDirectory()) {
		return { kind: 'directory', head: new Uint8Array() };
	}
	if (!st.isFile()) {
		return { kind: 'other', head: new Uint8Array() };
	}
	const head = Buffer.alloc(headerBytes);
	let n = 0;
	try {
		const fd = fs.openSync(p, 'r');
		try {
			n = fs.readSync(fd, head, 0, headerBytes, 0);
		} finally {
			fs.closeSync(fd);
		}
	} catch {
		return { kind: 'other', head: new Uint8Array() };
	}
	return { kind: 'file', head: new Uint8Array(head.subarray(0, n)) };
}
