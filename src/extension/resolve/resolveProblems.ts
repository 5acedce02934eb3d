/**
 * The rows of a resolve result that did not resolve, as diagnostics on the result document: the Problems panel lists
 * them and a click goes to the row. Errors are errors, not found rows warnings, ambiguous rows information.
 */
import * as vscode from 'vscode';
import type { ResolveRow } from '../../client';
import { Disposable } from '../common/lifecycle';

const SEVERITY: Record<Exclude<ResolveRow['status'], 'found'>, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  not_found: vscode.DiagnosticSeverity.Warning,
  ambiguous: vscode.DiagnosticSeverity.Information,
};

export class ResolveProblems extends Disposable {
  /** Made with the first result shown, not at activation. */
  private collection?: vscode.DiagnosticCollection;

  constructor() {
    super();
    this._register(vscode.workspace.onDidCloseTextDocument((d) => this.collection?.delete(d.uri)));
  }

  show(document: vscode.TextDocument, rows: readonly ResolveRow[], format: 'csv' | 'sdf'): void {
    const lineOf = format === 'csv' ? csvLines(document) : sdfLines(document);
    const diagnostics: vscode.Diagnostic[] = [];
    rows.forEach((row, i) => {
      if (row.status === 'found') return;
      const line = lineOf[i] ?? 0;
      const range = document.lineAt(Math.min(line, document.lineCount - 1)).range;
      const d = new vscode.Diagnostic(
        range,
        `${row.input || vscode.l10n.t('(empty)')}: ${row.status.replace('_', ' ')}${row.message ? ` (${row.message})` : ''}`,
        SEVERITY[row.status],
      );
      d.source = 'Compound DB';
      diagnostics.push(d);
    });
    this.collection ??= this._register(vscode.languages.createDiagnosticCollection('compoundDb.resolve'));
    this.collection.set(document.uri, diagnostics);
  }

  /** Diagnostics on a document (tests). */
  get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.collection?.get(uri) ?? [];
  }
}

/** Line of each data row of the CSV: rows start on lines outside quotes, after the header. */
function csvLines(document: vscode.TextDocument): number[] {
  const lines: number[] = [];
  let quoted = false;
  for (let line = 0; line < document.lineCount; line++) {
    if (!quoted && line > 0 && document.lineAt(line).text !== '') lines.push(line);
    for (const c of document.lineAt(line).text) if (c === '"') quoted = !quoted;
  }
  return lines;
}

/** Line of each SDF record's first line. */
function sdfLines(document: vscode.TextDocument): number[] {
  const lines = [0];
  for (let line = 0; line < document.lineCount - 1; line++) if (document.lineAt(line).text === '$$$$') lines.push(line + 1);
  return lines;
}
