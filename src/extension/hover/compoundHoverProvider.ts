import * as vscode from 'vscode';
import { prettyFormula } from '../common/formula';
import { errorMessage } from '../common/errors';
import { readSettings } from '../config/settings';
import type { Connection } from '../server/connection';
import type { HoverInfo, HoverLookup } from './hoverLookup';
import { findHoverTarget } from './hoverTargets';

/** Files, untitled editors and the cells of any notebook; not output panes or git documents. */
export const HOVER_SELECTOR: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }, { notebookType: '*' }];

/** The only commands a hover's links may run. */
export const HOVER_COMMANDS = ['compoundDb.showDetails', 'compoundDb.insertMol'];

const KIND_NAME = { inchikey: 'InChIKey', smiles: 'SMILES' } as const;
const SEND_SETTING = { inchikey: 'compoundDb.hover.inchikey.sendToRemoteServer', smiles: 'compoundDb.hover.smiles.sendToRemoteServer' } as const;

function commandLink(command: string, args: unknown): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify([args]))}`;
}

function shortLine(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendMarkdown('$(beaker) ');
  md.appendText(text);
  md.supportThemeIcons = true;
  return md;
}

export function renderHover(info: HoverInfo): vscode.MarkdownString {
  const kind = KIND_NAME[info.kind];
  const d = info.details;
  if (!d) return shortLine(`Compound DB: no compound found for this ${kind}.`);
  const md = new vscode.MarkdownString();
  md.isTrusted = { enabledCommands: HOVER_COMMANDS };
  md.supportHtml = false;
  md.appendMarkdown('**');
  md.appendText(d.commonName || `Record ${d.id}`);
  md.appendMarkdown('**');
  if (d.formula) {
    md.appendMarkdown(' — ');
    md.appendText(prettyFormula(d.formula));
  }
  md.appendMarkdown('\n\n');
  const facts = [
    `Record ${d.id}`,
    d.monoisotopicMass !== undefined ? `monoisotopic ${d.monoisotopicMass}` : undefined,
    d.averageMass !== undefined ? `average ${d.averageMass}` : undefined,
    d.molecularWeight !== undefined ? `MW ${d.molecularWeight}` : undefined,
    d.nominalMass !== undefined ? `nominal ${d.nominalMass}` : undefined,
  ].filter(Boolean);
  md.appendText(facts.join(' · '));
  md.appendMarkdown('\n\n');
  if (info.recordIds.length > 1) {
    md.appendText(`(${info.recordIds.length} records match; the first is shown)`);
    md.appendMarkdown('\n\n');
  }
  md.appendMarkdown(
    `[Open details](${commandLink('compoundDb.showDetails', { recordId: d.id, interactive: true })}) · ` +
      `[Insert 2D MOL](${commandLink('compoundDb.insertMol', { recordId: d.id, kind: '2d', interactive: true })}) · ` +
      `[Insert 3D MOL](${commandLink('compoundDb.insertMol', { recordId: d.id, kind: '3d', interactive: true })})\n\n`,
  );
  if (info.imageBase64) md.appendMarkdown(`![structure](data:image/png;base64,${info.imageBase64}|width=160)`);
  return md;
}

/** Hovers for InChIKeys and SMILES. Never waits on anything but the lookup; checks cancellation after it. */
export class CompoundHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly lookup: HoverLookup,
    private readonly connection: Connection,
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
        shortLine(`Compound DB: ${KIND_NAME[target.kind]} lookups are not sent to the remote server (setting ${SEND_SETTING[target.kind]}).`),
        range,
      );
    }
    let info: HoverInfo;
    try {
      info = await this.lookup.lookup(target.kind, target.text);
    } catch (error) {
      if (token.isCancellationRequested) return undefined;
      return new vscode.Hover(shortLine(`Compound DB: lookup failed: ${errorMessage(error)}`), range);
    }
    if (token.isCancellationRequested) return undefined;
    return new vscode.Hover(renderHover(info), range);
  }
}
