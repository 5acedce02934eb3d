/**
 * Identifying spectra through the client: their best records with name and InChIKey (looked up once per record and
 * kept), one spectrum search at a time (the `spectrum_identify` tool) or many in batches of filter/spectrum/batch (the
 * command line's `identify`, the spectra list's Identify All).
 */
import {
  SPECTRUM_LIMITS,
  checkSpectrumFilter,
  type IonMode,
  type SpectrumBatchEntry,
  type SpectrumBatchResult,
  type SpectrumSearchType,
} from '../wire';
import type { CompoundDbClient } from './client';
import type { ParsedSpectrum } from './peaks';
import { resolvedRecords } from './resolve/records';
import { chunks } from './inputs';

export interface IdentifyOptions {
  searchType?: SpectrumSearchType;
  /** Restricts the library; default: the spectrum's own ion mode when it carries one. */
  ionMode?: IonMode;
  fragmentToleranceDa?: number;
  precursorToleranceDa?: number;
  /** Hits per spectrum (default 5). */
  top?: number;
  signal?: AbortSignal;
  /** Status checks of each batch (default 40, spec 8). */
  maxStatusChecks?: number;
  /**
   * Look up each record's InChIKey (default true). The current interface gives it by two conversions a record (SMILES
   * to InChI to InChIKey); a caller that shows names only (the spectra list) saves them.
   */
  inchikeys?: boolean;
}

export interface IdentifyHit {
  rank: number;
  recordId: number;
  name: string;
  inchikey: string;
  score: number;
  matchedPeaks: number;
  spectrumId: number;
}

/**
 * The search a spectrum asks for under these options (the ion mode of the options, else the spectrum's own); throws
 * when it has no precursor and the search needs one.
 */
export function spectrumRequest(spectrum: Pick<ParsedSpectrum, 'peaks' | 'precursorMz' | 'ionMode'>, options: IdentifyOptions) {
  const searchType = options.searchType ?? 'identity';
  if (searchType !== 'open' && spectrum.precursorMz === undefined) {
    throw new Error(`no precursor m/z: a${searchType === 'identity' ? 'n' : ''} ${searchType} search needs one (or search open)`);
  }
  return {
    peaks: spectrum.peaks,
    precursorMz: spectrum.precursorMz,
    searchType,
    ionMode: options.ionMode ?? spectrum.ionMode,
    fragmentToleranceDa: options.fragmentToleranceDa,
    precursorToleranceDa: options.precursorToleranceDa,
  };
}

type Searchable = Pick<ParsedSpectrum, 'peaks' | 'precursorMz' | 'ionMode'>;

/**
 * Spectra per batch request, and the body size a batch is cut at: the service takes at most 1,000 spectra, 100,000
 * peaks and a 1 MiB body; batches of a few hundred keep every request short and the service's queue fair.
 */
const BATCH_SPECTRA = 250;
const BATCH_BODY_BYTES = 768 * 1024;
/** Bytes of one peak in the body, at most (`[1234.56789012,123456.789],`), and of a spectrum's other fields. */
const PEAK_BYTES = 40;
const ENTRY_BYTES = 120;

/** Consecutive runs of `items` that each fit one batch request (every item alone fits: SPECTRUM_LIMITS.peaks peaks). */
export function spectrumBatches<T extends { peaks: readonly unknown[] }>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  let peaks = 0;
  for (const item of items) {
    const size = ENTRY_BYTES + item.peaks.length * PEAK_BYTES;
    if (
      current.length &&
      (current.length >= BATCH_SPECTRA || bytes + size > BATCH_BODY_BYTES || peaks + item.peaks.length > SPECTRUM_LIMITS.batchPeaks)
    ) {
      out.push(current);
      current = [];
      bytes = peaks = 0;
    }
    current.push(item);
    bytes += size;
    peaks += item.peaks.length;
  }
  if (current.length) out.push(current);
  return out;
}

/** Records whose InChIKeys are looked up at once (each is two conversions; two batches may name at the same time). */
const RESOLVED_AT_ONCE = 12;

/** Names and InChIKeys kept per record (a run of 10,000 spectra meets a few thousand records). */
const KEPT_RECORDS = 50_000;

export class SpectrumIdentifier {
  private readonly records = new Map<number, { name: string; inchikey: string }>();

  constructor(
    private readonly client: CompoundDbClient,
    private readonly options: IdentifyOptions = {},
  ) {}

  /** The best records for one spectrum, best first (empty when none matched). Rejects with the search's error. */
  async identify(spectrum: Searchable): Promise<IdentifyHit[]> {
    const { signal } = this.options;
    const top = this.options.top ?? 5;
    const query = this.client.query({ kind: 'spectrum', ...spectrumRequest(spectrum, this.options), maxResults: top });
    await query.run({ signal, maxStatusChecks: this.options.maxStatusChecks });
    const page = await query.page(0, top, { signal });
    return this.named([{ ids: page.ids, scores: page.scores, spectrumIds: page.spectrumIds, matchedPeaks: page.matchedPeaks }]).then(
      ([hits]) => hits,
    );
  }

  /**
   * The best records of each spectrum, in order: batches of filter/spectrum/batch (a few hundred spectra a request),
   * `inFlight` of them at a time. A spectrum that cannot be searched (no precursor for the search asked, a peak the
   * service refuses) gets its Error and the others still answer; a batch that fails gives its error to each of its
   * spectra. Rejects only when cancelled.
   */
  async identifyMany(spectra: readonly Searchable[], inFlight = 2): Promise<Array<IdentifyHit[] | Error>> {
    const { signal } = this.options;
    const top = this.options.top ?? 5;
    const out = new Array<IdentifyHit[] | Error>(spectra.length);
    const entries: Array<{ at: number; peaks: SpectrumBatchEntry['peaks']; entry: SpectrumBatchEntry }> = [];
    spectra.forEach((spectrum, at) => {
      try {
        const request = spectrumRequest(spectrum, this.options);
        const problems = checkSpectrumFilter({ ...request, peaks: request.peaks as SpectrumBatchEntry['peaks'] });
        if (problems.length) throw new Error(problems.map((p) => p.message).join('; '));
        const entry: SpectrumBatchEntry = { peaks: request.peaks as SpectrumBatchEntry['peaks'], searchType: request.searchType };
        if (request.precursorMz !== undefined) entry.precursorMz = request.precursorMz;
        if (request.ionMode !== undefined) entry.ionMode = request.ionMode;
        entries.push({ at, peaks: entry.peaks, entry });
      } catch (error) {
        out[at] = error as Error;
      }
    });
    const batches = spectrumBatches(entries);
    const settings = {
      fragmentToleranceDa: this.options.fragmentToleranceDa,
      precursorToleranceDa: this.options.precursorToleranceDa,
      maxResults: top,
    };
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < batches.length) {
        const batch = batches[next++];
        let results: SpectrumBatchResult[];
        try {
          results = await this.client.searchSpectra(
            batch.map((b) => b.entry),
            settings,
            { signal, maxStatusChecks: this.options.maxStatusChecks },
          );
        } catch (error) {
          if (signal?.aborted) throw error;
          for (const b of batch) out[b.at] = error as Error;
          continue;
        }
        const named = await this.named(
          batch.map((_, i) => {
            const r = results[i];
            return { ids: r?.results ?? [], scores: r?.scores, spectrumIds: r?.spectrumIds, matchedPeaks: r?.matchedPeaks };
          }),
        );
        batch.forEach((b, i) => (out[b.at] = named[i]));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, inFlight) }, worker));
    return out;
  }

  /** Hits with each record's name and InChIKey (asked for once per record, in batches). */
  private async named(
    answers: Array<{ ids: number[]; scores?: number[]; spectrumIds?: number[]; matchedPeaks?: number[] }>,
  ): Promise<IdentifyHit[][]> {
    const missing = [...new Set(answers.flatMap((a) => a.ids))].filter((id) => !this.records.has(id));
    if (missing.length) {
      if (this.records.size + missing.length > KEPT_RECORDS) this.records.clear();
      const { signal } = this.options;
      if (this.options.inchikeys === false) {
        for (const d of await this.client.getDetailsBatch(missing, ['CommonName'], { signal }))
          this.records.set(d.id, { name: d.commonName ?? '', inchikey: '' });
      } else {
        // A few records at a time: each is two conversions, and the service's toolkit queue takes 32 a key.
        for (const part of chunks(missing, RESOLVED_AT_ONCE))
          for (const r of await resolvedRecords(this.client, part, signal)) this.records.set(r.recordId, { name: r.name, inchikey: r.inchikey });
      }
    }
    return answers.map((a) =>
      a.ids.map((recordId, i) => ({
        rank: i + 1,
        recordId,
        name: this.records.get(recordId)?.name ?? '',
        inchikey: this.records.get(recordId)?.inchikey ?? '',
        score: a.scores?.[i] ?? 0,
        matchedPeaks: a.matchedPeaks?.[i] ?? 0,
        spectrumId: a.spectrumIds?.[i] ?? 0,
      })),
    );
  }
}
