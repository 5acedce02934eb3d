/**
 * Where "Resolve Identifiers…" takes its identifiers from: a file (the Explorer's context menu, or a `uri` argument),
 * the selection of the active editor or notebook cell, or the whole text of that editor or cell.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { InputFormat } from '../../client';
import { pick } from '../commands/prompts';

export interface ResolveArgs {
  /** A file to read (string URI); the Explorer passes a vscode.Uri instead of this object. */
  uri?: string;
  /** Identifiers as text, one a line (tests, other extensions). */
  text?: string;
  /** The CSV column; asked for when the file has several and a person runs the command. */
  column?: string;
  /** The result document: `csv` (default) or `sdf`. */
  format?: 'csv' | 'sdf';
}

export interface ResolveSource {
  /** Shown in titles: the file name, or "selection". */
  label: string;
  text: string;
  format: InputFormat;
}

export async function resolveSource(args: ResolveArgs | vscode.Uri | undefined): Promise<ResolveSource> {
  // The client loads on first use, not at activation.
  const { inputFormatOf } = await import('../../client/index.js');
  const uri = args instanceof vscode.Uri ? args : args?.uri ? vscode.Uri.parse(args.uri) : undefined;
  if (uri) {
    const bytes = await vscode.workspace.fs.readFile(uri);
    return { label: path.posix.basename(uri.path), text: Buffer.from(bytes).toString('utf8'), format: inputFormatOf(uri.path) };
  }
  if (args && !(args instanceof vscode.Uri) && args.text !== undefined) return { label: vscode.l10n.t('text'), text: args.text, format: 'text' };
  const editor = vscode.window.activeTextEditor;
  if (!editor)
    throw new Error(vscode.l10n.t('Select identifiers in an editor or notebook cell, or run this on a .txt or .csv file in the Explorer.'));
  const document = editor.document;
  const selected = editor.selections.filter((s) => !s.isEmpty).map((s) => document.getText(s));
  if (selected.length) return { label: vscode.l10n.t('selection'), text: selected.join('\n'), format: 'text' };
  const csv = document.languageId === 'csv' || inputFormatOf(document.fileName) === 'csv';
  return { label: path.posix.basename(document.uri.path) || vscode.l10n.t('editor'), text: document.getText(), format: csv ? 'csv' : 'text' };
}

/** The column to read: the one named, else the user's pick when the header has several, else the first. */
export async function resolveColumn(source: ResolveSource, args: ResolveArgs | vscode.Uri | undefined, person: boolean): Promise<string | undefined> {
  if (source.format !== 'csv') return undefined;
  const named = args instanceof vscode.Uri ? undefined : args?.column;
  if (named !== undefined) return named;
  const { parseCsv } = await import('../../client/index.js');
  const header = parseCsv(source.text.slice(0, source.text.search(/\r?\n|$/)))[0] ?? [];
  if (!person || header.length < 2) return undefined;
  return pick(
    vscode.l10n.t('Resolve Identifiers'),
    header.map((h) => ({ label: h, value: h })),
    vscode.l10n.t('Which column holds the identifiers?'),
  );
}
