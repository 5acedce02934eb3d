/**
 * Identifying spectra through the client: one spectrum search per spectrum, its best records with name and InChIKey
 * (looked up once per record and kept), as the command line's `identify` and the `spectrum_identify` tool use it.
 */
import type { IonMode, SpectrumSearchType } from '../wire';
import type { CompoundDbClient } from './client';
import type { ParsedSpectrum } from './peaks';
import { resolvedRecords } from './resolve/records';

export interface IdentifyOptions {
  searchType?: SpectrumSearchType;
  /** Restricts the library; default: the spectrum's own ion mode when it carries one. */
  ionMode?: IonMode;
  fragmentToleranceDa?: number;
  precursorToleranceDa?: number;
  /** Hits per spectrum (default 5). */
  top?: number;
  signal?: AbortSignal;
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

/** Names and InChIKeys kept per record (a run of 10,000 spectra meets a few thousand records). */
const KEPT_RECORDS = 50_000;

export class SpectrumIdentifier {
  private readonly records = new Map<number, { name: string; inchikey: string }>();

  constructor(
    private readonly client: CompoundDbClient,
    private readonly options: IdentifyOptions = {},
  ) {}

  /** The best records for one spectrum, best first (empty when none matched). Rejects with the search's error. */
  async identify(spectrum: Pick<ParsedSpectrum, 'peaks' | 'precursorMz' | 'ionMode'>): Promise<IdentifyHit[]> {
    const { signal } = this.options;
    const top = this.options.top ?? 5;
    const query = this.client.query({ kind: 'spectrum', ...spectrumRequest(spectrum, this.options), maxResults: top });
    await query.run({ signal });
    const page = await query.page(0, top, { signal });
    const missing = page.ids.filter((id) => !this.records.has(id));
    if (missing.length) {
      if (this.records.size + missing.length > KEPT_RECORDS) this.records.clear();
      for (const r of await resolvedRecords(this.client, missing, signal)) this.records.set(r.recordId, { name: r.name, inchikey: r.inchikey });
    }
    return page.ids.map((recordId, i) => ({
      rank: i + 1,
      recordId,
      name: this.records.get(recordId)?.name ?? '',
      inchikey: this.records.get(recordId)?.inchikey ?? '',
      score: page.scores?.[i] ?? 0,
      matchedPeaks: page.matchedPeaks?.[i] ?? 0,
      spectrumId: page.spectrumIds?.[i] ?? 0,
    }));
  }
}
