/** Older (XML) interface: operations, fields and texts of contract 2. */

export const LEGACY_FAMILIES = ['MassSpecAPI', 'Search', 'Spectra', 'InChI'] as const;
export type LegacyFamily = (typeof LEGACY_FAMILIES)[number];

/** `required`: any known token; `subscriber`: a token with the subscriber role; `none`: served without one. */
export type TokenNeed = 'required' | 'subscriber' | 'none';

export interface LegacyRoute {
  family: LegacyFamily;
  operation: string;
  token: TokenNeed;
  /** Root element of the XML response. */
  root: string;
}

export const LEGACY_ROUTES = {
  getCompoundInfo: { family: 'Search', operation: 'GetCompoundInfo', token: 'required', root: 'CompoundInfo' },
  getExtendedCompoundInfo: { family: 'MassSpecAPI', operation: 'GetExtendedCompoundInfo', token: 'required', root: 'ExtendedCompoundInfo' },
  getExtendedCompoundInfoList: {
    family: 'MassSpecAPI',
    operation: 'GetExtendedCompoundInfoArray',
    token: 'required',
    root: 'ArrayOfExtendedCompoundInfo',
  },
  getExtendedMolCompoundInfoList: {
    family: 'MassSpecAPI',
    operation: 'GetExtendedMolCompoundInfoArray',
    token: 'required',
    root: 'ArrayOfExtendedMolCompoundInfo',
  },
  getRecordMol: { family: 'MassSpecAPI', operation: 'GetRecordMol', token: 'required', root: 'string' },
  getOriginalMol: { family: 'InChI', operation: 'CSIDToMol', token: 'required', root: 'string' },
  getCompoundThumbnail: { family: 'Search', operation: 'GetCompoundThumbnail', token: 'none', root: 'base64Binary' },
  getDatabases: { family: 'MassSpecAPI', operation: 'GetDatabases', token: 'none', root: 'ArrayOfString' },
  simpleSearch: { family: 'Search', operation: 'SimpleSearch', token: 'required', root: 'ArrayOfInt' },
  asyncSimpleSearch: { family: 'Search', operation: 'AsyncSimpleSearch', token: 'required', root: 'string' },
  asyncSimpleSearchOrdered: { family: 'Search', operation: 'AsyncSimpleSearchOrdered', token: 'required', root: 'string' },
  getAsyncSearchStatus: { family: 'Search', operation: 'GetAsyncSearchStatus', token: 'required', root: 'ERequestStatus' },
  getAsyncSearchStatusAndCount: { family: 'Search', operation: 'GetAsyncSearchStatusAndCount', token: 'required', root: 'RequestStatus' },
  getAsyncSearchResult: { family: 'Search', operation: 'GetAsyncSearchResult', token: 'required', root: 'ArrayOfInt' },
  getAsyncSearchResultPart: { family: 'Search', operation: 'GetAsyncSearchResultPart', token: 'required', root: 'ArrayOfInt' },
  getSpectrumInfo: { family: 'Spectra', operation: 'GetSpectrumInfo', token: 'subscriber', root: 'CSSpectrumInfo' },
  getCompoundSpectraInfo: { family: 'Spectra', operation: 'GetCompoundSpectraInfo', token: 'subscriber', root: 'ArrayOfCSSpectrumInfo' },
  getSpectraInfoList: { family: 'Spectra', operation: 'GetSpectraInfoArray', token: 'none', root: 'ArrayOfCSSpectrumInfo' },
  getAllSpectraInfo: { family: 'Spectra', operation: 'GetAllSpectraInfo', token: 'subscriber', root: 'ArrayOfCSSpectrumInfo' },
} as const satisfies Record<string, LegacyRoute>;

export type LegacyOperation = keyof typeof LEGACY_ROUTES;

/** `{legacyBaseUrl}/{Family}.asmx/{Operation}` */
export function legacyPath(route: LegacyRoute): string {
  return `/${route.family}.asmx/${route.operation}`;
}

/** Finds the route of a request path, family and operation matched case-insensitively. */
export function findLegacyRoute(family: string, operation: string): [LegacyOperation, LegacyRoute] | undefined {
  const f = family.toLowerCase();
  const o = operation.toLowerCase();
  for (const [name, route] of Object.entries(LEGACY_ROUTES) as Array<[LegacyOperation, LegacyRoute]>) {
    if (route.family.toLowerCase() === f && route.operation.toLowerCase() === o) return [name, route];
  }
  return undefined;
}

/** The two `.ashx` handlers (contract 2.2), served without a token. */
export const FILES_HANDLER_PATH = '/FilesHandler.ashx';
export const IMAGES_HANDLER_PATH = '/ImagesHandler.ashx';
export function spectrumFileUrl(legacyBaseUrl: string, spectrumId: number | string): string {
  return `${legacyBaseUrl}${FILES_HANDLER_PATH}?type=blob&disp=1&id=${encodeURIComponent(String(spectrumId))}`;
}
export function recordImageUrl(legacyBaseUrl: string, recordId: number | string): string {
  return `${legacyBaseUrl}${IMAGES_HANDLER_PATH}?id=${encodeURIComponent(String(recordId))}`;
}

/** The default namespace on every response root; clients ignore its value. */
export const LEGACY_XML_NAMESPACE = 'urn:compound-db:legacy';

/** Plain-text bodies of the older interface's HTTP 500 errors (contract 2.1). */
export const LEGACY_ERROR_TEXT = {
  missingToken: 'Missing parameter: token.',
  unauthorized: 'Unauthorized web service usage. Please request access to this service.',
  recordNotFound: 'Unable to get record details',
  resultsNotReady: 'Search results are not ready',
  /** Not in the contract: the text this project chose for an unknown or expired transaction ID. */
  unknownTransaction: 'Unknown or expired transaction ID',
} as const;

/** Defaults of left-out fields (contract 2.1). */
export const LEGACY_DEFAULTS = {
  eMolType: 'e2D',
  includeReferenceCounts: false,
  includeExternalReferences: false,
  calc3d: false,
  orderBy: 'eCSID',
  orderDirection: 'eAscending',
  start: 0,
  count: -1,
} as const;

export interface LegacyCompoundInfo {
  CSID: number;
  InChI: string;
  InChIKey: string;
  SMILES: string;
}
export interface LegacyExtendedCompoundInfo {
  CSID: number;
  MF: string;
  SMILES: string;
  InChI: string;
  InChIKey: string;
  AverageMass: number;
  MolecularWeight: number;
  MonoisotopicMass: number;
  NominalMass: number;
  ALogP: number;
  XLogP: number;
  CommonName: string;
}
export interface LegacyExternalReference {
  ds_name: string;
  ds_url: string;
  ext_id: string;
  ext_url: string;
}
export interface LegacyExtendedMolCompoundInfo extends LegacyExtendedCompoundInfo {
  MOL2d?: string;
  MOL3d?: string;
  ReferenceCount?: number;
  DataSourceCount?: number;
  ArticleCount?: number;
  OrgCount?: number;
  ExternalReferences?: LegacyExternalReference[];
}
export interface LegacyRequestStatus {
  Status: string;
  Count: number;
  Message?: string;
  /** `H:MM:SS.fff` */
  Elapsed: string;
}
export interface LegacySpectrumInfo {
  spc_id: number;
  spc_type: string;
  csid: number;
  file_name: string;
  comments?: string;
  original_url?: string;
  /** e.g. `2007-08-08T20:18:36.593` */
  submitted_date?: string;
}
/** Element order of each info object's children on the wire. */
export const LEGACY_SPECTRUM_INFO_KEYS = ['spc_id', 'spc_type', 'csid', 'file_name', 'comments', 'original_url', 'submitted_date'] as const;
export const LEGACY_EXTENDED_INFO_KEYS = [
  'CSID',
  'MF',
  'SMILES',
  'InChI',
  'InChIKey',
  'AverageMass',
  'MolecularWeight',
  'MonoisotopicMass',
  'NominalMass',
  'ALogP',
  'XLogP',
  'CommonName',
] as const;

/** `H:MM:SS.fff` of a duration in milliseconds. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const f = total % 1000;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(f).padStart(3, '0')}`;
}
