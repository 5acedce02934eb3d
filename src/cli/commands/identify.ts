/**
 * `compound-db identify IN [OUT]`: every MS2 spectrum of an MGF, MSP or mzML file (read streaming) searched in the
 * spectral library, its best records written as CSV rows (shared/beyond-the-spec.md 5) in input order, a thousand
 * spectra at a time (against a server: in batches of filter/spectrum/batch). A spectrum that cannot be read, or matches
 * nothing, gets one row with the reason.
 */
import * as fs from 'fs';
import { SPECTRUM_LIMITS, type IonMode, type SpectrumSearchType } from '../../wire';
import { csvLine, readSpectraFile, SpectrumIdentifier, type IdentifyHit, type ParsedSpectrum, type SpectrumItem } from '../../client';
import type { CliContext } from '../context';
import { parseCommandArgs, UsageError, wholeNumberOption } from '../usage';
import { USAGES } from '../usages';

export const usage = USAGES.identify;

export const IDENTIFY_COLUMNS = [
  'query',
  'title',
  'precursor_mz',
  'rank',
  'record_id',
  'name',
  'inchikey',
  'score',
  'matched_peaks',
  'spectrum_id',
  'message',
] as const;

const SEARCH_NAMES: Record<string, SpectrumSearchType> = { identity: 'identity', open: 'open', 'neutral-loss': 'neutralLoss', hybrid: 'hybrid' };

function toleranceOption(name: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || !(n > 0) || n > max)
    throw new UsageError(`identify: --${name} must be a number of Da above 0 and at most ${max}, not ${JSON.stringify(value)}`);
  return n;
}

export async function run(args: string[], cli: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('identify', args, {
    search: { type: 'string' },
    top: { type: 'string' },
    'ion-mode': { type: 'string' },
    tolerance: { type: 'string' },
    'precursor-tolerance': { type: 'string' },
    concurrency: { type: 'string' },
    server: { type: 'string' },
  });
  if (positionals.length < 1 || positionals.length > 2) throw new UsageError(`identify takes IN and optionally OUT: ${usage}`);
  const [inPath, outPath] = positionals;
  const searchType = SEARCH_NAMES[values.search ?? 'identity'];
  if (!searchType)
    throw new UsageError(`identify: --search must be one of ${Object.keys(SEARCH_NAMES).join(', ')}, not ${JSON.stringify(values.search)}`);
  const top = wholeNumberOption('identify', 'top', values.top, 1, 100) ?? 5;
  const ionMode = values['ion-mode'];
  if (ionMode !== undefined && ionMode !== 'positive' && ionMode !== 'negative')
    throw new UsageError(`identify: --ion-mode must be positive or negative, not ${JSON.stringify(ionMode)}`);
  const fragmentToleranceDa = toleranceOption('tolerance', values.tolerance, SPECTRUM_LIMITS.maxFragmentToleranceDa);
  const precursorToleranceDa = toleranceOption('precursor-tolerance', values['precursor-tolerance'], SPECTRUM_LIMITS.maxPrecursorToleranceDa);
  const concurrency = wholeNumberOption('identify', 'concurrency', values.concurrency, 1, 16) ?? 2;
  try {
    fs.accessSync(inPath, fs.constants.R_OK);
  } catch {
    throw new Error(`identify: cannot read ${inPath}`);
  }

  const options = { searchType, ionMode: ionMode as IonMode | undefined, fragmentToleranceDa, precursorToleranceDa, top, signal: cli.signal };
  if (values.server === undefined) {
    // The built-in database: the shipped spectra searched in this process (no child service, no requests).
    const { LocalSpectrumIdentifier } = await import('../local-identifier.js');
    return identifyAll(inPath, outPath, await LocalSpectrumIdentifier.open(options), concurrency, cli);
  }
  return cli.withConnection(values.server, ({ client }) => identifyAll(inPath, outPath, new SpectrumIdentifier(client, options), concurrency, cli));
}

interface Identifier {
  /** Each spectrum's hits, or why it could not be searched; `inFlight` batch requests at a time. */
  identifyMany(spectra: ParsedSpectrum[], inFlight: number): Promise<Array<IdentifyHit[] | Error>>;
}

/** Spectra read before they are searched together: a few batches' worth, so the next ones are read meanwhile. */
const CHUNK = 1000;

async function identifyAll(
  inPath: string,
  outPath: string | undefined,
  identifier: Identifier,
  concurrency: number,
  cli: CliContext,
): Promise<number> {
  {
    const sink = outPath ? fs.openSync(outPath, 'w') : undefined;
    const write = (text: string): void => (sink === undefined ? cli.out(text) : void fs.writeSync(sink, text));
    let spectra = 0;
    let identified = 0;
    let failed = 0;
    const started = Date.now();
    try {
      write(csvLine(IDENTIFY_COLUMNS));
      // One chunk searched while the next is read; rows are written in input order.
      let searching: Promise<string> | undefined;
      let chunk: SpectrumItem[] = [];
      const search = (items: SpectrumItem[]): Promise<string> => {
        const readable = items.flatMap((item) => (item.spectrum ? [item.spectrum] : []));
        return identifier.identifyMany(readable, concurrency).then((answers) => {
          const byIndex = new Map(readable.map((s, i) => [s.index, answers[i]]));
          return items
            .map((item) => {
              const rows = rowsOf(item, item.spectrum && byIndex.get(item.spectrum.index));
              if (rows.identified) identified++;
              if (rows.failed) failed++;
              return rows.text;
            })
            .join('');
        });
      };
      const flush = async (): Promise<void> => {
        const previous = searching;
        searching = search(chunk);
        searching.catch(() => undefined); // awaited below; a cancelled run must not leave it unhandled meanwhile
        chunk = [];
        if (previous) write(await previous);
      };
      for await (const item of readSpectraFile(inPath, undefined, cli.signal)) {
        spectra++;
        chunk.push(item);
        if (chunk.length >= CHUNK) await flush();
        cli.progress(`identify: ${spectra} spectra read, ${identified} identified`);
      }
      if (chunk.length) await flush();
      if (searching) write(await searching);
    } finally {
      if (sink !== undefined) fs.closeSync(sink);
    }
    cli.note(
      `identify: ${spectra} spectra, ${identified} with a hit, ${failed} not read or not searched, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  }
}

function rowsOf(item: SpectrumItem, answer: IdentifyHit[] | Error | undefined): { text: string; identified: boolean; failed: boolean } {
  if (item.error) {
    const e = item.error;
    return { text: csvLine([String(e.index), e.title ?? '', '', '', '', '', '', '', '', '', e.message]), identified: false, failed: true };
  }
  const s = item.spectrum;
  const head = [String(s.index), s.title ?? '', s.precursorMz === undefined ? '' : String(s.precursorMz)];
  const hits = answer ?? new Error('not searched');
  if (hits instanceof Error) {
    return {
      text: csvLine([...head, '', '', '', '', '', '', '', `spectrum ${s.index}: ${hits.message}`]),
      identified: false,
      failed: true,
    };
  }
  if (hits.length === 0)
    return { text: csvLine([...head, '', '', '', '', '', '', '', 'no library spectrum matches']), identified: false, failed: false };
  const text = hits
    .map((h) =>
      csvLine([
        ...head,
        String(h.rank),
        String(h.recordId),
        h.name,
        h.inchikey,
        h.score.toFixed(4),
        String(h.matchedPeaks),
        String(h.spectrumId),
        '',
      ]),
    )
    .join('');
  return { text, identified: true, failed: false };
}
