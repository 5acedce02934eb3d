/**
 * The spectrum library the service searches: every spectrum its spectrum store serves (the shipped ones and a lab's
 * `--spectra` folder, over either record store) with a numeric precursor m/z, indexed for Flash entropy search. The
 * index is built after the service listens, in slices that give the event loop back every few milliseconds, so
 * requests are answered meanwhile; a spectrum search waits for it.
 */
import type { SpectrumStore } from '../../collection/spectra-files';
import { EntropyIndex, EntropyIndexBuilder } from './entropy-index';
import { cacheKeyOf, defaultCacheDir, readCachedIndex, writeCachedIndex } from './index-cache';
import { readLibrarySpectrum } from './library-spectrum';

/** Work between two yields to the event loop. */
const SLICE_MS = 8;

export interface LibraryStats {
  /** Spectra the store serves. */
  spectra: number;
  /** Indexed (a precursor, MS2 or higher, peaks left after cleaning). */
  indexed: number;
  withoutPrecursor: number;
  emptyAfterCleaning: number;
  peaks: number;
  buildMs: number;
  approximateBytes: number;
}

export class SpectrumLibrary {
  private building?: Promise<EntropyIndex>;
  stats?: LibraryStats;

  constructor(
    private readonly store: SpectrumStore,
    private readonly log: (line: string) => void = () => undefined,
    /** Where the built index of packed folders is kept; null: nowhere. */
    private readonly cacheDir: string | null = defaultCacheDir(),
  ) {}

  /** The index, built on the first call (the service calls it once it listens). */
  index(): Promise<EntropyIndex> {
    return (this.building ??= this.build());
  }

  private async build(): Promise<EntropyIndex> {
    const started = Date.now();
    const key = this.cacheDir === null ? undefined : await cacheKeyOf(this.store.folders, '', this.cacheDir);
    const cached = key && (await readCachedIndex(this.cacheDir as string, key));
    if (cached) {
      const index = new EntropyIndex(cached);
      this.stats = {
        spectra: cached.spectra,
        indexed: index.size,
        withoutPrecursor: cached.spectra - index.size - index.emptyAfterCleaning,
        emptyAfterCleaning: index.emptyAfterCleaning,
        peaks: index.peaks,
        buildMs: Date.now() - started,
        approximateBytes: index.approximateBytes,
      };
      this.log(`spectrum index: ${index.size} spectra, ${index.peaks} peaks, read from ${this.cacheDir} in ${this.stats.buildMs} ms`);
      return index;
    }
    const builder = new EntropyIndexBuilder();
    const ids = await this.store.ids();
    let withoutPrecursor = 0;
    let slice = Date.now();
    for (const { id, csid } of ids) {
      if (Date.now() - slice > SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        slice = Date.now();
      }
      const text = await this.store.readData(id);
      if (text === undefined) continue;
      const spectrum = readLibrarySpectrum(text);
      if (spectrum.precursorMz === undefined) {
        withoutPrecursor++;
        continue;
      }
      builder.add({
        spectrumId: id,
        recordId: csid,
        precursorMz: spectrum.precursorMz,
        ionMode: spectrum.ionMode,
        mz: spectrum.mz,
        intensity: spectrum.intensity,
      });
    }
    const index = builder.finish(ids.length);
    if (key) {
      try {
        writeCachedIndex(this.cacheDir as string, key, index.a);
      } catch (error) {
        this.log(`spectrum index: not kept in ${this.cacheDir}: ${(error as Error).message}`);
      }
    }
    this.stats = {
      spectra: ids.length,
      indexed: index.size,
      withoutPrecursor,
      emptyAfterCleaning: index.emptyAfterCleaning,
      peaks: index.peaks,
      buildMs: Date.now() - started,
      approximateBytes: index.approximateBytes,
    };
    this.log(
      `spectrum index: ${index.size} of ${ids.length} spectra (${withoutPrecursor} without a precursor, ${index.emptyAfterCleaning} empty after cleaning), ${index.peaks} peaks, ${Math.round(index.approximateBytes / 1e6)} MB, built in ${this.stats.buildMs} ms`,
    );
    return index;
  }
}
