/**
 * What a hover shows for an InChIKey or SMILES, looked up through the client, with a cache and one lookup
 * in flight per key. No `vscode` here: the provider and the benchmark both use it.
 */
import type { IdentityLevel, RecordDetails } from '../../wire';
import { CachedLoads } from '../../shared/in-flight';
import type { HoverKind } from './hoverTargets';

export interface HoverInfo {
  kind: HoverKind;
  query: string;
  /** Records the query matched, first one shown. */
  recordIds: number[];
  details?: RecordDetails;
  /** base64 PNG of the first record's structure. */
  imageBase64?: string;
  /** How many measured spectra the first record has; undefined when the server cannot say (no older interface). */
  spectra?: number;
  /** No record matched exactly: the level the shown records match at (shared/beyond-the-spec.md 4). */
  matchLevel?: Exclude<IdentityLevel, 'exact'>;
}

/** The three calls a hover needs, so tests and benchmarks can drive the core without VS Code. */
export interface HoverBackend {
  find(kind: HoverKind, text: string): Promise<number[]>;
  /** When nothing matches exactly: the records of the closest looser identity level, and that level. */
  findLoosely?(kind: HoverKind, text: string): Promise<{ ids: number[]; level?: Exclude<IdentityLevel, 'exact'> }>;
  details(recordId: number): Promise<RecordDetails>;
  image(recordId: number): Promise<Uint8Array>;
  /** The record's measured spectra, counted; undefined when they cannot be listed. */
  spectraCount?(recordId: number): Promise<number | undefined>;
}

export const HOVER_FIELDS = ['CommonName', 'Formula', 'AverageMass', 'MolecularWeight', 'MonoisotopicMass', 'NominalMass', 'SMILES'] as const;

export class HoverLookup {
  private readonly answers;

  /** `backend` is asked once per lookup that is not served from cache or joined (the test hooks count that). */
  constructor(
    private readonly backend: () => Promise<HoverBackend>,
    limits = { maxEntries: 500, maxBytes: 16 * 1024 * 1024 },
  ) {
    this.answers = new CachedLoads<string, HoverInfo>(limits);
  }

  /** Resolves from cache, joins a lookup of the same key already running, or starts one. */
  lookup(kind: HoverKind, text: string): Promise<HoverInfo> {
    return this.answers.get(`${kind}:${text}`, () => this.resolve(kind, text));
  }

  /** The answer already held for this key, without a lookup (inlay hints show only what is known, then ask). */
  cached(kind: HoverKind, text: string): HoverInfo | undefined {
    return this.answers.peek(`${kind}:${text}`);
  }

  /** Forgets every answer: the server or its credentials changed; a lookup running now is neither kept nor joined. */
  clear(): void {
    this.answers.clear();
  }

  private async resolve(kind: HoverKind, text: string): Promise<HoverInfo> {
    const backend = await this.backend();
    let recordIds = await backend.find(kind, text);
    let matchLevel: HoverInfo['matchLevel'];
    if (recordIds.length === 0 && backend.findLoosely) ({ ids: recordIds, level: matchLevel } = await backend.findLoosely(kind, text));
    if (recordIds.length === 0) return { kind, query: text, recordIds };
    const [details, image, spectra] = await Promise.all([
      backend.details(recordIds[0]),
      backend.image(recordIds[0]).catch(() => undefined),
      backend.spectraCount?.(recordIds[0]).catch(() => undefined),
    ]);
    const info: HoverInfo = { kind, query: text, recordIds, details, imageBase64: image ? Buffer.from(image).toString('base64') : undefined };
    if (spectra !== undefined) info.spectra = spectra;
    if (matchLevel) info.matchLevel = matchLevel;
    return info;
  }
}
