/**
 * The structure index of the local service: every record's structure (its canonical SMILES) in RDKit substructure
 * library shards, and a Morgan-fingerprint similarity index. It is built after the service listens, a slice at a
 * time, so start-up does not wait for it and no request waits behind it; a structure query waits until it is ready.
 * Substructure searches run shard by shard, yielding between shards, so they never block other requests, and stop
 * at their result bound or their time bound.
 */
import { STRUCTURE_LIMITS } from '../../wire';
import type { StructureFingerprints, StructureLibrary, StructureToolkit, SubstructureQuery } from '../chemistry/types';
import type { CompoundRecord } from '../store/record';
import { fingerprintsOf } from './fingerprint-cache';
import { SimilarityIndex, type ScoredPosition } from './similarity-index';
import { stoppedAtMaxResults, stoppedByTime } from './structure-search';

/** Structures per RDKit library: one shard is the longest stretch a substructure search holds the event loop. */
export const SHARD_SIZE = 256;
/** Records fingerprinted per turn of the event loop while building. */
const BUILD_SLICE = 64;
export const DEFAULT_SUBSTRUCTURE_TIME_MS = 10_000;

export interface SubstructureOptions {
  useChirality: boolean;
  maxResults: number;
  /** Milliseconds after which the search stops with what it found. */
  timeLimitMs: number;
  /** Undefined: every record. */
  accept?: (record: CompoundRecord) => boolean;
}

export interface SubstructureOutcome {
  records: CompoundRecord[];
  /** Why the search stopped before checking every record (undefined: it checked them all). */
  stoppedEarly?: string;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class StructureIndex {
  /** Records in record-ID order; a record's position is its index here. */
  private readonly records: CompoundRecord[];
  private readonly shards: StructureLibrary[] = [];
  /** Position of each shard's first structure, and the record position of each structure in a shard. */
  private readonly shardPositions: Int32Array[] = [];
  private similarity?: SimilarityIndex;
  private disposed = false;
  private patternBytes = 0;
  readonly ready: Promise<void>;
  buildMs = 0;

  constructor(
    private readonly toolkit: StructureToolkit,
    records: readonly CompoundRecord[],
  ) {
    this.records = [...records].sort((a, b) => a.id - b.id);
    this.ready = this.build();
    this.ready.catch(() => undefined);
  }

  get size(): number {
    return this.records.length;
  }

  /** Bytes of the index outside RDKit (similarity postings) and the pattern fingerprints it gave RDKit. */
  get approximateBytes(): number {
    const smiles = this.records.reduce((n, r) => n + r.smiles.length, 0);
    return (this.similarity?.bytes ?? 0) + this.patternBytes + smiles + this.records.length * 4;
  }

  private async build(): Promise<void> {
    const started = Date.now();
    const morgan = new Array<Uint16Array | undefined>(this.records.length);
    let shard: StructureLibrary | undefined;
    let positions: number[] = [];
    await turn(); // after the service listens
    const closeShard = (): void => {
      if (shard) this.shardPositions.push(Int32Array.from(positions));
      shard = undefined;
      positions = [];
    };
    for (let p = 0; p < this.records.length; p++) {
      if (p % BUILD_SLICE === 0 && p > 0) {
        await turn();
        if (this.disposed) return;
      }
      const fp: StructureFingerprints | undefined = fingerprintsOf(this.toolkit, this.records[p].smiles);
      if (!fp) continue;
      morgan[p] = fp.morgan;
      if (!shard) {
        shard = this.toolkit.newLibrary();
        this.shards.push(shard);
      }
      shard.add(this.records[p].smiles, fp);
      this.patternBytes += fp.pattern.byteLength;
      positions.push(p);
      if (positions.length === SHARD_SIZE) closeShard();
    }
    closeShard();
    this.similarity = new SimilarityIndex(morgan, STRUCTURE_LIMITS.morganBits);
    this.buildMs = Date.now() - started;
  }

  /** Records containing the query, in record-ID order, within the bounds of `options`. */
  async substructure(query: SubstructureQuery, options: SubstructureOptions): Promise<SubstructureOutcome> {
    await this.ready;
    const started = Date.now();
    const found: CompoundRecord[] = [];
    for (let s = 0; s < this.shards.length; s++) {
      if (this.disposed) throw new Error('the structure index was closed');
      const positions = this.shardPositions[s];
      // Without a restriction the shard can stop at the matches still wanted; with one, every match is checked.
      const wanted = options.accept ? positions.length : options.maxResults - found.length;
      for (const local of this.shards[s].matches(query, options.useChirality, wanted)) {
        const record = this.records[positions[local]];
        if (!options.accept || options.accept(record)) found.push(record);
      }
      const more = s + 1 < this.shards.length;
      if (found.length >= options.maxResults) {
        const cut = found.length > options.maxResults || more || !options.accept;
        found.length = options.maxResults;
        return { records: found, stoppedEarly: cut ? stoppedAtMaxResults(options.maxResults) : undefined };
      }
      if (more && Date.now() - started >= options.timeLimitMs) {
        const checked = this.shardPositions.slice(0, s + 1).reduce((n, p) => n + p.length, 0);
        return { records: found, stoppedEarly: stoppedByTime(options.timeLimitMs, checked, this.records.length) };
      }
      if (more) await turn();
    }
    return { records: found };
  }

  /** The `max` records most similar to the structure whose Morgan bits are `bits`, with score >= threshold. */
  async similar(
    bits: Uint16Array,
    threshold: number,
    max: number,
    accept?: (record: CompoundRecord) => boolean,
  ): Promise<Array<{ record: CompoundRecord; score: number }>> {
    await this.ready;
    if (this.disposed || !this.similarity) throw new Error('the structure index was closed');
    const hits: ScoredPosition[] = this.similarity.search(
      bits,
      threshold,
      max,
      accept && ((p) => accept(this.records[p])),
      (p) => this.records[p].id,
    );
    return hits.map((h) => ({ record: this.records[h.position], score: h.score }));
  }

  dispose(): void {
    this.disposed = true;
    for (const shard of this.shards.splice(0)) shard.dispose();
  }
}
