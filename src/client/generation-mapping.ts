/**
 * Section 9 of the spec: older operations answered by their current replacements when only an API key is
 * configured, and the reverse (older records read as current details) when only a token is. Each mapping:
 *
 * | older operation                    | replacement called                                   | older shape built                                   |
 * |------------------------------------|------------------------------------------------------|-----------------------------------------------------|
 * | getDatabases                       | getDatasources                                       | the same list of names                              |
 * | getCompoundInfo                    | getDetails [SMILES]; convert SMILES→InChI→InChIKey   | CSID = id, SMILES, InChI, InChIKey                  |
 * | getExtendedCompoundInfo            | getDetails (all fields); the two converts            | CSID, MF = formula made plain (plainFormula), four masses, CommonName; ALogP and XLogP are NaN (the current interface has none) |
 * | getExtendedCompoundInfoList        | getDetailsBatch; the two converts per record         | as above, caller's order, unknown IDs left out      |
 * | getExtendedMolCompoundInfoList     | getDetailsBatch (all fields), getExternalReferences per record when asked; the two converts | as above + MOL2d / MOL3d (2d, 3d, both), the four counts when includeReferenceCounts, ExternalReferences (source→ds_name, sourceUrl→ds_url, externalId→ext_id, externalUrl→ext_url) |
 * | getRecordMol(id, calc3d)           | getMol (calc3d false); getDetails [Mol3D] (calc3d true) | the MOL text                                     |
 * | getCompoundThumbnail               | getImage                                             | PNG bytes                                           |
 * | asyncSimpleSearch(Ordered)         | filterName with order / direction                    | the query ID is the transaction ID                  |
 * | getAsyncSearchStatus               | filterStatus                                         | status name; Complete → ResultReady, Not Found → Unknown |
 * | getAsyncSearchStatusAndCount       | filterStatus                                         | Status (as above), Count, Message when not empty, Elapsed since this client started the query (0:00:00.000 when it did not) |
 * | getAsyncSearchResult               | filterResults, paged to the end                      | all record IDs                                      |
 * | getAsyncSearchResultPart(s, c)     | filterResults from start s                           | c IDs, or all the rest when c is -1                 |
 *
 * Formulas keep one format per field whatever the route: the older `MF` is plain (`C9H8O4`, as the contract shows),
 * the current `formula` (and so a Compound's details and formula()) TeX-like (`C_{9}H_{8}O_{4}`, contract 1.3);
 * `plainFormula` and `texFormula` (src/wire) turn one into the other.
 *
 * Not replaced (a token is needed, TokenRequiredError without one): simple search, original MOL, all spectra.
 */
import {
  formatElapsed,
  type ExternalReference,
  type LegacyExtendedCompoundInfo,
  type LegacyExtendedMolCompoundInfo,
  type LegacyExternalReference,
  type LegacyRequestStatus,
  type QueryStatus,
  type QueryStatusResponse,
  type RecordDetails,
} from '../wire';
import { plainFormula, texFormula } from '../chemistry/formula/text';

export interface Identifiers {
  inchi: string;
  inchiKey: string;
}

export function legacyStatusOf(status: string): QueryStatus | string {
  if (status === 'Complete') return 'ResultReady';
  if (status === 'Not Found') return 'Unknown';
  return status;
}

export function requestStatusOf(status: QueryStatusResponse, elapsedMs: number | undefined): LegacyRequestStatus {
  const out: LegacyRequestStatus = { Status: legacyStatusOf(status.status), Count: status.count, Elapsed: formatElapsed(elapsedMs ?? 0) };
  if (status.message) out.Message = status.message;
  return out;
}

export function extendedInfoOf(details: RecordDetails, ids: Identifiers): LegacyExtendedCompoundInfo {
  return {
    CSID: details.id,
    MF: plainFormula(details.formula ?? ''),
    SMILES: details.smiles ?? '',
    InChI: ids.inchi,
    InChIKey: ids.inchiKey,
    AverageMass: details.averageMass ?? Number.NaN,
    MolecularWeight: details.molecularWeight ?? Number.NaN,
    MonoisotopicMass: details.monoisotopicMass ?? Number.NaN,
    NominalMass: details.nominalMass ?? Number.NaN,
    ALogP: Number.NaN,
    XLogP: Number.NaN,
    CommonName: details.commonName ?? '',
  };
}

export interface MolInfoOptions {
  molType: '2d' | '3d' | 'both';
  includeReferenceCounts: boolean;
  includeExternalReferences: boolean;
}

export function molInfoOf(
  details: RecordDetails,
  ids: Identifiers,
  options: MolInfoOptions,
  references: ExternalReference[] | undefined,
): LegacyExtendedMolCompoundInfo {
  const info: LegacyExtendedMolCompoundInfo = extendedInfoOf(details, ids);
  if (options.molType !== '3d') info.MOL2d = details.mol2D ?? '';
  if (options.molType !== '2d') info.MOL3d = details.mol3D ?? '';
  if (options.includeReferenceCounts) {
    info.ReferenceCount = details.referenceCount;
    info.DataSourceCount = details.dataSourceCount;
    info.ArticleCount = details.articleCount;
    info.OrgCount = details.orgCount;
  }
  if (options.includeExternalReferences) info.ExternalReferences = (references ?? []).map(legacyReferenceOf);
  return info;
}

function legacyReferenceOf(ref: ExternalReference): LegacyExternalReference {
  return { ds_name: ref.source, ds_url: ref.sourceUrl, ext_id: ref.externalId, ext_url: ref.externalUrl };
}

/** The reverse, for a compound read with only a token: an older mol-info record as current details. */
export function detailsOfMolInfo(info: LegacyExtendedMolCompoundInfo): RecordDetails {
  const details: RecordDetails = {
    id: info.CSID,
    smiles: info.SMILES,
    formula: info.MF ? texFormula(info.MF) : undefined,
    averageMass: info.AverageMass,
    molecularWeight: info.MolecularWeight,
    monoisotopicMass: info.MonoisotopicMass,
    nominalMass: info.NominalMass,
    commonName: info.CommonName,
    referenceCount: info.ReferenceCount,
    dataSourceCount: info.DataSourceCount,
    articleCount: info.ArticleCount,
    orgCount: info.OrgCount,
    mol2D: info.MOL2d,
    mol3D: info.MOL3d,
  };
  return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined && !Number.isNaN(v))) as unknown as RecordDetails;
}
