// build.mjs bundles the extension (Node, CommonJS, `vscode` left external)
// and the timeline webview script (browser) into out/bundle with esbuild.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning' };

await Promise.all([
	esbuild.build({
		...common,
		entryPoints: ['src/extension.ts'],
		outfile: 'out/bundle/extension.js',
		platform: 'node',
		format: 'cjs',
		target: 'node18',
		external: ['vscode'],
	}),
	esbuild.build({
		...common,
		entryPoints: ['src/webview/main.ts'],
		outfile: 'out/bundle/webview.js',
		platform: 'browser',
		format: 'iife',
		target: 'chrome114',
	}),
]);
