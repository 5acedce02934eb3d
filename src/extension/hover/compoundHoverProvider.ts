import * as vscode from 'vscode';
import { errorMessage } from '../common/errors';
import { readSettings } from '../config/settings';
import type { Connection } from '../server/connection';
import type { Highlight } from '../searches/searchStateData';
import type { HighlightedImages } from './hoverHighlight';
import type { HoverInfo, HoverLookup } from './hoverLookup';
import { findHoverTarget } from './hoverTargets';
import { prettyFormula } from '../../chemistry/formula/text';

/** The only commands a hover's links may run. */
export const HOVER_COMMANDS = [
  'compoundDb.showDetails',
  'compoundDb.insertMol',
  'compoundDb.findSimilar',
  'compoundDb.searchBySubstructure',
  'compoundDb.drawStructure',
];

const KIND_NAME = { inchikey: 'InChIKey', smiles: 'SMILES' } as const;
const SEND_SETTING = { inchikey: 'compoundDb.hover.inchikey.sendToRemoteServer', smiles: 'compoundDb.hover.smiles.sendToRemoteServer' } as const;

function commandLink(command: string, args: unknown): string {
  // Parentheses too (a SMILES in the arguments), which encodeURIComponent keeps and Markdown would read as the link's end.
  return `command:${command}?${encodeURIComponent(JSON.stringify([args])).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

function shortLine(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendMarkdown('$(beaker) ');
  md.appendText(text);
  md.supportThemeIcons = true;
  return md;
}

/** "No exact record; the same skeleton: Caffeine, stereo differs" and its kin for the looser identity levels. */
function looserMatchLine(level: NonNullable<HoverInfo['matchLevel']>, name: string): string {
  switch (level) {
    case 'connectivity':
      return vscode.l10n.t('No exact record; the same skeleton: {0}, stereo or isotopes differ', name);
    case 'parent':
      return vscode.l10n.t('No exact record; the same parent: {0}, salt, solvent or charge differs', name);
    case 'tautomer':
      return vscode.l10n.t('No exact record; the same compound as another tautomer: {0}', name);
  }
}

/** `highlight`: the image shows the matches of this substructure search's query. */
export function renderHover(info: HoverInfo, highlight?: Highlight): vscode.MarkdownString {
  const kind = KIND_NAME[info.kind];
  const d = info.details;
  if (!d) return shortLine(vscode.l10n.t('Compound DB: no compound found for this {0}.', kind));
  const md = new vscode.MarkdownString();
  md.isTrusted = { enabledCommands: HOVER_COMMANDS };
  md.supportHtml = false;
  md.appendMarkdown('**');
  md.appendText(d.commonName || vscode.l10n.t('Record {0}', d.id));
  md.appendMarkdown('**');
  if (d.formula) {
    md.appendMarkdown(' — ');
    md.appendText(prettyFormula(d.formula));
  }
  md.appendMarkdown('\n\n');
  const facts = [
    vscode.l10n.t('Record {0}', d.id),
    d.monoisotopicMass !== undefined ? vscode.l10n.t('monoisotopic {0}', d.monoisotopicMass) : undefined,
    d.averageMass !== undefined ? vscode.l10n.t('average {0}', d.averageMass) : undefined,
    d.molecularWeight !== undefined ? vscode.l10n.t('MW {0}', d.molecularWeight) : undefined,
    d.nominalMass !== undefined ? vscode.l10n.t('nominal {0}', d.nominalMass) : undefined,
    info.spectra === undefined
      ? undefined
      : info.spectra === 1
        ? vscode.l10n.t('1 measured spectrum')
        : vscode.l10n.t('{0} measured spectra', info.spectra),
  ].filter(Boolean);
  md.appendText(facts.join(' · '));
  md.appendMarkdown('\n\n');
  if (info.matchLevel) {
    md.appendText(looserMatchLine(info.matchLevel, d.commonName || vscode.l10n.t('Record {0}', d.id)));
    md.appendMarkdown('\n\n');
  }
  if (info.recordIds.length > 1) {
    md.appendText(vscode.l10n.t('({0} records match; the first is shown)', info.recordIds.length));
    md.appendMarkdown('\n\n');
  }
  md.appendMarkdown(
    `[${vscode.l10n.t('Open details')}](${commandLink('compoundDb.showDetails', { recordId: d.id, interactive: true, ...(highlight && info.imageBase64 ? { highlight } : {}) })}) · ` +
      `[${vscode.l10n.t('Insert 2D MOL')}](${commandLink('compoundDb.insertMol', { recordId: d.id, kind: '2d', interactive: true })}) · ` +
      `[${vscode.l10n.t('Insert 3D MOL')}](${commandLink('compoundDb.insertMol', { recordId: d.id, kind: '3d', interactive: true })}) · ` +
      `[${vscode.l10n.t('Find similar')}](${commandLink('compoundDb.findSimilar', { recordId: d.id, interactive: true })}) · ` +
      `[${vscode.l10n.t('Search substructure')}](${commandLink('compoundDb.searchBySubstructure', { recordId: d.id, interactive: true })}) · ` +
      `[${vscode.l10n.t('Edit structure')}](${commandLink('compoundDb.drawStructure', { recordId: d.id, interactive: true })})\n\n`,
  );
  if (highlight && info.imageBase64) {
    md.appendText(vscode.l10n.t('Highlighted: matches of the substructure search {0}', highlight.query));
    md.appendMarkdown('\n\n');
  }
  if (info.imageBase64) md.appendMarkdown(`![structure](data:image/png;base64,${info.imageBase64}|width=160)`);
  return md;
}

/** Where a hover's record came from a structure search: the search's query, and its highlighted depictions. */
export interface HoverHighlights {
  forRecord(recordId: number): Highlight | undefined;
  images: HighlightedImages;
}

/** Hovers for InChIKeys and SMILES. Never waits on anything but the lookup; checks cancellation after it. */
export class CompoundHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly lookup: HoverLookup,
    private readonly connection: Connection,
    private readonly highlights?: HoverHighlights,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const settings = readSettings();
    if (token.isCancellationRequested || (!settings.hoverEnabled.inchikey && !settings.hoverEnabled.smiles)) return undefined;
    const line = document.lineAt(position.line).text;
    const target = findHoverTarget(line, position.character, settings.hoverEnabled);
    if (!target) return undefined;
    const range = new vscode.Range(position.line, target.start, position.line, target.end);
    if (!this.connection.usesLocal() && !settings.hoverSendToRemote[target.kind]) {
      return new vscode.Hover(
        shortLine(
          vscode.l10n.t(
            'Compound DB: {0} lookups are not sent to the remote server (setting {1}).',
            KIND_NAME[target.kind],
            SEND_SETTING[target.kind],
          ),
        ),
        range,
      );
    }
    let info: HoverInfo;
    try {
      info = await this.lookup.lookup(target.kind, target.text);
    } catch (error) {
      if (token.isCancellationRequested) return undefined;
      return new vscode.Hover(shortLine(vscode.l10n.t('Compound DB: lookup failed: {0}', errorMessage(error))), range);
    }
    if (token.isCancellationRequested) return undefined;
    const highlight = info.details && this.highlights?.forRecord(info.details.id);
    if (!highlight || !info.details || !this.highlights) return new vscode.Hover(renderHover(info), range);
    // A failed highlighted image keeps the plain one.
    const image = await this.highlights.images.image(info.details.id, highlight).catch(() => undefined);
    if (token.isCancellationRequested) return undefined;
    return new vscode.Hover(image ? renderHover({ ...info, imageBase64: image }, highlight) : renderHover(info), range);
  }
}
