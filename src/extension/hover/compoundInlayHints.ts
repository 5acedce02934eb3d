/**
 * "— Caffeine" after each InChIKey and SMILES of a data file (.csv, .tsv, .smi) or a notebook cell. Hints come from
 * the hovers' cache only, so typing never waits on the server: what is not known yet is looked up in the
 * background, a batch at a time, and the hints are asked for again when a batch has answered.
 */
import * as vscode from 'vscode';
import { readSettings } from '../config/settings';
import { Disposable } from '../common/lifecycle';
import type { Connection } from '../server/connection';
import type { HoverLookup } from './hoverLookup';
import { findTargetsInLine, type HoverTarget } from './hoverTargets';

/** Lines read per request (a huge file's visible part is what VS Code asks for anyway). */
const MAX_LINES = 2000;
/** Lookups started per batch, and how many run at once. */
const BATCH = 40;
const CONCURRENCY = 4;

export class CompoundInlayHints extends Disposable implements vscode.InlayHintsProvider {
  private readonly _onDidChange = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeInlayHints = this._onDidChange.event;
  private readonly queued = new Map<string, HoverTarget>();
  private running = false;

  constructor(
    private readonly lookup: HoverLookup,
    private readonly connection: Connection,
  ) {
    super();
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('compoundDb.inlayHints') || e.affectsConfiguration('compoundDb.hover')) this._onDidChange.fire();
      }),
    );
    this._register(connection.onDidChange(() => this._onDidChange.fire()));
  }

  provideInlayHints(document: vscode.TextDocument, range: vscode.Range, token: vscode.CancellationToken): vscode.InlayHint[] {
    const settings = readSettings();
    if (!settings.inlayHints) return [];
    const kinds = {
      inchikey: settings.hoverEnabled.inchikey && (this.connection.usesLocal() || settings.hoverSendToRemote.inchikey),
      smiles: settings.hoverEnabled.smiles && (this.connection.usesLocal() || settings.hoverSendToRemote.smiles),
    };
    if (!kinds.inchikey && !kinds.smiles) return [];
    const hints: vscode.InlayHint[] = [];
    const last = Math.min(range.end.line, range.start.line + MAX_LINES - 1, document.lineCount - 1);
    for (let line = range.start.line; line <= last && !token.isCancellationRequested; line++) {
      for (const target of findTargetsInLine(document.lineAt(line).text, kinds)) {
        const known = this.lookup.cached(target.kind, target.text);
        if (!known) {
          this.queued.set(`${target.kind}:${target.text}`, target);
          continue;
        }
        const name = known.details?.commonName;
        if (!name) continue;
        const hint = new vscode.InlayHint(new vscode.Position(line, target.end), `— ${name}`, vscode.InlayHintKind.Type);
        hint.paddingLeft = true;
        hint.tooltip = vscode.l10n.t('Compound DB: record {0} (hover for details)', known.details?.id ?? known.recordIds[0]);
        hints.push(hint);
      }
    }
    if (this.queued.size) void this.drain();
    return hints;
  }

  /** Looks up what the hints asked for, a batch at a time, a few at once; then asks VS Code for the hints again. */
  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queued.size && !this.isDisposed) {
        const batch = [...this.queued.values()].slice(0, BATCH);
        for (const t of batch) this.queued.delete(`${t.kind}:${t.text}`);
        let next = 0;
        const worker = async () => {
          while (next < batch.length) {
            const t = batch[next++];
            await this.lookup.lookup(t.kind, t.text).catch(() => undefined);
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        this._onDidChange.fire();
      }
    } finally {
      this.running = false;
    }
  }
}
