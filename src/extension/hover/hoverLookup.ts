/**
 * What a hover shows for an InChIKey or SMILES, looked up through the client, with a cache and one lookup
 * in flight per key. No `vscode` here: the provider and the benchmark both use it.
 */
import type { RecordDetails } from '../../wire';
import { boundedCache } from '../../shared/cache';
import { InFlight } from '../../shared/in-flight';
import type { HoverKind } from './hoverTargets';

export interface HoverInfo {
  kind: HoverKind;
  query: string;
  /** Records the query matched, first one shown. */
  recordIds: number[];
  details?: RecordDetails;
  /** base64 PNG of the first record's structure. */
  imageBase64?: string;
}

/** The three calls a hover needs, so tests and benchmarks can drive the core without VS Code. */
export interface HoverBackend {
  find(kind: HoverKind, text: string): Promise<number[]>;
  details(recordId: number): Promise<RecordDetails>;
  image(recordId: number): Promise<Uint8Array>;
}

export const HOVER_FIELDS = ['CommonName', 'Formula', 'AverageMass', 'MolecularWeight', 'MonoisotopicMass', 'NominalMass', 'SMILES'] as const;

export class HoverLookup {
  private readonly cache;
  private readonly inFlight = new InFlight<string, HoverInfo>();
  /** Lookups that went to the backend (not served from cache or merged), for tests. */
  backendLookups = 0;
  /** Bumped by `clear`: a lookup started before it neither fills the new cache nor is joined. */
  private generation = 0;

  constructor(
    private readonly backend: () => Promise<HoverBackend>,
    limits = { maxEntries: 500, maxBytes: 16 * 1024 * 1024 },
  ) {
    this.cache = boundedCache<string, HoverInfo>(limits);
  }

  /** Resolves from cache, joins a lookup of the same key already running, or starts one. */
  lookup(kind: HoverKind, text: string): Promise<HoverInfo> {
    const key = `${kind}:${text}`;
    const hit = this.cache.get(key);
    if (hit) return Promise.resolve(hit);
    const generation = this.generation;
    return this.inFlight.run(key, async () => {
      const info = await this.resolve(kind, text);
      if (generation === this.generation) this.cache.set(key, info);
      return info;
    });
  }

  /** Forgets every answer: the server or its credentials changed. */
  clear(): void {
    this.generation++;
    this.cache.clear();
    this.inFlight.clear();
  }

  private async resolve(kind: HoverKind, text: string): Promise<HoverInfo> {
    this.backendLookups++;
    const backend = await this.backend();
    const recordIds = await backend.find(kind, text);
    if (recordIds.length === 0) return { kind, query: text, recordIds };
    const [details, image] = await Promise.all([backend.details(recordIds[0]), backend.image(recordIds[0]).catch(() => undefined)]);
    return { kind, query: text, recordIds, details, imageBase64: image ? Buffer.from(image).toString('base64') : undefined };
  }
}
