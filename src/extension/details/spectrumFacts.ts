/**
 * What a measured spectrum is, read from its info object (no `vscode`: unit-tested in plain Node). The shipped
 * collection's comments open with one sentence of facts (scripts/data/massbank-stage.mjs writes it):
 * `Measured MS2 spectrum, ESI+; precursor m/z 179.0697 [M+H]+; collision energy 10(NCE); Q Exactive (LC-ESI-QFT). `
 * followed by the record's title and its provenance. Other servers' comments are free text: then only the type is known
 * and the whole comment is the provenance.
 */
import type { LegacySpectrumInfo } from '../../wire';
import type { SpectrumFacts } from '../../webview/protocol';

const OPENING = /^Measured (\S+) spectrum, ([^;.]+)((?:; [^;]*?)*?)\. (?=\S)/;

export function spectrumFacts(info: LegacySpectrumInfo): SpectrumFacts {
  const comments = info.comments ?? '';
  const where = [info.original_url, info.submitted_date && `submitted ${info.submitted_date.slice(0, 10)}`].filter(Boolean).join(' · ');
  const opening = OPENING.exec(comments);
  if (!opening) return { type: info.spc_type, provenance: [comments, where].filter(Boolean).join('\n') };
  const [whole, level, , rest] = opening;
  const facts: SpectrumFacts = { type: info.spc_type, provenance: [comments.slice(whole.length), where].filter(Boolean).join('\n') };
  if (level !== 'mass') facts.msLevel = level;
  const instrument: string[] = [];
  for (const part of rest.split('; ').slice(1)) {
    const precursor = /^precursor (?:m\/z (\d+(?:\.\d+)?))?\s*(\[[^\]]+\]\S*)?$/.exec(part);
    if (precursor && (precursor[1] || precursor[2])) {
      if (precursor[1]) facts.precursorMz = Number(precursor[1]);
      if (precursor[2]) facts.adduct = precursor[2];
    } else if (part.startsWith('collision energy ')) facts.collisionEnergy = part.slice('collision energy '.length);
    else instrument.push(part);
  }
  if (instrument.length) facts.instrument = instrument.join('; ');
  return facts;
}
