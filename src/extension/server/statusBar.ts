import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { readSettings } from '../config/settings';
import type { LocalService } from './localService';

/** Shows which server is active, and the built-in database's state. Click: the log. */
export class ServerStatusBar extends Disposable {
  private readonly item = this._register(vscode.window.createStatusBarItem('compoundDb.server', vscode.StatusBarAlignment.Right, 100));

  constructor(private readonly local: LocalService) {
    super();
    this.item.name = 'Compound DB Server';
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
      this.item.tooltip = `Lookups go to ${serverUrl}`;
      this.item.backgroundColor = undefined;
      return;
    }
    const state = this.local.state;
    const icon = { stopped: '$(database)', starting: '$(sync~spin)', running: '$(database)', failed: '$(error)' }[state];
    const word = { stopped: 'built-in (starts on first use)', starting: 'built-in (starting)', running: 'built-in', failed: 'built-in (failed)' }[state];
    this.item.text = `${icon} Compound DB: ${word}`;
    const url = this.local.current?.baseUrl;
    this.item.tooltip = url ? `Built-in database at ${url}` : 'Built-in database: no server address is configured';
    this.item.backgroundColor = state === 'failed' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
  }
}
