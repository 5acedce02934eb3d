// JCAMP-DX 5.01 mass spectra (peak tables) of measured MassBank records.

/** `C8H10N4O2` → `C8 H10 N4 O2` (JCAMP ##MOLFORM style; isotope labels and charge are left as written). */
function molform(formula) {
  return (formula.match(/\[\d+[A-Z][a-z]?\]\d*|[A-Z][a-z]?\d*|[+-]\d*/g) ?? [formula]).join(' ');
}

/** JCAMP-DX labelled data records hold one line: keep free text on one line. */
const oneLine = (text) => String(text).replace(/\s*[\r\n]+\s*/g, ' ');

/**
 * One spectrum. The peak table holds each peak's m/z and intensity exactly as the MassBank record writes them
 * (PK$PEAK `m/z int.`), so peak lists round-trip byte for byte; its relative intensities (0-999) are derived from
 * them and left out. Attribution (authors, copyright, licence, accession, source address) is in the header.
 */
export function massSpectrumJcamp(s) {
  const w = s.who;
  const optional = (label, value) => (value ? [`##${label}=${oneLine(value)}`] : []);
  const lines = [
    `##TITLE=${oneLine(s.title)}`,
    '##JCAMP-DX=5.01',
    '##DATA TYPE=MASS SPECTRUM',
    '##DATA CLASS=PEAK TABLE',
    `##ORIGIN=${oneLine(w.authors || 'MassBank contributor')}`,
    `##OWNER=${oneLine(w.copyright || w.authors || 'see ##$LICENSE')}`,
    ...optional('LONG DATE', s.date && s.date.slice(0, 10).replace(/-/g, '/')),
    ...optional('MOLFORM', s.formula && molform(s.formula)),
    ...optional('CAS REGISTRY NO', s.cas),
    ...optional('SPECTROMETER/DATA SYSTEM', s.instrument),
    ...optional('.SPECTROMETER TYPE', s.instrumentType),
    `##.IONIZATION MODE=${s.type}`,
    ...optional('$MS LEVEL', s.level),
    ...optional('$PRECURSOR M/Z', s.precursor),
    ...optional('$PRECURSOR TYPE', s.precursorType),
    ...optional('$COLLISION ENERGY', s.energy),
    `##$MASSBANK ACCESSION=${w.accession}`,
    `##$SOURCE URL=${w.url}`,
    `##$LICENSE=${w.licenseName} (${w.licenseUrl})`,
    ...optional('$PUBLICATION', w.publication),
    '##$CHANGES=converted from the MassBank record to JCAMP-DX by Compound DB (scripts/build-data.mjs); peaks unchanged',
    `##$COMPOUND DB RECORD ID=${s.recordId}`,
    '##XUNITS=M/Z',
    '##YUNITS=RELATIVE ABUNDANCE',
    `##NPOINTS=${s.peaks.length}`,
    '##PEAK TABLE=(XY..XY)',
    ...s.peaks.map((p) => `${p[0]}, ${p[1]}`),
    '##END=',
  ];
  return `${lines.join('\n')}\n`;
}
