/** Gathers everything the details panel shows for one record (no `vscode` here). */
import type { CompoundDbClient } from '../../client';
import { DETAILS_FIELDS, RECORD_KEY_OF_FIELD, type DetailsField } from '../../wire';
import type { DetailsView, IdentifierView, SpectraView, SpectrumPlotView } from '../../webview/protocol';
import { errorMessage } from '../common/errors';
import { plainFormula } from '../common/formula';
import { parseJcamp } from './jcamp';

const FIELD_LABELS: Readonly<Record<DetailsField, string>> = {
  SMILES: 'SMILES',
  Formula: 'Formula',
  AverageMass: 'Average mass',
  MolecularWeight: 'Molecular weight',
  MonoisotopicMass: 'Monoisotopic mass',
  NominalMass: 'Nominal mass',
  CommonName: 'Common name',
  ReferenceCount: 'References',
  DataSourceCount: 'Datasources',
  ArticleCount: 'Articles',
  OrgCount: 'Organisation references',
  Mol2D: '2D MOL',
  Mol3D: '3D MOL',
};

function lines(text: string): string {
  const n = text.split('\n').length;
  return `${n} line${n === 1 ? '' : 's'} (below)`;
}

export async function loadDetails(client: CompoundDbClient, recordId: number, source: string, signal?: AbortSignal): Promise<DetailsView> {
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

  const [image, references, inchi, inchiKey, spectra] = await Promise.all([
    attempt('Structure image', () => compound.image(call)),
    attempt('External references', () => client.getExternalReferences(recordId, undefined, call)),
    attempt('InChI', () => compound.inchi(call)),
    attempt('InChIKey', () => compound.inchiKey(call)),
    loadSpectraList(client, recordId, signal),
  ]);

  const fields = DETAILS_FIELDS.map((field) => {
    const value = details[RECORD_KEY_OF_FIELD[field]];
    const text = value === undefined || value === null ? '—' : field === 'Mol2D' || field === 'Mol3D' ? lines(String(value)) : String(value);
    return { field, label: FIELD_LABELS[field], value: field === 'Formula' && typeof value === 'string' ? plainFormula(value) : text };
  });
  const identifiers: IdentifierView[] = [{ label: 'Record ID', value: String(recordId) }];
  if (details.smiles) identifiers.push({ label: 'SMILES', value: details.smiles });
  if (inchi) identifiers.push({ label: 'InChI', value: inchi });
  if (inchiKey) identifiers.push({ label: 'InChIKey', value: inchiKey });
  if (details.formula) identifiers.push({ label: 'Formula', value: plainFormula(details.formula) });

  return {
    recordId,
    title: details.commonName || `Record ${recordId}`,
    source,
    imageDataUri: image ? `data:image/png;base64,${Buffer.from(image).toString('base64')}` : undefined,
    fields,
    identifiers,
    externalReferences: references ?? [],
    mol2D: details.mol2D,
    mol3D: details.mol3D,
    spectra,
    problems,
  };
}

async function loadSpectraList(client: CompoundDbClient, recordId: number, signal?: AbortSignal): Promise<SpectraView> {
  if (!client.hasToken) return { available: false, note: 'Spectra come from the older interface: set a security token to see them.', items: [] };
  try {
    const infos = await client.getCompoundSpectraInfo(recordId, { signal });
    return {
      available: true,
      note: infos.length ? undefined : 'No spectra for this record.',
      items: infos.map((i) => ({ id: i.spc_id, type: i.spc_type, fileName: i.file_name, comments: i.comments, submittedDate: i.submitted_date })),
    };
  } catch (error) {
    return { available: false, note: `Spectra could not be loaded: ${errorMessage(error)}`, items: [] };
  }
}

export async function loadSpectrumPlot(client: CompoundDbClient, spectrumId: number, signal?: AbortSignal): Promise<SpectrumPlotView> {
  const spectrum = client.spectrum(spectrumId);
  const data = await spectrum.data({ signal });
  const parsed = parseJcamp(data);
  return {
    id: spectrumId,
    title: parsed.title,
    xLabel: parsed.xUnits || 'x',
    yLabel: parsed.yUnits || 'y',
    points: parsed.points,
  };
}
