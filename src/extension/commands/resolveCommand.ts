/**
 * "Resolve Identifiers…": the client's bulk resolver over a selection, an editor or notebook cell, or a .txt / .csv
 * file, under a progress notification with counts and Cancel. The result opens as a new CSV document (SDF on request)
 * whose rows that did not resolve are listed in the Problems panel; answers are kept on disk for later runs.
 */
import * as vscode from 'vscode';
import type { CompoundDbClient, ResolveProgress, ResolveRow } from '../../client';
import { isCancellation } from '../common/errors';
import { readSettings } from '../config/settings';
import { defineCommand, type CommandDefinition } from './defineCommand';
import type { Services } from './services';
import { resolveColumn, resolveSource, type ResolveArgs } from '../resolve/resolveSource';
import type { ResolveProblems } from '../resolve/resolveProblems';

export interface ResolveOutcome {
  /** The result document. */
  uri: string;
  format: 'csv' | 'sdf';
  rows: number;
  found: number;
  ambiguous: number;
  notFound: number;
  errors: number;
  /** True when Cancel stopped the run: the document holds the rows done before it. */
  cancelled: boolean;
}

export function defineResolveCommand(s: Services, problems: ResolveProblems): CommandDefinition {
  return defineCommand<ResolveArgs, ResolveOutcome>('compoundDb.resolveIdentifiers', s.log, async (args, invocation) => {
    const person = invocation === 'person';
    const source = await resolveSource(args);
    const column = await resolveColumn(source, args, person);
    // The client's resolver loads on first use, not at activation.
    const { readIdentifiers } = await import('../../client/index.js');
    const identifiers = readIdentifiers(source.text, source.format, column);
    if (!identifiers.length) throw new Error(vscode.l10n.t('No identifiers in {0}', source.label));
    const format = (args instanceof vscode.Uri ? undefined : args?.format) ?? 'csv';
    const { rows, cancelled, client } = await run(s, identifiers, source.label);
    const document = await openResult(s, rows, format, client, source.label);
    problems.show(document, rows, format);
    const outcome = summarise(document.uri.toString(), format, rows, cancelled);
    if (person) void offerNext(s, outcome, rows, client, problems, source.label);
    return outcome;
  });
}

async function run(s: Services, identifiers: string[], label: string) {
  const { client, server } = await s.connection.get();
  const { DiskResolveCache, cacheScope, resolveIdentifiers } = await import('../../client/index.js');
  const settings = readSettings();
  const folder = vscode.Uri.joinPath(s.context.globalStorageUri, 'resolve-cache');
  // The built-in database listens on another port each start: its answers are keyed by the data it serves instead.
  const address = server.kind === 'local' ? ['built-in', ...settings.localDataFiles].join(' ') : server.baseUrl;
  const cache = DiskResolveCache.inFolder(folder.fsPath, cacheScope(address, client.hasToken ? 'older' : 'current'));
  const rows: ResolveRow[] = [];
  const title = vscode.l10n.t('Compound DB: resolving {0} identifiers from {1}', identifiers.length.toLocaleString(), label);
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const controller = new AbortController();
      const sub = token.onCancellationRequested(() => controller.abort());
      let shown = 0;
      try {
        await resolveIdentifiers(client, identifiers, {
          cache,
          signal: controller.signal,
          ratePerSecond: server.kind === 'remote' ? settings.resolveRate : undefined,
          concurrency: server.kind === 'remote' ? settings.resolveConcurrency : 8,
          onRow: (row) => rows.push(row),
          onProgress: (p) => {
            const percent = Math.floor((100 * (p.done + p.searched)) / (p.total + p.searches));
            progress.report({ message: progressText(p), increment: percent - shown });
            shown = percent;
          },
        });
      } finally {
        sub.dispose();
      }
    });
    return { rows, cancelled: false, client };
  } catch (error) {
    if (!isCancellation(error)) throw error;
    s.log.info(`compoundDb.resolveIdentifiers: cancelled after ${rows.length} of ${identifiers.length} rows`);
    return { rows, cancelled: true, client };
  } finally {
    cache.close();
  }
}

function progressText(p: ResolveProgress): string {
  return vscode.l10n.t(
    '{0} of {1} rows · {2} found · {3} ambiguous · {4} not found · {5} errors · {6} requests',
    p.done,
    p.total,
    p.found,
    p.ambiguous,
    p.notFound,
    p.errors,
    p.requests,
  );
}

async function openResult(
  s: Services,
  rows: ResolveRow[],
  format: 'csv' | 'sdf',
  client: CompoundDbClient,
  label: string,
): Promise<vscode.TextDocument> {
  const { molBlocks, resolveCsv, resolveSdf } = await import('../../client/index.js');
  let content: string;
  if (format === 'sdf') {
    const mols = await molBlocks(
      client,
      rows.flatMap((r) => (r.record ? [r.record.recordId] : [])),
    );
    content = resolveSdf(rows, (id) => mols.get(id));
  } else content = resolveCsv(rows);
  // A read-only document named after the input ("identifiers-resolved.csv"): closing it asks nothing, and Save As
  // keeps it (an untitled document would be named after its first line and ask to be saved on close).
  const stem = label.replace(/\.(csv|tsv|txt)$/i, '') || 'identifiers';
  const uri = await s.results.show(`${stem}-resolved.${format}`, content, { preview: false });
  const document = await vscode.workspace.openTextDocument(uri);
  s.log.info(`compoundDb.resolveIdentifiers: ${rows.length} rows as ${format.toUpperCase()}`);
  return document;
}

function summarise(uri: string, format: 'csv' | 'sdf', rows: ResolveRow[], cancelled: boolean): ResolveOutcome {
  const count = (status: ResolveRow['status']): number => rows.filter((r) => r.status === status).length;
  return {
    uri,
    format,
    rows: rows.length,
    found: count('found'),
    ambiguous: count('ambiguous'),
    notFound: count('not_found'),
    errors: count('error'),
    cancelled,
  };
}

async function offerNext(
  s: Services,
  o: ResolveOutcome,
  rows: ResolveRow[],
  client: CompoundDbClient,
  problems: ResolveProblems,
  label: string,
): Promise<void> {
  const text = o.cancelled
    ? vscode.l10n.t(
        'Cancelled: {0} rows resolved before the cancel ({1} found, {2} ambiguous, {3} not found, {4} errors).',
        o.rows,
        o.found,
        o.ambiguous,
        o.notFound,
        o.errors,
      )
    : vscode.l10n.t(
        'Resolved {0} identifiers: {1} found, {2} ambiguous, {3} not found, {4} errors.',
        o.rows,
        o.found,
        o.ambiguous,
        o.notFound,
        o.errors,
      );
  const showProblems = vscode.l10n.t('Show Rows That Did Not Resolve');
  const asSdf = vscode.l10n.t('Open as SDF');
  const actions = [...(o.rows > o.found ? [showProblems] : []), ...(o.format === 'csv' ? [asSdf] : [])];
  const choice = await vscode.window.showInformationMessage(text, ...actions);
  if (choice === showProblems) await vscode.commands.executeCommand('workbench.actions.view.problems');
  if (choice === asSdf) problems.show(await openResult(s, rows, 'sdf', client, label), rows, 'sdf');
}
