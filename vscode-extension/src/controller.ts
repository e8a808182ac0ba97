// TimelineController follows Rewind debug sessions: it watches the messages
// between VS Code and the adapter, fetches `rewind/timeline` on every stop,
// and tells the timeline view and the status bar what to show.

import * as vscode from 'vscode';
import { debugType } from './configuration';
import { LaneSpec, TimelineModel, buildTimeline, defaultLaneSpec } from './timeline';

/** Requests after which the target runs until the next `stopped` event. */
const resuming = new Set([
	'continue',
	'next',
	'stepIn',
	'stepOut',
	'stepBack',
	'reverseContinue',
	'goto',
	'restartFrame',
	'restart',
	'rewind/reverseStepOut',
	'rewind/reverseStepIn',
	'rewind/seek',
]);

/** The workspace state key of the lanes asked for. */
const laneSpecKey = 'rewind.timelineLanes';

/** What the view shows: a timeline, or why there is none. */
export type TimelineState =
	| { kind: 'model'; model: TimelineModel; running: boolean; session?: string }
	| { kind: 'empty'; message: string };

/** TimelineController keeps the latest timeline of the active Rewind session. */
export class TimelineController implements vscode.Disposable {
	private readonly changed = new vscode.EventEmitter<TimelineState>();
	/** fires whenever the timeline or the session's state changes */
	readonly onDidChange = this.changed.event;
	private readonly disposables: vscode.Disposable[] = [this.changed];
	private readonly threads = new Map<string, number>();
	private readonly stopped = new Set<string>();
	private state: TimelineState = { kind: 'empty', message: 'Start a Rewind debug session to see its timeline.' };
	private generation = 0;
	private pending: ReturnType<typeof setTimeout> | undefined;
	private lanes: LaneSpec;

	/** memento keeps the lanes asked for between sessions (the workspace state). */
	constructor(private readonly memento?: vscode.Memento) {
		this.lanes = { ...defaultLaneSpec, ...(memento?.get<Partial<LaneSpec>>(laneSpecKey) ?? {}) };
		this.disposables.push(
			vscode.debug.registerDebugAdapterTrackerFactory(debugType, {
				createDebugAdapterTracker: (session) => ({
					onWillReceiveMessage: (m: { type?: string; command?: string }) => {
						if (m.type === 'request' && m.command && resuming.has(m.command)) {
							this.running(session);
						}
					},
					onDidSendMessage: (m: { type?: string; event?: string; body?: { threadId?: number } }) => {
						if (m.type !== 'event') {
							return;
						}
						if (m.event === 'stopped') {
							if (typeof m.body?.threadId === 'number') {
								this.threads.set(session.id, m.body.threadId);
							}
							this.stopped.add(session.id);
							this.schedule(session);
						} else if (m.event === 'continued') {
							this.running(session);
						}
					},
				}),
			}),
			vscode.debug.onDidReceiveDebugSessionCustomEvent((e) => {
				if (e.session.type === debugType && e.event === 'rewind/timelineChanged') {
					this.schedule(e.session);
				}
			}),
			vscode.debug.onDidChangeActiveDebugSession(() => void this.refresh(this.session())),
			vscode.workspace.onDidChangeConfiguration((e) => {
				if (e.affectsConfiguration('rewind.timeline.eventLanes')) {
					void this.refresh(this.session());
				}
			}),
			vscode.debug.onDidTerminateDebugSession((s) => {
				this.threads.delete(s.id);
				this.stopped.delete(s.id);
				if (!this.session()) {
					this.set({ kind: 'empty', message: 'The Rewind session ended. Start one to see its timeline.' });
				}
			}),
		);
	}

	/** session returns the active debug session when it is a Rewind one. */
	session(): vscode.DebugSession | undefined {
		const s = vscode.debug.activeDebugSession;
		return s?.type === debugType ? s : undefined;
	}

	/** current is the latest state. */
	current(): TimelineState {
		return this.state;
	}

	/** isStopped tells whether the session is stopped (so it can seek). */
	isStopped(session: vscode.DebugSession): boolean {
		return this.stopped.has(session.id);
	}

	/** threadId is the thread the user looks at, for custom step requests. */
	threadId(session: vscode.DebugSession): number {
		const item = vscode.debug.activeStackItem;
		if (item && item.session.id === session.id) {
			return item.threadId;
		}
		return this.threads.get(session.id) ?? 1;
	}

	/**
	 * schedule refreshes soon, once for the `stopped` event and the
	 * `rewind/timelineChanged` event that come together after each stop.
	 */
	private schedule(session: vscode.DebugSession): void {
		if (this.pending) {
			clearTimeout(this.pending);
		}
		this.pending = setTimeout(() => {
			this.pending = undefined;
			void this.refresh(session);
		}, 30);
	}

	/** refresh asks the session for its timeline and publishes it. */
	async refresh(session: vscode.DebugSession | undefined): Promise<void> {
		if (!session || session.type !== debugType || session !== this.session()) {
			if (!this.session()) {
				this.set({ kind: 'empty', message: 'Start a Rewind debug session to see its timeline.' });
			}
			return;
		}
		const gen = ++this.generation;
		try {
			const body = await session.customRequest('rewind/timeline', { lanes: this.lanesAsked() });
			if (gen === this.generation) {
				this.set({ kind: 'model', model: buildTimeline(body), running: !this.stopped.has(session.id), session: session.id });
			}
		} catch (err) {
			if (gen === this.generation && !this.stopped.has(session.id) && this.state.kind === 'model') {
				// running (a Restart, a long continue): the adapter answers
				// once it stops; keep the last timeline until then
				this.set({ ...this.state, running: true });
			} else if (gen === this.generation) {
				this.set({ kind: 'empty', message: `No timeline: ${err instanceof Error ? err.message : String(err)}` });
			}
		}
	}

	/**
	 * lanesAsked is the lane spec sent: without the interrupt, exception and
	 * task lanes when the setting rewind.timeline.eventLanes is off (each is
	 * a search of the whole history whenever it grows).
	 */
	private lanesAsked(): LaneSpec {
		if (vscode.workspace.getConfiguration('rewind').get<boolean>('timeline.eventLanes', true)) {
			return this.lanes;
		}
		return { ...this.lanes, interrupts: false, exceptions: false, tasks: false };
	}

	/** laneSpec is which event lanes the timeline asks for. */
	laneSpec(): LaneSpec {
		return { ...this.lanes, calls: [...this.lanes.calls], writes: [...this.lanes.writes] };
	}

	/** setLaneSpec changes the event lanes, keeps them, and refreshes the timeline. */
	async setLaneSpec(spec: LaneSpec): Promise<void> {
		this.lanes = spec;
		await this.memento?.update(laneSpecKey, spec);
		await this.refresh(this.session());
	}

	/** seek moves the session to a time. */
	async seek(time: number): Promise<void> {
		const session = this.session();
		if (!session) {
			throw new Error('no Rewind debug session is active');
		}
		await session.customRequest('rewind/seek', { time });
	}

	private running(session: vscode.DebugSession): void {
		this.stopped.delete(session.id);
		if (session === this.session() && this.state.kind === 'model') {
			this.set({ ...this.state, running: true });
		}
	}

	private set(state: TimelineState): void {
		this.state = state;
		this.changed.fire(state);
	}

	dispose(): void {
		if (this.pending) {
			clearTimeout(this.pending);
		}
		for (const d of this.disposables) {
			d.dispose();
		}
	}
}
