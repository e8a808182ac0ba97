// "Rewind: Retroactive Log Point…": a log point added after the fact. The
// user puts the cursor on a line and types a message with {expressions};
// the adapter (`rewind/query`, query "logpoint") finds every hit of that
// line over the whole recorded run and what the log point would have
// printed there. The lines open in a panel, each a link that seeks the
// session to its moment.

import * as vscode from 'vscode';
import { TimelineController } from './controller';
import { expressionAt } from './dataflowModel';
import { QueryResult, defaultMessage, parseQueryResult, summary } from './logpointModel';
import { formatTime } from './timeline';

/** Most lines asked for. */
const limit = 2000;

function escapeHtml(s: string): string {
	return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function nonce(): string {
	let s = '';
	for (let i = 0; i < 32; i++) {
		s += 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'.charAt(Math.floor(Math.random() * 62));
	}
	return s;
}

/** resultHtml is the panel's page: the summary and a link per line. */
export function resultHtml(title: string, r: QueryResult, cspSource: string): string {
	const n = nonce();
	const rows = r.items
		.map(
			(it) =>
				`<li><a href="#" data-time="${it.time}" title="go to t=${it.time}"><span class="time">t=${escapeHtml(formatTime(it.time))}</span>` +
				`<span class="text">${escapeHtml(it.label)}</span></a></li>`,
		)
		.join('\n');
	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource} 'nonce-${n}'; script-src 'nonce-${n}';">
<title>${escapeHtml(title)}</title>
<style nonce="${n}">
body { color: var(--vscode-foreground); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); }
.summary { color: var(--vscode-descriptionForeground); margin: 8px 0; }
ol { list-style: none; margin: 0; padding: 0; font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); }
li a { display: flex; gap: 12px; padding: 1px 4px; color: var(--vscode-foreground); text-decoration: none; white-space: pre; }
li a:hover, li a:focus-visible { background: var(--vscode-list-hoverBackground); outline: 1px solid var(--vscode-focusBorder); }
li a.current { background: var(--vscode-list-inactiveSelectionBackground); }
.time { color: var(--vscode-textLink-foreground); min-width: 9em; text-align: right; font-variant-numeric: tabular-nums; }
</style>
</head>
<body>
<div class="summary" id="summary">${escapeHtml(summary(r, title))}</div>
<ol id="lines" aria-label="log point lines">
${rows}
</ol>
<script nonce="${n}">
const vscode = acquireVsCodeApi();
document.getElementById('lines').addEventListener('click', (e) => {
	const a = e.target.closest('a[data-time]');
	if (!a) { return; }
	e.preventDefault();
	document.querySelectorAll('a.current').forEach((x) => x.classList.remove('current'));
	a.classList.add('current');
	vscode.postMessage({ type: 'seek', time: Number(a.dataset.time) });
});
</script>
</body>
</html>`;
}

/** runLogPoint asks for the file:line and message, runs the query and shows the lines. */
async function runLogPoint(controller: TimelineController, panels: Map<string, vscode.WebviewPanel>): Promise<void> {
	const session = controller.session();
	const ed = vscode.window.activeTextEditor;
	if (!session) {
		void vscode.window.showWarningMessage('Rewind: no Rewind debug session is active.');
		return;
	}
	if (!ed || ed.document.uri.scheme !== 'file') {
		void vscode.window.showWarningMessage('Rewind: put the cursor on a source line first.');
		return;
	}
	const line = ed.selection.active.line + 1;
	const file = ed.document.uri.fsPath;
	const base = file.split(/[\\/]/).pop() ?? file;
	const expr = ed.selection.isEmpty
		? expressionAt(ed.document.lineAt(ed.selection.active.line).text, ed.selection.active.character)
		: ed.document.getText(ed.selection).trim();
	const message = await vscode.window.showInputBox({
		title: `Rewind: Retroactive Log Point at ${base}:${line}`,
		prompt: 'What a log point here would print at every hit of the whole run; {expression} is replaced by its value.',
		value: defaultMessage(expr),
		validateInput: (v) => (v.trim() === '' ? 'type a message, e.g. x = {x}' : undefined),
	});
	if (!message) {
		return;
	}
	const title = `${base}:${line} "${message}"`;
	let result: QueryResult;
	try {
		result = await vscode.window.withProgress(
			{ location: vscode.ProgressLocation.Notification, title: `Rewind: log point ${base}:${line} over the whole run`, cancellable: true },
			async (_p, token) => {
				const sub = token.onCancellationRequested(() => void session.customRequest('cancel', {}).then(undefined, () => undefined));
				try {
					return parseQueryResult(await session.customRequest('rewind/query', { query: 'logpoint', path: file, line, message, limit }));
				} finally {
					sub.dispose();
				}
			},
		);
	} catch (err) {
		void vscode.window.showErrorMessage(`Rewind: log point ${base}:${line}: ${err instanceof Error ? err.message : String(err)}`);
		return;
	}
	let panel = panels.get(title);
	if (!panel) {
		panel = vscode.window.createWebviewPanel('rewind.logPointHistory', `Log point ${base}:${line}`, vscode.ViewColumn.Beside, {
			enableScripts: true,
			retainContextWhenHidden: true,
		});
		const p = panel;
		panels.set(title, p);
		p.onDidDispose(() => panels.delete(title));
		p.webview.onDidReceiveMessage((m: { type?: string; time?: unknown }) => {
			if (m?.type === 'seek' && typeof m.time === 'number' && Number.isFinite(m.time)) {
				controller.seek(m.time).catch((err: unknown) => {
					void vscode.window.showErrorMessage(`Rewind: cannot go to that time: ${err instanceof Error ? err.message : String(err)}`);
				});
			}
		});
	}
	panel.webview.html = resultHtml(title, result, panel.webview.cspSource);
	panel.reveal(vscode.ViewColumn.Beside, true);
}

/** registerLogPoint adds the command. */
export function registerLogPoint(controller: TimelineController): vscode.Disposable {
	const panels = new Map<string, vscode.WebviewPanel>();
	return vscode.Disposable.from(
		vscode.commands.registerCommand('rewind.logPointHistory', () => runLogPoint(controller, panels)),
		{ dispose: () => panels.forEach((p) => p.dispose()) },
	);
}
