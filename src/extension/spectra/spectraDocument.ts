/**
 * A spectra file (.mgf, .msp, .mzML) open in the spectra list: streamed once through the client's reader (rows as they
 * are read, never the whole file in memory: each spectrum's peaks kept as one Float64Array), and "Identify All": each
 * spectrum's best hit, a few searches in flight at a time, cancellable. No `vscode` here beyond its types.
 */
import * as fs from 'fs';
import type { CompoundDbClient, ParsedSpectrum } from '../../client';
import { csvLine } from '../../client';
import type { Peak } from '../../wire';
import type { HitView, IdentifyProgress, ReadProgress, SpectrumRowView } from '../../webview/spectra/protocol';
import { streamFile } from './spectrumText';

/** Searches in flight during Identify All against the built-in database (measured: 32 beat 8 by a third, under load). */
export const LOCAL_IN_FLIGHT = 32;
/** Names are asked for in batches of this many records. */
const NAME_BATCH = 100;

export interface IdentifyOptions {
  signal: AbortSignal;
  /** Searches in flight: LOCAL_IN_FLIGHT for the built-in database, the resolve setting's concurrency for a server. */
  inFlight: number;
  statusCheckLimit: number;
  /** What a score means in this library (scoreMeaning.ts). */
  meaning: (score: number) => string | undefined;
  onProgress: (progress: IdentifyProgress, hits: HitView[]) => void;
}

export class SpectraDocument {
  readonly rows: SpectrumRowView[] = [];
  private readonly peaks = new Map<number, Float64Array>();
  readonly hits = new Map<number, HitView>();
  read: ReadProgress;
  identify?: IdentifyProgress;
  readonly done: Promise<void>;
  private readonly stop = new AbortController();
  private readonly started = Date.now();

  constructor(
    readonly file: string,
    /** Called when rows were added (at the first one, then a few times a second, and at the end). */
    private readonly onRows: (read: ReadProgress) => void,
  ) {
    let totalBytes = 0;
    try {
      totalBytes = fs.statSync(file).size;
    } catch {
      /* reported by the read below */
    }
    this.read = { reading: true, bytes: 0, totalBytes };
    this.done = this.readAll();
  }

  private async readAll(): Promise<void> {
    let lastFlush = 0;
    const flush = (force: boolean) => {
      const now = Date.now();
      if (!force && lastFlush > 0 && now - lastFlush < 150) return;
      lastFlush = now;
      this.onRows({ ...this.read });
    };
    try {
      await streamFile(
        this.file,
        (item) => {
          if (item.spectrum) this.add(item.spectrum);
          else this.rows.push({ index: item.error.index, line: item.error.line, title: item.error.title, peaks: 0, error: item.error.message });
          flush(false);
        },
        this.stop.signal,
      );
    } catch (error) {
      this.read.error = error instanceof Error ? error.message : String(error);
    }
    this.read.reading = false;
    this.read.readMs = Date.now() - this.started;
    flush(true);
  }

  private add(s: ParsedSpectrum): void {
    const packed = new Float64Array(s.peaks.length * 2);
    s.peaks.forEach(([mz, intensity], i) => {
      packed[2 * i] = mz;
      packed[2 * i + 1] = intensity;
    });
    this.peaks.set(s.index, packed);
    this.rows.push({ index: s.index, line: s.line, title: s.title, precursorMz: s.precursorMz, ionMode: s.ionMode, peaks: s.peaks.length });
  }

  peaksOf(index: number): Peak[] {
    const packed = this.peaks.get(index);
    if (!packed) return [];
    const out: Peak[] = [];
    for (let i = 0; i < packed.length; i += 2) out.push([packed[i], packed[i + 1]]);
    return out;
  }

  row(index: number): SpectrumRowView | undefined {
    return this.rows[index - 1]?.index === index ? this.rows[index - 1] : this.rows.find((r) => r.index === index);
  }

  /** Every readable spectrum's best hit; a run already going is joined, one stopped keeps the hits found. */
  async identifyAll(client: CompoundDbClient, options: IdentifyOptions): Promise<void> {
    await this.done;
    const started = Date.now();
    const todo = this.rows.filter((r) => !r.error);
    const progress: IdentifyProgress = { running: true, done: 0, total: todo.length, elapsedMs: 0 };
    this.identify = progress;
    this.hits.clear();
    for (const r of this.rows) if (r.error) this.hits.set(r.index, { index: r.index, message: r.error });
    let fresh: HitView[] = [...this.hits.values()];
    let unnamed: HitView[] = [];
    let lastReport = 0;
    const report = (force: boolean) => {
      const now = Date.now();
      if (!force && now - lastReport < 200) return;
      lastReport = now;
      progress.elapsedMs = now - started;
      options.onProgress({ ...progress }, fresh);
      fresh = [];
    };
    const name = async (batch: HitView[]) => {
      const ids = [...new Set(batch.map((h) => h.recordId as number))];
      try {
        const records = await client.getDetailsBatch(ids, ['CommonName'], { signal: options.signal });
        const names = new Map(records.map((r) => [r.id, r.commonName]));
        for (const h of batch) h.name = names.get(h.recordId as number) || undefined;
      } catch {
        /* the rows keep their record IDs */
      }
      fresh.push(...batch);
    };
    const naming: Array<Promise<void>> = [];
    let next = 0;
    const worker = async () => {
      while (next < todo.length && !options.signal.aborted) {
        const row = todo[next++];
        const hit: HitView | undefined = await this.best(client, row, options).catch((error: Error) =>
          options.signal.aborted ? undefined : { index: row.index, message: error.message },
        );
        if (!hit) break;
        this.hits.set(row.index, hit);
        progress.done++;
        if (hit.recordId === undefined) fresh.push(hit);
        else unnamed.push(hit);
        if (unnamed.length >= NAME_BATCH) {
          naming.push(name(unnamed));
          unnamed = [];
        }
        report(false);
      }
    };
    try {
      await Promise.all(Array.from({ length: options.inFlight }, worker));
      if (unnamed.length) naming.push(name(unnamed));
      await Promise.all(naming);
    } finally {
      progress.running = false;
      progress.cancelled = options.signal.aborted || undefined;
      report(true);
    }
  }

  private async best(client: CompoundDbClient, row: SpectrumRowView, options: IdentifyOptions): Promise<HitView> {
    const query = client.query({
      kind: 'spectrum',
      peaks: this.peaksOf(row.index),
      searchType: row.precursorMz === undefined ? 'open' : 'identity',
      ...(row.precursorMz !== undefined ? { precursorMz: row.precursorMz } : {}),
      ...(row.ionMode ? { ionMode: row.ionMode } : {}),
      maxResults: 1,
    });
    await query.run({ signal: options.signal, maxStatusChecks: options.statusCheckLimit });
    const page = await query.page(0, 1, { signal: options.signal });
    const recordId = page.ids[0];
    if (recordId === undefined) return { index: row.index, message: row.precursorMz === undefined ? 'no hit (open search)' : 'no hit' };
    const score = page.scores?.[0];
    return {
      index: row.index,
      recordId,
      score,
      matchedPeaks: page.matchedPeaks?.[0],
      spectrumId: page.spectrumIds?.[0],
      meaning: score === undefined ? undefined : options.meaning(score),
    };
  }

  /** The hits as CSV, the columns of `compound-db identify` (shared/beyond-the-spec.md 5), one row per spectrum. */
  async csv(client: CompoundDbClient, inFlight: number, signal?: AbortSignal): Promise<string> {
    const keys = new Map<number, string>();
    const ids = [...new Set([...this.hits.values()].flatMap((h) => (h.recordId === undefined ? [] : [h.recordId])))];
    let next = 0;
    const worker = async () => {
      while (next < ids.length && !signal?.aborted) {
        const id = ids[next++];
        keys.set(
          id,
          (await client
            .compound(id)
            .inchiKey({ signal })
            .catch(() => undefined)) ?? '',
        );
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    const lines = [
      csvLine(['query', 'title', 'precursor_mz', 'rank', 'record_id', 'name', 'inchikey', 'score', 'matched_peaks', 'spectrum_id', 'message']),
    ];
    for (const row of this.rows) {
      const hit = this.hits.get(row.index);
      const found = hit?.recordId !== undefined;
      lines.push(
        csvLine([
          String(row.index),
          row.title ?? '',
          row.precursorMz === undefined ? '' : String(row.precursorMz),
          found ? '1' : '',
          found ? String(hit.recordId) : '',
          hit?.name ?? '',
          found ? (keys.get(hit.recordId as number) ?? '') : '',
          hit?.score === undefined ? '' : hit.score.toFixed(4),
          hit?.matchedPeaks === undefined ? '' : String(hit.matchedPeaks),
          hit?.spectrumId === undefined ? '' : String(hit.spectrumId),
          hit ? (hit.message ?? '') : 'not identified yet',
        ]),
      );
    }
    return lines.join('');
  }

  dispose(): void {
    this.stop.abort();
  }
}
