import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import type { LocalService } from './localService';
import { inTestMode } from '../common/testMode';

/**
 * Says once, when the built-in database starts without some of the user's data files, which ones and why,
 * with a button to the setting. The same files skipped again (a restart) are not said twice.
 */
export class SkippedDataFilesNotice extends Disposable {
  private said = '';
  /** Messages shown so far, kept for the test hooks in test mode only. */
  readonly shown: string[] | undefined = inTestMode() ? [] : undefined;

  constructor(private readonly local: LocalService) {
    super();
    this._register(local.onDidChangeState((state) => state === 'running' && this.check()));
  }

  private check(): void {
    const skipped = this.local.current?.skippedDataFiles ?? [];
    const key = skipped.map((s) => `${s.file}\n${s.reason}`).join('\n');
    if (key === this.said) return;
    this.said = key;
    if (skipped.length === 0) return;
    const files = skipped.map((s) => `${s.file} (${readableReason(s.reason)})`).join(', ');
    const message = vscode.l10n.t('Compound DB: the built-in database left out {0}; it serves the other records.', files);
    this.shown?.push(message);
    const open = vscode.l10n.t('Open Setting');
    void vscode.window.showWarningMessage(message, open).then((choice) => {
      if (choice === open) void vscode.commands.executeCommand('workbench.action.openSettings', 'compoundDb.localService.dataFiles');
    });
  }
}

function readableReason(code: string): string {
  switch (code) {
    case 'ENOENT':
      return vscode.l10n.t('no such file');
    case 'EACCES':
    case 'EPERM':
      return vscode.l10n.t('not allowed to read it');
    case 'EISDIR':
      return vscode.l10n.t('a folder, not a file');
    default:
      return code;
  }
}
