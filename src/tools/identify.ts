/**
 * spectrum_identify: Flash entropy search of one MS/MS spectrum in the spectral library (shared/beyond-the-spec.md 5),
 * through the client. The peaks come as [m/z, intensity] pairs or as a peak-list text (two columns, MassBank lines,
 * `mz:intensity` pairs, or one MGF / MSP spectrum), read by the client's parsers. The answer is a compact table, at
 * most 20 rows, each score with what it means in this library (its measured false discovery rate).
 */
import {
  SPECTRUM_LIMITS,
  SPECTRUM_SEARCH_TYPES,
  checkPeaks,
  describeFieldErrors,
  scoreMeaning,
  shownValue,
  type IonMode,
  type Peak,
  type SpectrumSearchType,
} from '../wire';
import { parseSpectra, SpectrumIdentifier } from '../client';
import { objectInput, table, ToolInputError, wholeNumberInput, type CompoundTool } from './tool';

interface IdentifyInput {
  peaks: Peak[];
  precursorMz?: number;
  ionMode?: IonMode;
  searchType: SpectrumSearchType;
  maxResults: number;
}

/** Characters of a peak-list text the tool reads (10,000 peaks of about 30 characters each). */
const MAX_TEXT_CHARS = 400_000;

export const spectrumIdentify: CompoundTool<IdentifyInput> = {
  name: 'spectrum_identify',
  title: 'Identify a compound from its MS/MS spectrum',
  description:
    'Identify a compound from a tandem mass spectrum (MS/MS): Flash entropy search of the peaks in the spectral library (82,000 measured spectra). ' +
    'Give peaks as [[mz, intensity], ...] or as peak-list text, the precursor m/z (required unless searchType is open) and optionally the ion mode. ' +
    'Returns a table of rank, record_id, name, InChIKey, entropy similarity score (0-1), matched peaks and library spectrum ID, best first, ' +
    'with the false discovery rate measured in this library at that score.',
  inputSchema: {
    type: 'object',
    properties: {
      peaks: {
        description:
          'The spectrum: [[m/z, intensity], ...] (1 to 10,000 peaks) or a peak-list text (two columns, MassBank "m/z int. rel.int." lines, or "mz:intensity" pairs).',
        anyOf: [{ type: 'array', items: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 } }, { type: 'string' }],
      },
      precursorMz: { type: 'number', description: 'Precursor m/z (required for identity, neutralLoss and hybrid searches).' },
      ionMode: { type: 'string', enum: ['positive', 'negative'], description: 'Restrict the library to this ion mode.' },
      searchType: {
        type: 'string',
        enum: [...SPECTRUM_SEARCH_TYPES],
        default: 'identity',
        description: 'identity (default): same precursor; open: any precursor (analogues); neutralLoss; hybrid.',
      },
      maxResults: { type: 'integer', minimum: 1, maximum: 20, default: 5, description: 'How many records to list (default 5).' },
    },
    required: ['peaks'],
    additionalProperties: false,
  },
  parse: (raw) => {
    const input = objectInput(raw);
    let peaks: Peak[];
    let precursorMz = input.precursorMz;
    let ionMode = input.ionMode;
    if (typeof input.peaks === 'string') {
      if (input.peaks.length > MAX_TEXT_CHARS)
        throw new ToolInputError(`peaks text has ${input.peaks.length} characters; at most ${MAX_TEXT_CHARS} are read`);
      const [first] = parseSpectra(input.peaks);
      if (!first || first.error) throw new ToolInputError(`peaks: ${first?.error?.message ?? 'no spectrum in the text'}`);
      peaks = first.spectrum.peaks;
      precursorMz ??= first.spectrum.precursorMz;
      ionMode ??= first.spectrum.ionMode;
    } else {
      const errors = checkPeaks('peaks', input.peaks);
      if (errors.length) throw new ToolInputError(describeFieldErrors(errors));
      peaks = input.peaks as Peak[];
    }
    const searchType = (input.searchType ?? 'identity') as SpectrumSearchType;
    if (!SPECTRUM_SEARCH_TYPES.includes(searchType))
      throw new ToolInputError(`searchType ${shownValue(searchType)} must be one of ${SPECTRUM_SEARCH_TYPES.join(', ')}`);
    if (precursorMz !== undefined && (typeof precursorMz !== 'number' || !(precursorMz > 0) || precursorMz > SPECTRUM_LIMITS.maxMz))
      throw new ToolInputError(`precursorMz must be a number above 0, not ${shownValue(precursorMz)}`);
    if (precursorMz === undefined && searchType !== 'open')
      throw new ToolInputError(`precursorMz is required for a ${searchType} search (or use searchType open)`);
    if (ionMode !== undefined && ionMode !== 'positive' && ionMode !== 'negative')
      throw new ToolInputError(`ionMode must be positive or negative, not ${shownValue(ionMode)}`);
    return {
      peaks,
      precursorMz: precursorMz as number | undefined,
      ionMode: ionMode as IonMode | undefined,
      searchType,
      maxResults: wholeNumberInput(input, 'maxResults', 1, 20, 5),
    };
  },
  outputSchema: {
    type: 'object',
    properties: {
      searchType: { type: 'string', enum: [...SPECTRUM_SEARCH_TYPES] },
      hits: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            rank: { type: 'integer' },
            recordId: { type: 'integer' },
            name: { type: 'string' },
            inchikey: { type: 'string' },
            score: { type: 'number', description: 'Entropy similarity, 0 to 1.' },
            matchedPeaks: { type: 'integer' },
            spectrumId: { type: 'integer', description: "The best library spectrum's ID (the older interface's)." },
          },
          required: ['rank', 'recordId', 'name', 'inchikey', 'score', 'matchedPeaks', 'spectrumId'],
          additionalProperties: false,
        },
      },
      scoreMeaning: { type: 'string', description: 'What the best score means in this library (its measured false discovery rate).' },
    },
    required: ['searchType', 'hits'],
    additionalProperties: false,
  },
  run: async (input, { client, signal }) => {
    const hits = await new SpectrumIdentifier(client, {
      searchType: input.searchType,
      ionMode: input.ionMode,
      top: input.maxResults,
      signal,
    }).identify(input);
    if (hits.length === 0)
      return {
        text: `No library spectrum matches (${input.searchType} search, ${input.peaks.length} peaks${input.precursorMz === undefined ? '' : `, precursor ${input.precursorMz}`}).`,
        structured: { searchType: input.searchType, hits: [] },
      };
    const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);
    const meaning = scoreMeaning(hits[0].score);
    const text = `${hits.length} record${hits.length === 1 ? '' : 's'} by entropy similarity (${input.searchType} search):\n${table(
      ['rank', 'record_id', 'name', 'inchikey', 'score', 'matched_peaks', 'spectrum_id'],
      hits.map((h) => [h.rank, h.recordId, clip(h.name), h.inchikey, h.score.toFixed(4), h.matchedPeaks, h.spectrumId]),
    )}\nBest score ${hits[0].score.toFixed(2)}: ${meaning}`;
    const structured = {
      searchType: input.searchType,
      hits: hits.map(({ rank, recordId, name, inchikey, score, matchedPeaks, spectrumId }) => ({
        rank,
        recordId,
        name,
        inchikey,
        score,
        matchedPeaks,
        spectrumId,
      })),
      scoreMeaning: meaning,
    };
    return { text, structured };
  },
  sentText: () => [],
};
