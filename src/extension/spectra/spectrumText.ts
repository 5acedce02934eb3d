/**
 * Spectra out of text typed into a one-line box, and a file streamed through the client's readers (MGF, MSP, mzML, peak
 * lists: src/client/peaks) with the extension host given back its event loop between spectra.
 */
import { readSpectraFile, type SpectrumItem } from '../../client';

/**
 * One line of numbers typed or pasted into an input box (`195.0877 100 138.0662 42.5`, `195.0877 100, 138.0662 42.5`):
 * the line breaks a one-line box loses. Pairs of numbers become lines; any other text is left as it is.
 */
export function peakLinesOfOneLine(text: string): string {
  if (/[\r\n:]/.test(text)) return text;
  const numbers = text
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (numbers.length < 2 || numbers.length % 2 !== 0 || !numbers.every((n) => /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(n))) return text;
  const lines: string[] = [];
  for (let i = 0; i < numbers.length; i += 2) lines.push(`${numbers[i]} ${numbers[i + 1]}`);
  return lines.join('\n');
}

/** Spectra handed on between two turns of the event loop, so a file of many small spectra never holds the host. */
const PER_TURN = 200;

/**
 * Streams a file through its reader (the format from its name, else from its start), calling `onItem` for each spectrum
 * as it is complete; stops early, without an error, when `signal` aborts or `onItem` returns false.
 */
export async function streamFile(file: string, onItem: (item: SpectrumItem) => boolean | void, signal?: AbortSignal): Promise<void> {
  let count = 0;
  for await (const item of readSpectraFile(file, undefined, signal)) {
    if (signal?.aborted || onItem(item) === false) return;
    if (++count % PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}
