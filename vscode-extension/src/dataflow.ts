// The "Rewind Dataflow" view: "Where Did This Value Come From?" on a
// variable, a watch or the expression under the editor's cursor asks the
// adapter (`rewind/origin`) what produced the value; the view shows it as a
// tree whose nodes expand, one request each, into the values the producing
// instruction read, down to the true sources (a constant, initial data, a
// device read, a CSR, the reset state). A click on a node seeks the session
// to that moment, so the editor, call stack and variables follow.

import * as vscode from 'vscode';
import { TimelineController } from './controller';
import {
	OriginInput, OriginNode, expressionAt, menuExpression, nodeDescription, nodeIcon, nodeLabel, nodeTooltip, parseOrigin,
} from './dataflowModel';

/** The view's id in package.json. */
export const dataflowViewId = 'rewind.dataflow';

/** One row of the tree: a node of a session's dataflow. */
export interface DataflowItem {
	session: vscode.DebugSession;
	node: OriginNode;
	parent?: DataflowItem;
	/** the inputs' rows, once asked for */
	children?: DataflowItem[];
}

/** errorNode stands for an input the adapter could not explain. */
function errorNode(input: OriginInput, err: unknown): OriginNode {
	return {
		id: input.id, name: input.name, value: '', kind: '', isSource: false, time: 0, hart: 0, label: input.name, inputs: [],
		error: err instanceof Error ? err.message : String(err),
	};
}

/** DataflowProvider keeps the trees asked for, newest first. */
export class DataflowProvider implements vscode.TreeDataProvider<DataflowItem>, vscode.Disposable {
	private readonly changed = new vscode.EventEmitter<DataflowItem | undefined>();
	readonly onDidChangeTreeData = this.changed.event;
	private roots: DataflowItem[] = [];
	private view: vscode.TreeView<DataflowItem> | undefined;
	private readonly subs: vscode.Disposable[] = [];

	constructor(private readonly controller: TimelineController) {
		this.subs.push(
			vscode.debug.onDidTerminateDebugSession((s) => {
				const kept = this.roots.filter((r) => r.session.id !== s.id);
				if (kept.length !== this.roots.length) {
					this.roots = kept;
					this.changed.fire(undefined);
				}
			}),
		);
	}

	/** attach remembers the tree view, to reveal new roots. */
	attach(view: vscode.TreeView<DataflowItem>): void {
		this.view = view;
	}

	getTreeItem(it: DataflowItem): vscode.TreeItem {
		const n = it.node;
		const item = new vscode.TreeItem(
			nodeLabel(n),
			n.inputs.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
		);
		item.id = `${it.session.id}/${pathOf(it)}`;
		item.description = nodeDescription(n);
		item.tooltip = nodeTooltip(n);
		item.iconPath = new vscode.ThemeIcon(nodeIcon(n));
		item.contextValue = n.error ? 'rewind.dataflow.error' : 'rewind.dataflow.node';
		if (!n.error) {
			item.command = { command: 'rewind.dataflow.seek', title: 'Go to This Moment', arguments: [it] };
			item.accessibilityInformation = { label: `${nodeLabel(n)}, ${nodeDescription(n)}` };
		}
		return item;
	}

	getParent(it: DataflowItem): DataflowItem | undefined {
		return it.parent;
	}

	async getChildren(it?: DataflowItem): Promise<DataflowItem[]> {
		if (!it) {
			return this.roots;
		}
		if (!it.children) {
			it.children = await Promise.all(
				it.node.inputs.map(async (input) => {
					let node: OriginNode;
					try {
						node = parseOrigin(await it.session.customRequest('rewind/origin', { value: input.id }));
						node.name = input.name;
					} catch (err) {
						node = errorNode(input, err);
					}
					return { session: it.session, node, parent: it };
				}),
			);
		}
		return it.children;
	}

	/** ask finds the origin of expression in frameId and shows it on top. */
	async ask(session: vscode.DebugSession, expression: string, frameId: number | undefined): Promise<void> {
		const body = await vscode.window.withProgress(
			{ location: { viewId: dataflowViewId }, title: `Where did ${expression} come from?` },
			() => session.customRequest('rewind/origin', frameId === undefined ? { expression } : { expression, frameId }),
		);
		const root: DataflowItem = { session, node: parseOrigin(body) };
		this.roots = [root, ...this.roots.filter((r) => !(r.node.id === root.node.id && r.session.id === session.id))].slice(0, 20);
		this.changed.fire(undefined);
		await this.view?.reveal(root, { select: true, focus: true, expand: true });
	}

	/** clear empties the view. */
	clear(): void {
		this.roots = [];
		this.changed.fire(undefined);
	}

	/** seek moves the item's session to its moment. */
	async seek(it: DataflowItem): Promise<void> {
		if (it.node.error) {
			return;
		}
		if (vscode.debug.activeDebugSession?.id !== it.session.id) {
			throw new Error('that session is no longer the active one');
		}
		await this.controller.seek(it.node.time);
	}

	dispose(): void {
		for (const s of this.subs) {
			s.dispose();
		}
		this.changed.dispose();
	}
}

/** pathOf is a row's place in its tree, for a stable tree item id. */
function pathOf(it: DataflowItem): string {
	const parts: string[] = [];
	for (let p: DataflowItem | undefined = it; p; p = p.parent) {
		parts.unshift(p.node.id);
	}
	return parts.join('/');
}

/** frameOfActiveItem is the frame the user looks at, if any. */
function frameOfActiveItem(session: vscode.DebugSession): number | undefined {
	const item = vscode.debug.activeStackItem;
	if (item instanceof vscode.DebugStackFrame && item.session.id === session.id) {
		return item.frameId;
	}
	return undefined;
}

/** editorExpression is the selection, or the C expression under the cursor. */
function editorExpression(): string | undefined {
	const ed = vscode.window.activeTextEditor;
	if (!ed) {
		return undefined;
	}
	if (!ed.selection.isEmpty) {
		return ed.document.getText(ed.selection).trim() || undefined;
	}
	const pos = ed.selection.active;
	return expressionAt(ed.document.lineAt(pos.line).text, pos.character);
}

/** registerDataflow adds the view and its commands. */
export function registerDataflow(controller: TimelineController): vscode.Disposable {
	const provider = new DataflowProvider(controller);
	const view = vscode.window.createTreeView(dataflowViewId, { treeDataProvider: provider, showCollapseAll: true });
	provider.attach(view);
	const whereFrom = async (arg?: unknown) => {
		const session = controller.session();
		if (!session) {
			void vscode.window.showWarningMessage('Rewind: no Rewind debug session is active.');
			return;
		}
		let expr = menuExpression(arg) ?? editorExpression();
		if (!expr) {
			expr = await vscode.window.showInputBox({
				title: 'Rewind: Where Did This Value Come From?',
				prompt: 'A variable, member, element, *pointer or $register',
			});
		}
		if (!expr) {
			return;
		}
		try {
			await provider.ask(session, expr, frameOfActiveItem(session));
		} catch (err) {
			void vscode.window.showErrorMessage(`Rewind: where ${expr} came from: ${err instanceof Error ? err.message : String(err)}`);
		}
	};
	return vscode.Disposable.from(
		provider,
		view,
		vscode.commands.registerCommand('rewind.whereFrom', whereFrom),
		vscode.commands.registerCommand('rewind.dataflow.clear', () => provider.clear()),
		vscode.commands.registerCommand('rewind.dataflow.seek', async (it: DataflowItem) => {
			try {
				await provider.seek(it);
			} catch (err) {
				void vscode.window.showErrorMessage(`Rewind: cannot go to that moment: ${err instanceof Error ? err.message : String(err)}`);
			}
		}),
	);
}
