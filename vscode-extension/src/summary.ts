// The compact "Rewind Timeline" summary in the Run and Debug side bar: the
// current time, how many stops, checkpoints and UART lines the run has, the
// last line printed, and a way to open the full panel. A tree view, so it
// looks and reads like the views around it.

import * as vscode from 'vscode';
import { TimelineController } from './controller';
import { SummaryRow, summaryRows } from './summaryRows';

/** The summary view's id in package.json. */
export const summaryViewId = 'rewind.timelineSummary';

/** SummaryProvider feeds the summary tree from the controller. */
export class SummaryProvider implements vscode.TreeDataProvider<SummaryRow>, vscode.Disposable {
	private readonly changed = new vscode.EventEmitter<void>();
	readonly onDidChangeTreeData = this.changed.event;
	private readonly sub: vscode.Disposable;

	constructor(private readonly controller: TimelineController) {
		this.sub = controller.onDidChange(() => this.changed.fire());
	}

	getTreeItem(row: SummaryRow): vscode.TreeItem {
		const item = new vscode.TreeItem(row.label);
		item.description = row.description;
		item.tooltip = row.tooltip;
		item.iconPath = new vscode.ThemeIcon(row.icon);
		if (row.command) {
			item.command = { command: row.command, title: row.label, arguments: row.args };
		}
		return item;
	}

	getChildren(row?: SummaryRow): SummaryRow[] {
		return row ? [] : summaryRows(this.controller.current());
	}

	dispose(): void {
		this.sub.dispose();
		this.changed.dispose();
	}
}
