/**
 * Spectra out of text or a file, through the client's streaming readers (MGF, MSP, mzML, pasted peak lists): which
 * reader a name or a text asks for, and a file streamed through it in pieces, never read whole. A refused spectrum is an
 * item with its error (naming the spectrum and the line); the others still come.
 */
import * as fs from 'fs';
import * as path from 'path';
import { MgfReader, MspReader, MzmlReader, PeakListReader, type SpectrumFormat, type SpectrumItem, type SpectrumReader } from '../../client';

/** The files a spectra list opens and Identify Spectrum reads (their reader by extension). */
export const SPECTRUM_FILE_FORMATS: Readonly<Record<string, SpectrumFormat>> = { '.mgf': 'mgf', '.msp': 'msp', '.mzml': 'mzml' };

export function readerFor(format: SpectrumFormat): SpectrumReader {
  switch (format) {
    case 'mgf':
      return new MgfReader();
    case 'msp':
      return new MspReader();
    case 'mzml':
      return new MzmlReader();
    case 'peaks':
      return new PeakListReader();
  }
}

export function formatOfFile(file: string): SpectrumFormat {
  return SPECTRUM_FILE_FORMATS[path.extname(file).toLowerCase()] ?? 'peaks';
}

/** The format a pasted text is in, by its first lines. */
export function formatOfText(text: string): SpectrumFormat {
  const head = text.slice(0, 4096);
  if (/<(indexed)?mzML\b/.test(head)) return 'mzml';
  if (/^\s*BEGIN IONS\s*$/m.test(head)) return 'mgf';
  if (/^\s*Name\s*:/im.test(head) && /^\s*Num Peaks\s*:/im.test(text.slice(0, 64 * 1024))) return 'msp';
  return 'peaks';
}

/**
 * One line of numbers typed into an input box (`195.0877 100 138.0662 42.5`): the newlines a paste into a one-line box
 * lost. Pairs of numbers become lines; anything else is left as it is.
 */
export function peakLinesOfOneLine(text: string): string {
  if (/[\r\n:]/.test(text)) return text;
  const numbers = text.trim().split(/[\s,;]+/).filter(Boolean);
  if (numbers.length < 4 || numbers.length % 2 !== 0 || !numbers.every((n) => /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(n))) return text;
  const lines: string[] = [];
  for (let i = 0; i < numbers.length; i += 2) lines.push(`${numbers[i]} ${numbers[i + 1]}`);
  return lines.join('\n');
}

export function readText(text: string, format = formatOfText(text)): SpectrumItem[] {
  const reader = readerFor(format);
  return [...reader.push(text), ...reader.end()];
}

/** Characters handed to a reader at a time: the extension host gets the event loop back between pieces. */
const PIECE_BYTES = 256 * 1024;

/**
 * Streams a file through its reader, calling `onItem` for each spectrum as it is complete. Resolves with the number of
 * bytes read; stops early (without an error) when `signal` aborts or `onItem` returns false.
 */
export async function streamFile(
  file: string,
  onItem: (item: SpectrumItem) => boolean | void,
  options: { signal?: AbortSignal; format?: SpectrumFormat; onBytes?: (bytes: number) => void } = {},
): Promise<number> {
  const reader = readerFor(options.format ?? formatOfFile(file));
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: PIECE_BYTES });
  let bytes = 0;
  let stopped = false;
  const give = (items: SpectrumItem[]) => {
    for (const item of items) {
      if (onItem(item) === false) {
        stopped = true;
        return;
      }
    }
  };
  try {
    for await (const piece of stream as AsyncIterable<string>) {
      if (options.signal?.aborted) return bytes;
      bytes += Buffer.byteLength(piece);
      give(reader.push(piece));
      options.onBytes?.(bytes);
      if (stopped) return bytes;
      // a piece is parsed in one go; yield so that other work of the extension host runs between pieces
      await new Promise((resolve) => setImmediate(resolve));
    }
    give(reader.end());
    return bytes;
  } finally {
    stream.destroy();
  }
}
