/**
 * Which reader a spectrum input needs, and reading one: text at once (a paste, a small file) or a file streamed in
 * pieces (never read whole), giving each spectrum as soon as it is read.
 */
import { MgfReader } from './mgf';
import { MspReader } from './msp';
import { MzmlReader } from './mzml';
import { PeakListReader } from './peak-list';
import type { SpectrumFormat, SpectrumItem, SpectrumReader } from './types';

export function spectrumReader(format: SpectrumFormat): SpectrumReader {
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

/** The format a file name says, else undefined. */
export function formatOfName(name: string): SpectrumFormat | undefined {
  const m = /\.(mgf|msp|mzml)$/i.exec(name.replace(/\.gz$/i, ''));
  return m ? (m[1].toLowerCase() as SpectrumFormat) : undefined;
}

/** The format the start of a text says: MGF's BEGIN IONS, MSP's Name:, mzML's <mzML, else a plain peak list. */
export function formatOfText(head: string): SpectrumFormat {
  if (/<(\w+:)?(indexedmzML|mzML)[\s>]/.test(head)) return 'mzml';
  if (/^\s*BEGIN IONS\s*$/im.test(head)) return 'mgf';
  if (/^\s*Name\s*:/im.test(head) && /^\s*Num ?Peaks\s*:/im.test(head)) return 'msp';
  return 'peaks';
}

/** Every spectrum of a text (a paste or a small file); the format from the text when not given. */
export function parseSpectra(text: string, format: SpectrumFormat = formatOfText(text.slice(0, 64 * 1024))): SpectrumItem[] {
  const reader = spectrumReader(format);
  return [...reader.push(text), ...reader.end()];
}

/**
 * The spectra of a file, streamed: read in pieces of 64 KB (a `.gz` file unpacked as it is read), each spectrum
 * given as soon as it is complete. The format from the name, else from the first piece.
 */
export async function* readSpectraFile(file: string, format?: SpectrumFormat, signal?: AbortSignal): AsyncGenerator<SpectrumItem> {
  const fs = process.getBuiltinModule('fs');
  let stream: NodeJS.ReadableStream = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
  if (/\.gz$/i.test(file)) stream = stream.pipe(process.getBuiltinModule('zlib').createGunzip());
  const decoder = new TextDecoder('utf-8');
  let reader: SpectrumReader | undefined = format && spectrumReader(format);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (signal?.aborted) return;
      const text = decoder.decode(chunk, { stream: true });
      reader ??= spectrumReader(formatOfName(file) ?? formatOfText(text));
      yield* reader.push(text);
    }
    const rest = decoder.decode();
    reader ??= spectrumReader(formatOfName(file) ?? formatOfText(rest));
    yield* reader.push(rest);
    yield* reader.end();
  } finally {
    (stream as unknown as { destroy?: () => void }).destroy?.();
  }
}
