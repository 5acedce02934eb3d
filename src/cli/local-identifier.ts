/**
 * `compound-db identify` without --server: the shipped spectra searched in the command's own process (the index read
 * from its cache, or built once), the records' names and InChIKeys from the shipped collection, so a run of 10,000
 * spectra is 10,000 index searches and not 40,000 requests to a child service. Answers what SpectrumIdentifier answers
 * over HTTP: the same search (search.ts), the same rows.
 */
import * as path from 'path';
import { spectrumRequest, type IdentifyHit, type IdentifyOptions, type ParsedSpectrum } from '../client';
import { SpectrumLibrary } from '../service/search/spectrum/library';
import { searchSpectrum } from '../service/search/spectrum/search';
import type { EntropyIndex } from '../service/search/spectrum/entropy-index';
import { loadShippedCollection, SHIPPED_DATA_DIR } from '../service/collection/shipped-collection';
import { loadSpectra } from '../service/collection/spectra-files';

export class LocalSpectrumIdentifier {
  private constructor(
    private readonly index: EntropyIndex,
    private readonly records: Map<number, { name: string; inchikey: string }>,
    private readonly options: IdentifyOptions,
  ) {}

  static async open(options: IdentifyOptions, dataDir: string = SHIPPED_DATA_DIR): Promise<LocalSpectrumIdentifier> {
    const [index, records] = await Promise.all([
      loadSpectra(path.join(dataDir, 'spectra')).then((store) => new SpectrumLibrary(store).index()),
      loadShippedCollection(dataDir),
    ]);
    return new LocalSpectrumIdentifier(index, new Map(records.map((r) => [r.id, { name: r.commonName, inchikey: r.inchiKey }])), options);
  }

  /** Each spectrum's hits, or why it could not be searched (searched one after another: they share this process). */
  async identifyMany(spectra: ParsedSpectrum[]): Promise<Array<IdentifyHit[] | Error>> {
    const out: Array<IdentifyHit[] | Error> = [];
    for (const spectrum of spectra) out.push(await this.identify(spectrum).catch((error: Error) => error));
    return out;
  }

  private async identify(spectrum: Pick<ParsedSpectrum, 'peaks' | 'precursorMz' | 'ionMode'>): Promise<IdentifyHit[]> {
    const { hits } = await searchSpectrum(this.index, { ...spectrumRequest(spectrum, this.options), maxResults: this.options.top ?? 5 });
    return hits.map((h, i) => ({
      rank: i + 1,
      recordId: h.recordId,
      name: this.records.get(h.recordId)?.name ?? '',
      inchikey: this.records.get(h.recordId)?.inchikey ?? '',
      score: h.score,
      matchedPeaks: h.matchedPeaks,
      spectrumId: h.spectrumId,
    }));
  }
}
