/** Gathers everything the details panel shows for one record (`vscode` only for its l10n). */
import * as vscode from 'vscode';
import type { CompoundDbClient } from '../../client';
import { DETAILS_FIELDS, RECORD_KEY_OF_FIELD, type DetailsField } from '../../wire';
import type { DetailsView, IdentifierView, RelatedRecordView, SpectraView, SpectrumPlotView } from '../../webview/protocol';
import { errorMessage } from '../common/errors';
import type { Highlight } from '../searches/searchStateData';
import { parseJcamp } from './jcamp';
import { spectrumFacts } from './spectrumFacts';
import { loadMirrorPlot, type SpectrumMatch } from '../spectra/mirrorPlot';
import { plainFormula, prettyFormula } from '../../chemistry/formula/text';

const fieldLabels = (): Readonly<Record<DetailsField, string>> => ({
  SMILES: 'SMILES',
  Formula: vscode.l10n.t('Formula'),
  AverageMass: vscode.l10n.t('Average mass (Da, natural isotopes)'),
  MolecularWeight: vscode.l10n.t('Molecular weight (g/mol)'),
  MonoisotopicMass: vscode.l10n.t('Monoisotopic mass'),
  NominalMass: vscode.l10n.t('Nominal mass'),
  CommonName: vscode.l10n.t('Common name'),
  ReferenceCount: vscode.l10n.t('References'),
  DataSourceCount: vscode.l10n.t('Datasources'),
  ArticleCount: vscode.l10n.t('Articles'),
  OrgCount: vscode.l10n.t('Organisation references'),
  Mol2D: vscode.l10n.t('2D MOL'),
  Mol3D: vscode.l10n.t('3D MOL'),
});

function lines(text: string): string {
  const n = text.split('\n').length;
  return n === 1 ? vscode.l10n.t('1 line (below)') : vscode.l10n.t('{0} lines (below)', n);
}

export async function loadDetails(
  client: CompoundDbClient,
  recordId: number,
  source: string,
  signal?: AbortSignal,
  highlight?: Highlight,
  match?: SpectrumMatch,
): Promise<DetailsView> {
  const call = { signal };
  const compound = client.compound(recordId);
  const details = await compound.details(call);
  const problems: string[] = [];
  const attempt = async <T>(what: string, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (error) {
      problems.push(`${what}: ${errorMessage(error)}`);
      return undefined;
    }
  };

  const [image, references, inchi, inchiKey, spectra, mirror] = await Promise.all([
    attempt(vscode.l10n.t('Structure image'), () =>
      highlight ? client.getImageHighlighted(recordId, highlight.query, highlight.format, call) : compound.image(call),
    ),
    attempt(vscode.l10n.t('External references'), () => client.getExternalReferences(recordId, undefined, call)),
    attempt('InChI', () => compound.inchi(call)),
    attempt('InChIKey', () => compound.inchiKey(call)),
    loadSpectraList(client, recordId, signal),
    match && attempt(vscode.l10n.t('Spectrum match'), () => loadMirrorPlot(client, match, signal)),
  ]);

  const related = inchiKey ? await attempt(vscode.l10n.t('Related records'), () => loadRelated(client, recordId, inchiKey, signal)) : undefined;
  const labels = fieldLabels();
  const fields = DETAILS_FIELDS.map((field) => {
    const value = details[RECORD_KEY_OF_FIELD[field]];
    const text = value === undefined || value === null ? '—' : field === 'Mol2D' || field === 'Mol3D' ? lines(String(value)) : String(value);
    return { field, label: labels[field], value: field === 'Formula' && typeof value === 'string' ? prettyFormula(value) : text };
  });
  const identifiers: IdentifierView[] = [{ label: 'Record ID', value: String(recordId) }];
  if (details.smiles) identifiers.push({ label: 'SMILES', value: details.smiles });
  if (inchi) identifiers.push({ label: 'InChI', value: inchi });
  if (inchiKey) identifiers.push({ label: 'InChIKey', value: inchiKey });
  if (details.formula) identifiers.push({ label: 'Formula', value: plainFormula(details.formula) });

  return {
    recordId,
    title: details.commonName || vscode.l10n.t('Record {0}', recordId),
    source,
    imageDataUri: image ? `data:image/png;base64,${Buffer.from(image).toString('base64')}` : undefined,
    ...(highlight && image ? { highlight: highlight.query } : {}),
    fields,
    identifiers,
    externalReferences: references ?? [],
    mol2D: details.mol2D,
    mol3D: details.mol3D,
    spectra,
    ...(mirror && match ? { match: mirror, spectrumMatch: match } : {}),
    ...(related?.length ? { related } : {}),
    problems,
  };
}

/** Records related to this one at each looser identity level, at most this many. */
const MAX_RELATED = 20;

/** Other records of the same skeleton or parent: an identity search on the record's own key (Compound DB's own service). */
async function loadRelated(client: CompoundDbClient, recordId: number, inchiKey: string, signal?: AbortSignal): Promise<RelatedRecordView[]> {
  const query = client.query({ kind: 'inchikey', inchikey: inchiKey, identity: 'tautomer' });
  const ran = await query.run({ signal }).catch(() => undefined);
  if (!ran?.queryId) return []; // a server without identity levels refuses the query: the panel shows no such block
  const { results, matchLevels } = await client.filterLevelledResults(ran.queryId, { signal });
  if (matchLevels.length !== results.length) return [];
  const others = results
    .map((id, i) => ({ id, level: matchLevels[i] ?? 'exact' }))
    .filter((r) => r.id !== recordId)
    .slice(0, MAX_RELATED);
  if (!others.length) return [];
  const names = new Map(
    (
      await client.getDetailsBatch(
        others.map((r) => r.id),
        ['CommonName'],
        { signal },
      )
    ).map((d) => [d.id, d.commonName ?? '']),
  );
  const notes = {
    exact: vscode.l10n.t('the same structure'),
    connectivity: vscode.l10n.t('same skeleton, stereo or isotopes differ'),
    parent: vscode.l10n.t('same parent, salt or charge differs'),
    tautomer: vscode.l10n.t('same parent, another tautomer'),
  };
  return others.map((r) => ({ recordId: r.id, name: names.get(r.id) ?? '', level: r.level, note: notes[r.level] }));
}

async function loadSpectraList(client: CompoundDbClient, recordId: number, signal?: AbortSignal): Promise<SpectraView> {
  if (!client.hasToken)
    return { available: false, note: vscode.l10n.t('Spectra come from the older interface: set a security token to see them.'), items: [] };
  try {
    const infos = await client.getCompoundSpectraInfo(recordId, { signal });
    return {
      available: true,
      note: infos.length ? undefined : vscode.l10n.t('No spectra for this record.'),
      items: infos.map((i) => ({
        id: i.spc_id,
        fileName: i.file_name,
        comments: i.comments,
        submittedDate: i.submitted_date,
        ...spectrumFacts(i),
      })),
    };
  } catch (error) {
    return { available: false, note: vscode.l10n.t('Spectra could not be loaded: {0}', errorMessage(error)), items: [] };
  }
}

export async function loadSpectrumPlot(client: CompoundDbClient, spectrumId: number, signal?: AbortSignal): Promise<SpectrumPlotView> {
  const spectrum = client.spectrum(spectrumId);
  const data = await spectrum.data({ signal });
  const parsed = parseJcamp(data);
  const label = (name: string) => parsed.labels.get(name) || undefined;
  const precursor = Number(label('$PRECURSORMZ'));
  const isMass = /MASS SPECTRUM/i.test(label('DATATYPE') ?? '') || /^M\/?Z$/i.test(parsed.xUnits);
  const details = [
    label('IONIZATIONMODE') && vscode.l10n.t('Type {0}', label('IONIZATIONMODE') as string),
    label('$MSLEVEL'),
    label('$PRECURSORMZ') &&
      vscode.l10n.t('precursor m/z {0}{1}', label('$PRECURSORMZ') as string, label('$PRECURSORTYPE') ? ` ${label('$PRECURSORTYPE')}` : ''),
    label('$COLLISIONENERGY') && vscode.l10n.t('collision energy {0}', label('$COLLISIONENERGY') as string),
    label('SPECTROMETERDATASYSTEM') ?? label('SPECTROMETERTYPE'),
    label('$MASSBANKACCESSION') && vscode.l10n.t('source {0}', label('$MASSBANKACCESSION') as string),
    label('$LICENSE') && vscode.l10n.t('licence {0}', label('$LICENSE') as string),
    label('OWNER'),
  ].filter((d): d is string => Boolean(d));
  return {
    id: spectrumId,
    title: parsed.title,
    xLabel: parsed.xUnits || 'x',
    yLabel: parsed.yUnits || 'y',
    points: parsed.points,
    sticks: isMass && /PEAK ?TABLE/i.test(label('DATACLASS') ?? 'PEAK TABLE') && parsed.points.length > 0,
    precursorMz: Number.isFinite(precursor) && precursor > 0 ? precursor : undefined,
    details,
  };
}
