/**
 * A spectra file (.mgf, .msp, .mzML) open in the spectra list: streamed once through the client's reader (rows as they
 * are read, never the whole file in memory: each spectrum's peaks kept as one Float64Array), and "Identify All": each
 * spectrum's best hit, in batches of a few hundred spectra (filter/spectrum/batch), cancellable. No `vscode` here
 * beyond its types.
 */
import * as fs from 'fs';
import type { CompoundDbClient, IdentifyHit, ParsedSpectrum } from '../../client';
import { csvLine, SpectrumIdentifier } from '../../client';
import type { Peak } from '../../wire';
import type { HitView, IdentifyProgress, ReadProgress, SpectrumRowView } from '../../webview/spectra/protocol';
import { streamFile } from './spectrumText';

/** Requests in flight for the CSV's InChIKeys against the built-in database (it only queues them). */
export const LOCAL_IN_FLIGHT = 32;
/** Spectra of one batch request of Identify All (a progress step), and batches in flight. */
const BATCH = 250;
const BATCHES_IN_FLIGHT = 2;

export interface IdentifyOptions {
  signal: AbortSignal;
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

  /**
   * Every readable spectrum's best hit (an identity search, an open one for a spectrum without precursor), batches of
   * BATCH spectra in flight BATCHES_IN_FLIGHT at a time; a run stopped keeps the hits found.
   */
  async identifyAll(client: CompoundDbClient, options: IdentifyOptions): Promise<void> {
    await this.done;
    const started = Date.now();
    const todo = this.rows.filter((r) => !r.error);
    const progress: IdentifyProgress = { running: true, done: 0, total: todo.length, elapsedMs: 0 };
    this.identify = progress;
    this.hits.clear();
    for (const r of this.rows) if (r.error) this.hits.set(r.index, { index: r.index, message: r.error });
    let fresh: HitView[] = [...this.hits.values()];
    let lastReport = 0;
    const report = (force: boolean) => {
      const now = Date.now();
      if (!force && now - lastReport < 200) return;
      lastReport = now;
      progress.elapsedMs = now - started;
      options.onProgress({ ...progress }, fresh);
      fresh = [];
    };
    const settings = { top: 1, signal: options.signal, maxStatusChecks: options.statusCheckLimit, inchikeys: false };
    const identity = new SpectrumIdentifier(client, { ...settings, searchType: 'identity' });
    const open = new SpectrumIdentifier(client, { ...settings, searchType: 'open' });
    const batches: SpectrumRowView[][] = [];
    for (const rows of [todo.filter((r) => r.precursorMz !== undefined), todo.filter((r) => r.precursorMz === undefined)])
      for (let i = 0; i < rows.length; i += BATCH) batches.push(rows.slice(i, i + BATCH));
    let next = 0;
    const worker = async () => {
      while (next < batches.length && !options.signal.aborted) {
        const batch = batches[next++];
        const spectra = batch.map((r) => ({ peaks: this.peaksOf(r.index), precursorMz: r.precursorMz, ionMode: r.ionMode }));
        const answers = await (batch[0].precursorMz === undefined ? open : identity).identifyMany(spectra, 1).catch((error: Error) => {
          if (options.signal.aborted) return undefined;
          return batch.map(() => error);
        });
        if (!answers) break;
        batch.forEach((row, i) => {
          const hit = this.hitOf(row, answers[i], options.meaning);
          this.hits.set(row.index, hit);
          fresh.push(hit);
        });
        progress.done += batch.length;
        report(false);
      }
    };
    try {
      await Promise.all(Array.from({ length: BATCHES_IN_FLIGHT }, worker));
    } finally {
      progress.running = false;
      progress.cancelled = options.signal.aborted || undefined;
      report(true);
    }
  }

  private hitOf(row: SpectrumRowView, answer: IdentifyHit[] | Error, meaning: IdentifyOptions['meaning']): HitView {
    if (answer instanceof Error) return { index: row.index, message: answer.message };
    const best = answer[0];
    if (!best) return { index: row.index, message: row.precursorMz === undefined ? 'no hit (open search)' : 'no hit' };
    return {
      index: row.index,
      recordId: best.recordId,
      name: best.name || undefined,
      score: best.score,
      matchedPeaks: best.matchedPeaks,
      spectrumId: best.spectrumId,
      meaning: meaning(best.score),
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
