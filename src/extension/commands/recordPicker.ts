/**
 * Asking for a record: a picker offering the result selected in the Searches view and recent results, that
 * also takes a record ID, a name, an InChIKey or a SMILES typed in (looked up first, through the composite
 * search, with a second pick when several records match).
 */
import * as vscode from 'vscode';
import { classifyQuery } from '../../wire';
import { PromptCancelled } from './prompts';
import { prettyFormula } from '../common/formula';

export interface KnownRecord {
  recordId: number;
  name?: string;
  formula?: string;
}

/** Where the picker's offers and look-ups come from (the Searches model and the connection). */
export interface RecordSource {
  selected(): KnownRecord | undefined;
  recent(): KnownRecord[];
  /** Records matching a name, InChIKey, InChI or SMILES, best first. */
  lookUp(text: string): Promise<KnownRecord[]>;
}

let source: RecordSource | undefined;

export function setRecordSource(s: RecordSource): vscode.Disposable {
  source = s;
  return { dispose: () => (source === s ? (source = undefined) : undefined) };
}

export const MAX_RECENT = 15;

type Choice = vscode.QuickPickItem & { recordId?: number; text?: string };

function recordItem(r: KnownRecord, detail?: string): Choice {
  return {
    label: r.name || vscode.l10n.t('Record {0}', r.recordId),
    description: [r.formula && prettyFormula(r.formula), `#${r.recordId}`].filter(Boolean).join('  '),
    detail,
    recordId: r.recordId,
  };
}

/** The picker's rows for what is typed so far: the typed text first, then the selection and recent results. */
export function recordChoices(s: RecordSource, typed: string): Choice[] {
  const text = typed.trim();
  const rows: Choice[] = [];
  if (text) {
    rows.push(
      classifyQuery(text) === 'recordId'
        ? { label: vscode.l10n.t('Record {0}', text), recordId: Number(text), alwaysShow: true }
        : { label: vscode.l10n.t('Look up "{0}"', text), description: vscode.l10n.t('name, InChIKey, InChI or SMILES'), text, alwaysShow: true },
    );
  }
  const selected = s.selected();
  if (selected) rows.push({ label: vscode.l10n.t('Selected'), kind: vscode.QuickPickItemKind.Separator }, recordItem(selected));
  const recent = s
    .recent()
    .filter((r) => r.recordId !== selected?.recordId)
    .slice(0, MAX_RECENT);
  if (recent.length)
    rows.push({ label: vscode.l10n.t('Recent results'), kind: vscode.QuickPickItemKind.Separator }, ...recent.map((r) => recordItem(r)));
  return rows;
}

/** The record for typed text that is not a record ID: the only match, or the one picked among several. */
export async function resolveRecord(s: RecordSource, text: string, title: string): Promise<number> {
  const found = await s.lookUp(text);
  if (found.length === 0) throw new Error(vscode.l10n.t('No record matches "{0}"', text));
  if (found.length === 1) return found[0].recordId;
  const chosen = await vscode.window.showQuickPick(
    found.map((r) => recordItem(r)),
    { title, placeHolder: vscode.l10n.t('{0} records match "{1}"', found.length, text), ignoreFocusOut: true },
  );
  if (!chosen?.recordId) throw new PromptCancelled();
  return chosen.recordId;
}

/** Asks for one record; undefined when no source is set (the caller asks for a number instead). */
export async function pickRecordId(title: string): Promise<number | undefined> {
  const s = source;
  if (!s) return undefined;
  const picker = vscode.window.createQuickPick<Choice>();
  picker.title = title;
  picker.placeholder = vscode.l10n.t('Record ID, name, InChIKey or SMILES, or pick a recent result');
  picker.ignoreFocusOut = true;
  picker.matchOnDescription = true;
  picker.items = recordChoices(s, '');
  const chosen = await new Promise<Choice | undefined>((resolve) => {
    picker.onDidChangeValue((v) => (picker.items = recordChoices(s, v)));
    picker.onDidAccept(() => resolve(picker.selectedItems[0]));
    picker.onDidHide(() => resolve(undefined));
    picker.show();
  });
  picker.dispose();
  if (!chosen) throw new PromptCancelled();
  if (chosen.recordId !== undefined) return chosen.recordId;
  return resolveRecord(s, chosen.text ?? '', title);
}
