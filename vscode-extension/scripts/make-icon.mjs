// make-icon.mjs draws the extension's icon (media/icon.png, 128x128): a
// rewind symbol (two left-pointing triangles) inside a time ring, on a
// rounded square. Plain Node: shapes sampled 4x4 per pixel, PNG written with
// zlib, so no image tool is needed.
import { writeFileSync } from 'fs';
import { deflateSync } from 'zlib';

const size = 128;
const bg = [0x1f, 0x3a, 0x5f];
const fg = [0xff, 0xff, 0xff];
const accent = [0xf5, 0xa6, 0x23];

function inRoundedSquare(x, y) {
	const r = 24, lo = 4, hi = size - 4;
	if (x < lo || x > hi || y < lo || y > hi) return false;
	const cx = Math.min(Math.max(x, lo + r), hi - r);
	const cy = Math.min(Math.max(y, lo + r), hi - r);
	return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

// A triangle pointing left with its tip at (tipX, 64).
function inTriangle(x, y, tipX, w, h) {
	if (x < tipX || x > tipX + w) return false;
	const half = ((x - tipX) / w) * (h / 2);
	return Math.abs(y - 64) <= half;
}

function inRing(x, y) {
	const d = Math.hypot(x - 64, y - 64);
	if (d < 44 || d > 51) return false;
	// leave a gap at the top right (top left once mirrored) for the arrow head
	const a = Math.atan2(y - 64, x - 64);
	return !(a > -1.5 && a < -0.75);
}

function inArrowHead(x, y) {
	// a small triangle at the end of the ring's gap, pointing anticlockwise
	const ax = 64 + 47.5 * Math.cos(-0.75), ay = 64 + 47.5 * Math.sin(-0.75);
	const dx = x - ax, dy = y - ay;
	const u = dx * Math.cos(-0.75) + dy * Math.sin(-0.75); // radial
	const v = -dx * Math.sin(-0.75) + dy * Math.cos(-0.75); // tangential
	return v <= 0 && v >= -12 && Math.abs(u) <= (v + 12) * 0.9;
}

function colour(x, y) {
	if (!inRoundedSquare(x, y)) return null;
	if (inTriangle(x, y, 34, 28, 40) || inTriangle(x, y, 60, 28, 40)) return fg;
	// the ring is drawn mirrored so its arrow turns anticlockwise (backwards)
	if (inRing(size - x, y) || inArrowHead(size - x, y)) return accent;
	return bg;
}

const raw = Buffer.alloc(size * (size * 4 + 1));
const n = 4;
for (let y = 0; y < size; y++) {
	raw[y * (size * 4 + 1)] = 0; // filter: none
	for (let x = 0; x < size; x++) {
		const sum = [0, 0, 0, 0];
		for (let sy = 0; sy < n; sy++) {
			for (let sx = 0; sx < n; sx++) {
				const c = colour(x + (sx + 0.5) / n, y + (sy + 0.5) / n);
				if (c) {
					sum[0] += c[0]; sum[1] += c[1]; sum[2] += c[2]; sum[3] += 255;
				}
			}
		}
		const o = y * (size * 4 + 1) + 1 + x * 4;
		const k = sum[3] / 255;
		raw[o] = k ? Math.round(sum[0] / k) : 0;
		raw[o + 1] = k ? Math.round(sum[1] / k) : 0;
		raw[o + 2] = k ? Math.round(sum[2] / k) : 0;
		raw[o + 3] = Math.round(sum[3] / (n * n));
	}
}

const crcTable = Array.from({ length: 256 }, (_, i) => {
	let c = i;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});
function crc32(buf) {
	let c = 0xffffffff;
	for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
	const len = Buffer.alloc(4);
	len.writeUInt32BE(data.length);
	const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(td));
	return Buffer.concat([len, td, crc]);
}
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(size, 0);
ihdr.writeUInt32BE(size, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
	Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
	chunk('IHDR', ihdr),
	chunk('IDAT', deflateSync(raw)),
	chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../media/icon.png', import.meta.url), png);
console.log(`media/icon.png: ${png.length} bytes`);
