// The "Rewind Timeline" webview view in the Run and Debug side bar: a slider
// over the whole run with checkpoint and stop markers, and the UART output
// placed in time. Dragging the slider, clicking a marker or clicking an
// output line seeks there (`rewind/seek`).

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
		view.onDidChangeVisibility(() => {
			if (view.visible) {
				this.post(this.controller.current());
			}
		});
		view.onDidDispose(() => {
			if (this.view === view) {
				this.view = undefined;
			}
		});
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
    <span class="now" id="now" title="current time (instructions retired)"></span>
    <span class="range" id="range"></span>
  </div>
  <div class="track" id="track" role="slider" tabindex="0" aria-label="Time in the run">
    <div class="rail"></div>
    <div class="markers" id="markers"></div>
    <div class="thumb" id="thumb"></div>
  </div>
  <div class="legend"><span class="key stop"></span>stops <span class="key checkpoint"></span>checkpoints <span class="hint">drag or click to go there</span></div>
  <div class="uart-title">UART output</div>
  <ol class="uart" id="uart" aria-label="UART output lines"></ol>
</div>
<script nonce="${n}" src="${js}"></script>
</body>
</html>`;
	}

	dispose(): void {
		this.sub.dispose();
	}
}
