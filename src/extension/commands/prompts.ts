/** Input boxes and pickers with validation as you type, built on the shared validators of src/wire. */
import * as vscode from 'vscode';
import {
  LIMITS,
  checkElementFilter,
  checkInchi,
  checkInchikey,
  checkMassAndRange,
  checkMassBatch,
  checkNonEmptyString,
  checkRecordId,
  checkRecordIds,
  checkStringList,
  describeFieldErrors,
  structureQueryProblem,
  type FieldError,
  type SubstructureFormat,
  type MassWithRange,
} from '../../wire';

import { pickRecordId } from './recordPicker';
import { parseSmilesSyntax } from '../../chemistry/smiles-syntax';

/** The user dismissed a prompt: the command ends quietly. */
export class PromptCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

function problems(errors: FieldError[]): string | undefined {
  return errors.length ? describeFieldErrors(errors) : undefined;
}

export async function askText(options: {
  title: string;
  prompt?: string;
  placeHolder?: string;
  value?: string;
  password?: boolean;
  validate: (value: string) => string | undefined;
}): Promise<string> {
  const value = await vscode.window.showInputBox({
    title: options.title,
    prompt: options.prompt,
    placeHolder: options.placeHolder,
    value: options.value,
    password: options.password,
    ignoreFocusOut: true,
    validateInput: (v) => options.validate(v),
  });
  if (value === undefined) throw new PromptCancelled();
  return value;
}

/** Splits `a, b c;d` into items. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function parseNumber(text: string): number {
  return text.trim() === '' ? NaN : Number(text.trim());
}

export async function askRecordId(title: string): Promise<number> {
  const picked = await pickRecordId(title);
  if (picked !== undefined) return picked;
  const v = await askText({
    title,
    prompt: vscode.l10n.t('Record ID (a positive whole number)'),
    placeHolder: vscode.l10n.t('e.g. {0}', '2157'),
    validate: (t) => problems(checkRecordId('record ID', t.trim())),
  });
  return Number(v.trim());
}

/** The record ID given as an argument, or asked for. */
export async function recordIdOf(args: { recordId?: number | string } | undefined, title: string): Promise<number> {
  return args?.recordId !== undefined ? Number(args.recordId) : askRecordId(title);
}

export async function askRecordIds(title: string, limit?: number, what = vscode.l10n.t('Record IDs')): Promise<number[]> {
  const v = await askText({
    title,
    prompt: limit
      ? vscode.l10n.t('{0} separated by commas or spaces (at most {1} per request; longer lists are split)', what, limit)
      : vscode.l10n.t('{0} separated by commas or spaces', what),
    placeHolder: vscode.l10n.t('e.g. {0}', '2157, 2424, 236'),
    validate: (t) => problems(checkRecordIds(what, splitList(t))),
  });
  return splitList(v).map(Number);
}

export async function askString(
  title: string,
  field: string,
  prompt: string,
  placeHolder?: string,
  check?: (v: string) => FieldError[],
): Promise<string> {
  const v = await askText({
    title,
    prompt,
    placeHolder,
    validate: (t) => (t.trim() === '' ? nothingTyped(prompt) : problems(check ? check(t.trim()) : checkNonEmptyString(field, t.trim()))),
  });
  return v.trim();
}

/** What an empty box says: what to type, not the rule a program broke ("query must be a non-empty string"). */
export function nothingTyped(prompt: string): string {
  const phrase = /^[A-Z][a-z]/.test(prompt) ? prompt[0].toLowerCase() + prompt.slice(1) : prompt;
  return vscode.l10n.t('Type {0}, then press Enter.', phrase);
}

export const askInchikey = (title: string) =>
  askString(title, 'InChIKey', vscode.l10n.t('InChIKey (14 letters, hyphen, 10 letters, hyphen, 1 letter)'), 'BSYNRYMUTXBXSQ-UHFFFAOYSA-N', (v) =>
    checkInchikey('InChIKey', v),
  );
export const askInchi = (title: string) => askString(title, 'InChI', vscode.l10n.t('Standard InChI'), 'InChI=1S/...', (v) => checkInchi('InChI', v));

export const askSmiles = (title: string) =>
  askString(title, 'SMILES', 'SMILES', vscode.l10n.t('e.g. {0}', 'CC(=O)Oc1ccccc1C(=O)O'), (v) => {
    const parsed = parseSmilesSyntax(v);
    return parsed.ok
      ? []
      : [{ field: 'SMILES', message: vscode.l10n.t('SMILES is not valid at character {0}: {1}', parsed.index + 1, parsed.reason) }];
  });

/** A substructure query, SMILES or SMARTS (read as SMILES when it is valid SMILES), checked as you type. */
export async function askStructureQuery(title: string): Promise<{ query: string; queryFormat: SubstructureFormat }> {
  const query = await askString(
    title,
    'query',
    vscode.l10n.t('Substructure as SMILES or SMARTS'),
    vscode.l10n.t('e.g. {0}', 'c1ccccc1O, [CX3](=O)[OX2H1]'),
    (v) => {
      const problem = structureQueryProblem(v, parseSmilesSyntax(v).ok);
      return problem ? [{ field: 'query', message: problem }] : [];
    },
  );
  return { query, queryFormat: parseSmilesSyntax(query).ok ? 'SMILES' : 'SMARTS' };
}

export const askSpectrumId = (title: string) =>
  askString(title, 'spectrumId', vscode.l10n.t('Spectrum ID'), vscode.l10n.t('e.g. {0}', '1'), (v) =>
    /^\d+$/.test(v) ? [] : [{ field: 'spectrumId', message: vscode.l10n.t('a spectrum ID is a whole number') }],
  );

/** A whole number (or -1 where `initial` is -1, meaning "all"). */
export async function askWholeNumber(title: string, field: string, prompt: string, initial: number): Promise<number> {
  const allowMinusOne = initial === -1;
  const v = await askString(title, field, prompt, String(initial), (t) =>
    (allowMinusOne ? /^(-1|\d+)$/ : /^\d+$/).test(t)
      ? []
      : [
          {
            field,
            message: allowMinusOne ? vscode.l10n.t('{0} must be -1 or a whole number', field) : vscode.l10n.t('{0} must be a whole number', field),
          },
        ],
  );
  return Number(v);
}

export async function askMassAndRange(title: string, what = vscode.l10n.t('mass')): Promise<MassWithRange> {
  const mass = await askText({
    title,
    prompt: vscode.l10n.t('{0} in atomic mass units ({1} to {2})', what, LIMITS.massMin, LIMITS.massMax),
    placeHolder: vscode.l10n.t('e.g. {0}', '180.04'),
    validate: (t) => problems(checkMassAndRange('', { mass: parseNumber(t), range: LIMITS.rangeMin }).filter((e) => e.field === 'mass')),
  });
  const range = await askText({
    title,
    prompt: vscode.l10n.t('Range around {0} in atomic mass units ({1} to {2})', mass, LIMITS.rangeMin, LIMITS.rangeMax),
    placeHolder: vscode.l10n.t('e.g. {0}', '0.01'),
    validate: (t) => problems(checkMassAndRange('', { mass: parseNumber(mass), range: parseNumber(t) }).filter((e) => e.field === 'range')),
  });
  return { mass: parseNumber(mass), range: parseNumber(range) };
}

/** `180.04 0.01; 194.08 0.005` → pairs. */
export function parseMassList(text: string): MassWithRange[] {
  return text
    .split(/[;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((pair) => {
      const [mass, range] = pair
        .split(/[\s,±]+/)
        .filter(Boolean)
        .map(parseNumber);
      return { mass, range };
    });
}

export async function askMassList(title: string): Promise<MassWithRange[]> {
  const v = await askText({
    title,
    prompt: vscode.l10n.t(
      'Pairs of mass and range, separated by semicolons (mass {0}-{1}, range {2}-{3})',
      LIMITS.massMin,
      LIMITS.massMax,
      LIMITS.rangeMin,
      LIMITS.rangeMax,
    ),
    placeHolder: vscode.l10n.t('e.g. {0}', '180.04 0.01; 194.08 0.005'),
    validate: (t) => problems(checkMassBatch({ masses: parseMassList(t) })),
  });
  return parseMassList(v);
}

export async function askStringList(title: string, field: string, prompt: string, placeHolder?: string): Promise<string[]> {
  const v = await askText({ title, prompt, placeHolder, validate: (t) => problems(checkStringList(field, splitList(t), [], true)) });
  return splitList(v);
}

export async function askElements(title: string, which: 'include' | 'exclude'): Promise<string[]> {
  const field = which === 'include' ? 'includeElements' : 'excludeElements';
  const limit = which === 'include' ? LIMITS.includeElements : LIMITS.excludeElements;
  const v = await askText({
    title,
    prompt:
      which === 'include'
        ? vscode.l10n.t('Elements to include (1 to {0} symbols)', limit)
        : vscode.l10n.t('Elements to exclude (optional, at most {0}); leave empty for none', limit),
    placeHolder: vscode.l10n.t('e.g. {0}', which === 'include' ? 'C N O' : 'Cl Br'),
    validate: (t) => {
      const list = splitList(t);
      const body = which === 'include' ? { includeElements: list } : { includeElements: ['C'], excludeElements: list };
      return problems(checkElementFilter(body).filter((e) => e.field.startsWith(field)));
    },
  });
  return splitList(v);
}

export async function pick<T extends string>(
  title: string,
  items: ReadonlyArray<{ label: string; value: T; description?: string }>,
  placeHolder?: string,
): Promise<T> {
  const chosen = await vscode.window.showQuickPick(
    items.map((i) => ({ label: i.label, description: i.description, value: i.value })),
    { title, placeHolder, ignoreFocusOut: true },
  );
  if (!chosen) throw new PromptCancelled();
  return chosen.value;
}

export async function pickMany(title: string, labels: string[], placeHolder: string): Promise<string[]> {
  const chosen = await vscode.window.showQuickPick(labels, { title, placeHolder, canPickMany: true, ignoreFocusOut: true });
  if (!chosen) throw new PromptCancelled();
  return chosen;
}
