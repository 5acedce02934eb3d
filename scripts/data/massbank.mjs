// MassBank records (one text file per spectrum, `MSBNK-*.txt` in contributor folders): reading, the licence filter,
// and what the data build takes from each record. Format: https://github.com/MassBank/MassBank-web (Record Format).
import fs from 'node:fs';
import path from 'node:path';

/**
 * Licences kept: redistribution allowed with no non-commercial and no no-derivatives clause. CC BY-SA is kept: the
 * spectra files made from such records carry CC BY-SA in their own header and data/LICENSES.md (see there).
 */
export const OPEN_LICENSES = new Map([
  ['CC0', { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' }],
  ['CC BY', { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' }],
  ['CC BY-SA', { name: 'CC BY-SA 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' }],
  ['dl-de/by-2-0', { name: 'Data licence Germany – attribution – version 2.0', url: 'https://www.govdata.de/dl-de/by-2-0' }],
]);

/** Every `MSBNK-*.txt` below `root`, in a fixed (sorted) order so that the build is deterministic. */
export function listRecordFiles(root) {
  const files = [];
  const walk = (dir) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^MSBNK-.*\.txt$/.test(entry.name)) files.push(full);
    }
  };
  walk(root);
  return files;
}

/**
 * One record as {accession, license, fields: Map(tag → [values]), peaks: [[mz, int, relInt] as written]}.
 * A linear line scan: `TAG: value` lines, and the indented lines of the multi-line PK$PEAK block (its tokens kept as
 * strings, so peak lists round-trip byte for byte).
 */
export function parseRecord(text) {
  const fields = new Map();
  const peaks = [];
  let inPeaks = false;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('  ')) {
      if (inPeaks) {
        const tokens = line.trim().split(/\s+/);
        if (tokens.length >= 2) peaks.push(tokens);
      }
      continue;
    }
    inPeaks = false;
    const colon = line.indexOf(': ');
    if (colon <= 0) continue;
    const tag = line.slice(0, colon);
    const value = line.slice(colon + 2);
    if (tag === 'PK$PEAK') inPeaks = true;
    const list = fields.get(tag);
    if (list) list.push(value);
    else fields.set(tag, [value]);
  }
  const one = (tag) => fields.get(tag)?.[0];
  return { accession: one('ACCESSION'), license: one('LICENSE'), fields, one, peaks };
}

/** `AC$MASS_SPECTROMETRY: ION_MODE POSITIVE` style sub-tags of one field: Map(subtag → value). */
export function subtags(record, tag) {
  const map = new Map();
  for (const value of record.fields.get(tag) ?? []) {
    const space = value.indexOf(' ');
    const key = space < 0 ? value : value.slice(0, space);
    if (!map.has(key)) map.set(key, space < 0 ? '' : value.slice(space + 1));
  }
  return map;
}

/** Ionisation techniques of AC$INSTRUMENT_TYPE (`LC-ESI-QTOF`, `GC-EI-TOF`, `MALDI-TOFTOF`), most specific first. */
const IONISATIONS = ['nano-ESI', 'ESI', 'APCI', 'APPI', 'MALDI', 'FAB', 'SIMS', 'EI', 'CI', 'FD', 'FI'];

/**
 * The older interface's spectrum type (spec 2.5 vocabulary: EI, ESI+, ESI-, APCI+, APPI-, MALDI+, CI+ve, CI-ve, ...)
 * from the record's ionisation (AC$MASS_SPECTROMETRY IONIZATION, else the technique in AC$INSTRUMENT_TYPE) and ion
 * mode. Techniques the vocabulary does not name (FAB, FD, FI, SIMS) follow its `ESI+` pattern. MS level is not part
 * of the vocabulary; it is in the spectrum's comments.
 */
export function spectrumType(record) {
  const ms = subtags(record, 'AC$MASS_SPECTROMETRY');
  const instrumentType = record.one('AC$INSTRUMENT_TYPE') ?? '';
  let technique = ms.get('IONIZATION');
  if (!technique) technique = IONISATIONS.find((t) => instrumentType.split('-').includes(t));
  if (!technique) return undefined;
  if (technique === 'nano-ESI') technique = 'ESI';
  const mode = ms.get('ION_MODE');
  const positive = mode === 'POSITIVE' || mode === 'P';
  const negative = mode === 'NEGATIVE' || mode === 'N';
  if (technique === 'EI') return negative ? 'EI-' : 'EI';
  if (technique === 'CI') return negative ? 'CI-ve' : 'CI+ve';
  if (!positive && !negative) return technique;
  return `${technique}${positive ? '+' : '-'}`;
}

/** `2014.01.14` or `2016.01.19 (Created 2008.10.21, modified 2011.05.06)` → `2014-01-14T00:00:00`. */
export function submittedDate(record) {
  const m = /^(\d{4})\.(\d{2})\.(\d{2})/.exec(record.one('DATE') ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}T00:00:00` : undefined;
}

export const MASSBANK = {
  name: 'MassBank',
  url: 'https://massbank.eu/MassBank/',
  recordUrl: (accession) => `https://massbank.eu/MassBank/RecordDisplay?id=${encodeURIComponent(accession)}`,
};

/**
 * CH$LINK databases kept as external references, with a stable address where one exists. This is an allow-list:
 * link kinds not named here (the classification ChemOnt, the InChIKey itself, and databases of the kind this
 * project implements) are left out.
 */
const LINKS = {
  CAS: { source: 'CAS', home: 'https://commonchemistry.cas.org/', url: (id) => `https://commonchemistry.cas.org/detail?cas_rn=${id}`, pattern: /^\d{2,7}-\d{2}-\d$/ },
  CHEBI: { source: 'ChEBI', home: 'https://www.ebi.ac.uk/chebi/', url: (id) => `https://www.ebi.ac.uk/chebi/searchId.do?chebiId=CHEBI:${id}`, pattern: /^\d+$/, strip: /^CHEBI:/i },
  KEGG: { source: 'KEGG', home: 'https://www.kegg.jp/', url: (id) => `https://www.kegg.jp/entry/${id}`, pattern: /^[CDG]\d{5}$/ },
  PUBCHEM: { source: 'PubChem', home: 'https://pubchem.ncbi.nlm.nih.gov/', url: (id) => `https://pubchem.ncbi.nlm.nih.gov/compound/${id}`, pattern: /^\d+$/, strip: /^CID:/i, only: /^CID:/i },
  COMPTOX: { source: 'CompTox', home: 'https://comptox.epa.gov/dashboard/', url: (id) => `https://comptox.epa.gov/dashboard/chemical/details/${id}`, pattern: /^DTXSID\d+$/ },
  HMDB: { source: 'HMDB', home: 'https://hmdb.ca/', url: (id) => `https://hmdb.ca/metabolites/${id}`, pattern: /^HMDB\d+$/ },
  KNAPSACK: { source: 'KNApSAcK', home: 'http://www.knapsackfamily.com/KNApSAcK/', url: (id) => `http://www.knapsackfamily.com/knapsack_core/information.php?word=${id}`, pattern: /^C\d{8}$/ },
  LIPIDMAPS: { source: 'LIPID MAPS', home: 'https://www.lipidmaps.org/', url: (id) => `https://www.lipidmaps.org/databases/lmsd/${id}`, pattern: /^LM[A-Z]{2}\d{8,10}$/ },
  CHEMBL: { source: 'ChEMBL', home: 'https://www.ebi.ac.uk/chembl/', url: (id) => `https://www.ebi.ac.uk/chembl/compound_report_card/${id}/`, pattern: /^CHEMBL\d+$/ },
  ZINC: { source: 'ZINC', home: 'https://zinc.docking.org/', url: (id) => `https://zinc.docking.org/substances/${id}/`, pattern: /^ZINC\d+$/ },
  NIKKAJI: { source: 'NIKKAJI', home: 'https://jglobal.jst.go.jp/en/', pattern: /^J[\d.A-Z]+$/ },
  LIPIDBANK: { source: 'LipidBank', home: 'https://lipidbank.jp/', pattern: /^[A-Z]{3}\d{4}$/ },
};

/** External references of one record: [{source, sourceUrl, externalId, externalUrl}], in the record's order. */
export function linksOf(record) {
  const refs = [];
  for (const value of record.fields.get('CH$LINK') ?? []) {
    const space = value.indexOf(' ');
    if (space < 0) continue;
    const kind = LINKS[value.slice(0, space)];
    if (!kind) continue;
    const raw = value.slice(space + 1).trim();
    if (kind.only && !kind.only.test(raw)) continue;
    const id = kind.strip ? raw.replace(kind.strip, '') : raw;
    if (!kind.pattern.test(id)) continue;
    // No stable address for an entry: externalUrl is empty (the contract's field is a string).
    refs.push({ source: kind.source, sourceUrl: kind.home, externalId: kind.source === 'ChEBI' ? `CHEBI:${id}` : id, externalUrl: kind.url ? kind.url(id) : '' });
  }
  return refs;
}

/** The sources CH$LINK may contribute (for the datasource list), in a fixed order. */
export const LINK_SOURCES = Object.values(LINKS).map((k) => k.source);
