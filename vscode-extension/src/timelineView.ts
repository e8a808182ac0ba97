// The "Rewind Timeline" webview view in the panel (beside the Debug
// Console): lanes of stops, checkpoints and UART lines under a time axis,
// zoomable and pannable, with the current time as a cursor. Dragging the
// cursor, clicking an event or clicking an output line seeks there
// (`rewind/seek`).

import * as vscode from 'vscode';
import { TimelineController, TimelineState } from './controller';

/** Messages the webview sends. */
type FromView = { type: 'ready' } | { type: 'seek'; time: number };

/** The view's id in package.json. */
export const timelineViewId = 'rewind.timeline';

function nonce(): string {
	const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	let s = '';
	for (let i = 0; i < 32; i++) {
		s += chars.charAt(Math.floor(Math.random() * chars.length));
	}
	return s;
}

/** TimelineViewProvider renders the controller's state in a webview. */
export class TimelineViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
	private view: vscode.WebviewView | undefined;
	/** true while the panel is on screen (for the zoom commands' when clause) */
	private visible = false;
	private readonly sub: vscode.Disposable;

	constructor(
		private readonly extensionUri: vscode.Uri,
		private readonly controller: TimelineController,
	) {
		this.sub = controller.onDidChange((s) => this.post(s));
	}

	resolveWebviewView(view: vscode.WebviewView): void {
		this.view = view;
		const media = vscode.Uri.joinPath(this.extensionUri, 'media');
		const bundle = vscode.Uri.joinPath(this.extensionUri, 'out', 'bundle');
		view.webview.options = { enableScripts: true, localResourceRoots: [media, bundle] };
		view.webview.html = this.html(view.webview);
		view.webview.onDidReceiveMessage((m: FromView) => this.receive(m));
		this.setVisible(view.visible);
		view.onDidChangeVisibility(() => {
			this.setVisible(view.visible);
			if (view.visible) {
				this.post(this.controller.current());
			}
		});
		view.onDidDispose(() => {
			if (this.view === view) {
				this.view = undefined;
				this.setVisible(false);
			}
		});
	}

	/** zoom changes the panel's visible part of the run (title bar buttons). */
	zoom(how: 'in' | 'out' | 'fit'): void {
		void this.view?.webview.postMessage({ type: 'zoom', how });
	}

	private setVisible(v: boolean): void {
		if (v !== this.visible) {
			this.visible = v;
			void vscode.commands.executeCommand('setContext', 'rewind.timelineVisible', v);
		}
	}

	private receive(m: FromView): void {
		if (m.type === 'ready') {
			this.post(this.controller.current());
			void this.controller.refresh(this.controller.session());
			return;
		}
		if (m.type === 'seek' && typeof m.time === 'number' && Number.isFinite(m.time)) {
			this.controller.seek(Math.round(m.time)).catch((err: unknown) => {
				void vscode.window.showErrorMessage(`Rewind: cannot go to that time: ${err instanceof Error ? err.message : String(err)}`);
			});
		}
	}

	private post(state: TimelineState): void {
		void this.view?.webview.postMessage({ type: 'state', state });
	}

	private html(webview: vscode.Webview): string {
		const n = nonce();
		const css = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'timeline.css'));
		const js = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'out', 'bundle', 'webview.js'));
		return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource}; script-src 'nonce-${n}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${css}" rel="stylesheet">
<title>Rewind Timeline</title>
</head>
<body>
<div id="empty" class="empty">Start a Rewind debug session to see its timeline.</div>
<div id="timeline" hidden>
  <div class="header">
    <span class="now" id="now" aria-live="polite"></span>
    <span class="range" id="range"></span>
    <span class="range" id="view"></span>
    <span class="zoom">
      <button id="zoomOut" title="Zoom out (-)" aria-label="Zoom out">&minus;</button>
      <button id="zoomIn" title="Zoom in (+)" aria-label="Zoom in">+</button>
      <button id="zoomFit" title="Show the whole run (0)" aria-label="Show the whole run">whole run</button>
    </span>
    <span class="hint">wheel: zoom · Shift+wheel or drag the axis: pan · drag the cursor or click an event to go there · [ and ]: previous/next marker</span>
  </div>
  <div class="header filters-row">
    <span class="filters" id="filters" role="group" aria-label="Lanes shown"></span>
    <span class="nav">
      <label for="navKind">go to</label>
      <button id="navPrev" title="Previous marker of this kind ([ or Alt+Left)" aria-label="Previous marker">&#9664;</button>
      <select id="navKind" aria-label="Kind of marker to go to"></select>
      <button id="navNext" title="Next marker of this kind (] or Alt+Right)" aria-label="Next marker">&#9654;</button>
    </span>
  </div>
  <div class="chart">
    <div class="labels" id="labels" aria-hidden="true"></div>
    <div class="plot" id="plot" role="slider" tabindex="0" aria-label="Time in the run: arrows go to the previous or next stop, [ and ] to the previous or next marker of the kind chosen, plus and minus zoom, Shift+arrows pan">
      <div class="axis" id="axis" title="drag to pan"></div>
      <div class="tracks" id="tracks"></div>
      <div class="cursor" id="cursor"><div class="cursor-head"></div></div>
    </div>
  </div>
  <div class="uart-title">UART output</div>
  <ol class="uart" id="uart" aria-label="UART output lines"></ol>
</div>
<div class="tooltip" id="tooltip" role="tooltip" hidden></div>
<script nonce="${n}" src="${js}"></script>
</body>
</html>`;
	}

	dispose(): void {
		this.sub.dispose();
	}
}
