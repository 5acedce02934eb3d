// JCAMP-DX 5.01 mass spectrum (peak table) of a calculated isotope pattern.

/** `C8H10N4O2` → `C8 H10 N4 O2` (JCAMP ##MOLFORM style; isotope labels and charge are left as written). */
function molform(formula) {
  return formula.match(/\[\d+[A-Z][a-z]?\]\d*|[A-Z][a-z]?\d*|[+-]\d*/g).join(' ');
}

export function isotopePatternJcamp({ title, formula, recordId, peaks, date, comment }) {
  const lines = [
    `##TITLE=${title}`,
    '##JCAMP-DX=5.01',
    '##DATA TYPE=MASS SPECTRUM',
    '##DATA CLASS=PEAK TABLE',
    `##ORIGIN=Compound DB data build (scripts/build-data.mjs): calculated, not measured`,
    '##OWNER=Compound DB (calculated by its data build; see data/LICENSES.md)',
    `##LONG DATE=${date.slice(0, 10).replace(/-/g, '/')}`,
    `##MOLFORM=${molform(formula)}`,
    '##SPECTROMETER/DATA SYSTEM=none: isotope pattern calculated from natural isotope abundances',
    '##.SPECTROMETER TYPE=calculated',
    '##.IONIZATION MODE=EI+ (molecular ion only, no fragmentation modelled)',
    `##$COMPOUND DB RECORD ID=${recordId}`,
    `##$COMMENT=${comment}`,
    '##XUNITS=M/Z',
    '##YUNITS=RELATIVE ABUNDANCE',
    `##FIRSTX=${peaks[0].mz.toFixed(4)}`,
    `##LASTX=${peaks[peaks.length - 1].mz.toFixed(4)}`,
    '##MAXY=100',
    `##NPOINTS=${peaks.length}`,
    '##PEAK TABLE=(XY..XY)',
    ...peaks.map((p) => `${p.mz.toFixed(4)}, ${p.intensity.toFixed(4)}`),
    '##END=',
  ];
  return `${lines.join('\n')}\n`;
}
