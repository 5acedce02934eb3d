/**
 * Asking for a record or a structure: one picker offering the result selected in the Searches view and recent
 * results, that also takes a record ID, a name, an InChIKey, an InChI or a SMILES typed in (looked up first,
 * through the composite search, with a second pick when several records match). A prompt for a structure takes
 * a SMILES (and, for a substructure, a SMARTS) as typed too.
 */
import * as vscode from 'vscode';
import { classifyQuery, structureQueryProblem, type SubstructureFormat } from '../../wire';
import { PromptCancelled } from './prompts';
import { prettyFormula } from '../../chemistry/formula/text';
import { isPlainWord, parseSmilesSyntax } from '../../chemistry/smiles-syntax';

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
  /** A file holding the record's structure image, for a pick row's icon (none when left out or not found). */
  thumbnail?(recordId: number): Promise<vscode.Uri | undefined>;
}

let source: RecordSource | undefined;

export function setRecordSource(s: RecordSource): vscode.Disposable {
  source = s;
  return { dispose: () => (source === s ? (source = undefined) : undefined) };
}

export const MAX_RECENT = 15;

/** A structure typed in, used as it is. */
export interface TypedStructure {
  query: string;
  queryFormat: SubstructureFormat;
}

/** What a structure prompt accepts beside records: SMILES always, SMARTS for a substructure search. */
export interface StructureRules {
  smarts: boolean;
}

type Choice = vscode.QuickPickItem & { recordId?: number; text?: string; structure?: TypedStructure };

function recordItem(r: KnownRecord, detail?: string): Choice {
  return {
    label: r.name || vscode.l10n.t('Record {0}', r.recordId),
    description: [r.formula && prettyFormula(r.formula), `#${r.recordId}`].filter(Boolean).join('  '),
    detail,
    recordId: r.recordId,
  };
}

/** The rows for typed text: a record ID; a structure used as typed (in a structure prompt); a look-up. */
function typedRows(text: string, structure: StructureRules | undefined): Choice[] {
  if (classifyQuery(text) === 'recordId') return [{ label: vscode.l10n.t('Record {0}', text), recordId: Number(text), alwaysShow: true }];
  const lookUp: Choice = {
    label: vscode.l10n.t('Look up "{0}"', text),
    description: vscode.l10n.t('name, InChIKey, InChI or SMILES'),
    text,
    alwaysShow: true,
  };
  if (!structure) return [lookUp];
  const smiles = parseSmilesSyntax(text).ok;
  if (smiles) {
    const use: Choice = { label: vscode.l10n.t('Use the SMILES {0}', text), structure: { query: text, queryFormat: 'SMILES' }, alwaysShow: true };
    // "CO" or "CCO" parse as SMILES and read as words too: the look-up comes first for a plain word.
    return isPlainWord(text) ? [lookUp, use] : [use, lookUp];
  }
  if (structure.smarts && /[[\]~;&!$*]/.test(text) && !structureQueryProblem(text, false)) {
    return [{ label: vscode.l10n.t('Use the SMARTS {0}', text), structure: { query: text, queryFormat: 'SMARTS' }, alwaysShow: true }, lookUp];
  }
  return [lookUp];
}

/** The picker's rows for what is typed so far: the typed text first, then the selection and recent results. */
export function recordChoices(s: RecordSource, typed: string, structure?: StructureRules): Choice[] {
  const text = typed.trim();
  const rows: Choice[] = text ? typedRows(text, structure) : [];
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

/** Rows of a pick among several records show each structure: the icons come in as their images arrive. */
const THUMBNAILS_IN_PICK = 30;

/** The record for typed text that is not a record ID: the only match, or the one picked among several (with structures). */
export async function resolveRecord(s: RecordSource, text: string, title: string): Promise<number> {
  const found = await s.lookUp(text);
  if (found.length === 0) throw new Error(vscode.l10n.t('No record matches "{0}"', text));
  if (found.length === 1) return found[0].recordId;
  // A name search also finds names that contain the text ("Isocaffeine" for "caffeine"): the one record named exactly
  // so is the answer, as resolve takes it; the pick is for names that several records carry.
  const named = found.filter((r) => r.name?.toLowerCase() === text.trim().toLowerCase());
  if (named.length === 1) return named[0].recordId;
  const picker = vscode.window.createQuickPick<Choice>();
  picker.title = title;
  picker.placeholder = vscode.l10n.t('{0} records match "{1}"', found.length, text);
  picker.ignoreFocusOut = true;
  picker.matchOnDescription = true;
  picker.items = found.map((r) => recordItem(r));
  const icons = new Map<number, vscode.Uri>();
  const showIcons = () => {
    const active = picker.activeItems[0]?.recordId;
    picker.items = found.map((r) => ({ ...recordItem(r), iconPath: icons.get(r.recordId) }));
    const again = picker.items.find((i) => i.recordId === active);
    if (again) picker.activeItems = [again];
  };
  for (const r of found.slice(0, THUMBNAILS_IN_PICK)) {
    void s
      .thumbnail?.(r.recordId)
      .then((uri) => {
        if (uri) icons.set(r.recordId, uri);
        if (uri) showIcons();
      })
      .catch(() => undefined);
  }
  const chosen = await new Promise<Choice | undefined>((resolve) => {
    picker.onDidAccept(() => resolve(picker.selectedItems[0]));
    picker.onDidHide(() => resolve(undefined));
    picker.show();
  });
  picker.dispose();
  if (!chosen?.recordId) throw new PromptCancelled();
  return chosen.recordId;
}

/** The record typed text names: a record ID as it is, anything else looked up (a pick when several match). */
export async function recordIdForText(text: string, title: string): Promise<number> {
  const typed = text.trim();
  if (classifyQuery(typed) === 'recordId') return Number(typed);
  if (!source) throw new Error(vscode.l10n.t('Looking up "{0}" needs the Searches view, which is not ready yet', typed));
  return resolveRecord(source, typed, title);
}

/** Shows the picker until a row is accepted; PromptCancelled when it is dismissed. */
async function choose(s: RecordSource, title: string, placeholder: string, structure?: StructureRules): Promise<Choice> {
  const picker = vscode.window.createQuickPick<Choice>();
  picker.title = title;
  picker.placeholder = placeholder;
  picker.ignoreFocusOut = true;
  picker.matchOnDescription = true;
  picker.items = recordChoices(s, '', structure);
  const chosen = await new Promise<Choice | undefined>((resolve) => {
    picker.onDidChangeValue((v) => (picker.items = recordChoices(s, v, structure)));
    picker.onDidAccept(() => resolve(picker.selectedItems[0]));
    picker.onDidHide(() => resolve(undefined));
    picker.show();
  });
  picker.dispose();
  if (!chosen) throw new PromptCancelled();
  return chosen;
}

/** Asks for one record; undefined when no source is set (the caller asks for a number instead). */
export async function pickRecordId(title: string): Promise<number | undefined> {
  const s = source;
  if (!s) return undefined;
  const chosen = await choose(s, title, vscode.l10n.t('Record ID, name, InChIKey or SMILES, or pick a recent result'));
  if (chosen.recordId !== undefined) return chosen.recordId;
  return resolveRecord(s, chosen.text ?? '', title);
}

/**
 * Asks for a structure the way a record is asked for (the selection, recent results, a record ID, a name, an
 * InChIKey or an InChI looked up), or a SMILES (a SMARTS with `rules.smarts`) used as typed. Undefined when no
 * source is set (the caller asks for a SMILES instead).
 */
export async function pickStructure(title: string, rules: StructureRules): Promise<TypedStructure | { recordId: number } | undefined> {
  const s = source;
  if (!s) return undefined;
  const chosen = await choose(
    s,
    title,
    rules.smarts
      ? vscode.l10n.t('SMILES, SMARTS, name, InChIKey, InChI or record ID, or pick a recent result')
      : vscode.l10n.t('SMILES, name, InChIKey, InChI or record ID, or pick a recent result'),
    rules,
  );
  if (chosen.structure) return chosen.structure;
  if (chosen.recordId !== undefined) return { recordId: chosen.recordId };
  return { recordId: await resolveRecord(s, chosen.text ?? '', title) };
}
