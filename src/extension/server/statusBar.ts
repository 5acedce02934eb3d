import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { readSettings } from '../config/settings';
import type { LocalService } from './localService';

/** Shows which server is active, and the built-in database's state. Click: the log. */
export class ServerStatusBar extends Disposable {
  private readonly item = this._register(vscode.window.createStatusBarItem('compoundDb.server', vscode.StatusBarAlignment.Right, 100));

  constructor(private readonly local: LocalService) {
    super();
    this.item.name = vscode.l10n.t('Compound DB Server');
    this.item.command = 'compoundDb.showLog';
    this._register(local.onDidChangeState(() => this.update()));
    this._register(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('compoundDb.serverUrl') && this.update()));
    this.update();
    this.item.show();
  }

  /** The text shown, for tests. */
  get text(): string {
    return this.item.text;
  }

  update(): void {
    const { serverUrl } = readSettings();
    if (serverUrl) {
      let host = serverUrl;
      try {
        host = new URL(serverUrl).host;
      } catch {
        /* shown as typed */
      }
      this.item.text = `$(cloud) Compound DB: ${host}`;
      this.item.tooltip = vscode.l10n.t('Lookups go to {0}', serverUrl);
      this.item.backgroundColor = undefined;
      return;
    }
    const state = this.local.state;
    const icon = { stopped: '$(database)', starting: '$(sync~spin)', running: '$(database)', failed: '$(error)' }[state];
    const word = {
      stopped: vscode.l10n.t('built-in (starts on first use)'),
      starting: vscode.l10n.t('built-in (starting)'),
      running: vscode.l10n.t('built-in'),
      failed: vscode.l10n.t('built-in (failed)'),
    }[state];
    this.item.text = `${icon} ${vscode.l10n.t('Compound DB: {0}', word)}`;
    const url = this.local.current?.baseUrl;
    this.item.tooltip = url ? vscode.l10n.t('Built-in database at {0}', url) : vscode.l10n.t('Built-in database: no server address is configured');
    const skipped = this.local.current?.skippedDataFiles ?? [];
    if (skipped.length) this.item.tooltip += `\n${vscode.l10n.t('Left out (cannot be read): {0}', skipped.map((f) => f.file).join(', '))}`;
    this.item.backgroundColor = state === 'failed' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
  }
}
