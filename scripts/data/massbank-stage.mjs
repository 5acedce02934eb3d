// The MassBank stage of the data build: openly licensed records → compounds (computed by the service's chemistry,
// checked against each record's own InChIKey) and their measured spectra (JCAMP-DX peak tables).
import fs from 'node:fs';
import { listRecordFiles, parseRecord, subtags, spectrumType, submittedDate, linksOf, OPEN_LICENSES, MASSBANK } from './massbank.mjs';
import { massSpectrumJcamp } from './jcamp.mjs';
import { judgeRecord } from './collection-rules.mjs';

/**
 * Reads every record under `root`. Returns {compounds: Map(inchiKey → {facts, names, refs, accessions, spectra}),
 * spectra: [{record, inchiKey}], stats}. `resolve(smiles, sourceKey, sourceInchi)` is the structure rule (see
 * resolveStructure), memoised here per distinct triple. A record the collection's rules refuse
 * (./collection-rules.mjs; `rdkit` is RDKit MinimalLib) gives nothing: no spectrum, name or reference.
 */
export function readMassBank(root, chemistry, rdkit, log) {
  const files = listRecordFiles(root);
  const stats = { files: files.length, byLicense: {}, kept: 0, noStructure: [], unreadable: [], disagreements: [], noType: 0, rules: {} };
  const resolved = new Map();
  const compounds = new Map();
  const spectra = [];
  for (const file of files) {
    const record = parseRecord(fs.readFileSync(file, 'utf8'));
    stats.byLicense[record.license ?? 'none'] = (stats.byLicense[record.license ?? 'none'] ?? 0) + 1;
    if (!OPEN_LICENSES.has(record.license)) continue;
    stats.kept++;
    const smiles = (record.one('CH$SMILES') ?? '').trim();
    const sourceKey = /^INCHIKEY (\S+)/.exec((record.fields.get('CH$LINK') ?? []).find((l) => l.startsWith('INCHIKEY ')) ?? '')?.[1];
    const sourceInchi = (record.one('CH$IUPAC') ?? '').trim();
    if ((!smiles || smiles === 'N/A') && !sourceInchi.startsWith('InChI=')) {
      stats.noStructure.push(record.accession);
      continue;
    }
    const triple = `${smiles}\u0000${sourceKey ?? ''}\u0000${sourceInchi}`;
    let outcome = resolved.get(triple);
    if (!outcome) {
      outcome = resolveStructure(chemistry, smiles, sourceKey, sourceInchi);
      resolved.set(triple, outcome);
      if (outcome.note) stats.disagreements.push(`${record.accession}: ${outcome.note}`);
    }
    if (!outcome.facts) {
      stats.unreadable.push(`${record.accession}: ${outcome.note}`);
      continue;
    }
    const names = (record.fields.get('CH$NAME') ?? []).map((n) => n.trim()).filter(Boolean);
    const judged = judgeRecord(rdkit, outcome.facts, statedIon(record), names);
    if (judged.rule) (stats.rules[judged.rule] ??= []).push({ accession: record.accession, inchiKey: outcome.facts.inchiKey, name: names[0] ?? '', detail: judged.detail });
    if (!judged.keep) continue;
    const key = outcome.facts.inchiKey;
    let compound = compounds.get(key);
    if (!compound) {
      compound = { facts: outcome.facts, names: [], firstNames: new Map(), refs: [], accessions: [], spectra: 0 };
      compounds.set(key, compound);
    }
    if (names[0]) compound.firstNames.set(names[0], (compound.firstNames.get(names[0]) ?? 0) + 1);
    compound.names.push(...names);
    compound.refs.push(...linksOf(record));
    compound.accessions.push(record.accession);
    compound.spectra++;
    if (!spectrumType(record)) stats.noType++;
    spectra.push({ record, inchiKey: key });
  }
  const refused = Object.entries(stats.rules)
    .map(([rule, list]) => `${rule} ${list.length}`)
    .join(', ');
  log(`MassBank: ${files.length} records, ${stats.kept} openly licensed, ${compounds.size} compounds, ${stats.disagreements.length} structure disagreements; the collection's rules: ${refused}`);
  return { compounds, spectra, stats };
}

/** What a record states about its precursor ion, for the collection's rules. */
export function statedIon(record) {
  const focused = subtags(record, 'MS$FOCUSED_ION');
  return {
    precursor: focused.get('PRECURSOR_M/Z'),
    adduct: focused.get('PRECURSOR_TYPE'),
    ionMode: subtags(record, 'AC$MASS_SPECTROMETRY').get('ION_MODE'),
    instrumentType: record.one('AC$INSTRUMENT_TYPE'),
    exactMass: record.one('CH$EXACT_MASS'),
  };
}

/**
 * The rule for a record whose values disagree (written in data/README.md):
 * 1. the structure of CH$SMILES, when its computed InChIKey is the record's own (or the record gives none);
 * 2. else the structure of the record's InChI (CH$IUPAC), when that gives the record's InChIKey;
 * 3. else the structure of CH$SMILES, reported (the record's InChIKey is then not used);
 * 4. a SMILES that does not parse falls back to the InChI; neither: the record is left out, reported.
 * A structure whose canonical SMILES or 2D MOL does not give back its own InChIKey is read again from that SMILES
 * (as the first stage does); if that still disagrees the record is left out, reported.
 */
export function resolveStructure(chemistry, smiles, sourceKey, sourceInchi) {
  const fromSmiles = smiles && smiles !== 'N/A' ? consistent(chemistry, chemistry.describe(smiles)) : undefined;
  if (fromSmiles && (!sourceKey || fromSmiles.inchiKey === sourceKey)) return { facts: fromSmiles };
  let fromInchi;
  if (sourceInchi.startsWith('InChI=')) {
    const mol = chemistry.molFromInchi(sourceInchi);
    fromInchi = mol ? consistent(chemistry, chemistry.describe(mol)) : undefined;
  }
  if (fromInchi && sourceKey && fromInchi.inchiKey === sourceKey) {
    return { facts: fromInchi, note: `SMILES gives ${fromSmiles?.inchiKey ?? 'no structure'}, the record's InChI gives its InChIKey ${sourceKey}: InChI used` };
  }
  if (fromSmiles) return { facts: fromSmiles, note: `record InChIKey ${sourceKey} disagrees with its SMILES (${fromSmiles.inchiKey}) and its InChI (${fromInchi?.inchiKey ?? 'unreadable'}): SMILES used` };
  if (fromInchi) return { facts: fromInchi, note: `SMILES unreadable; InChI used (${fromInchi.inchiKey}${sourceKey ? `, record says ${sourceKey}` : ''})` };
  return { facts: undefined, note: 'neither SMILES nor InChI can be read' };
}

/** Facts whose canonical SMILES and 2D MOL give back their own InChIKey (else undefined). */
function consistent(chemistry, facts) {
  if (!facts) return undefined;
  if (chemistry.inchiKeyOf(facts.smiles) === facts.inchiKey && chemistry.inchiKeyOf(facts.mol2D) === facts.inchiKey) return facts;
  const again = chemistry.describe(facts.smiles);
  if (again && chemistry.inchiKeyOf(again.smiles) === again.inchiKey && chemistry.inchiKeyOf(again.mol2D) === again.inchiKey) return again;
  return undefined;
}

/** Common name: the first CH$NAME most records of the compound give; ties go to the shorter, then the first met. */
export function massBankCommonName(compound) {
  let best;
  for (const [name, count] of compound.firstNames) {
    if (!best || count > best.count || (count === best.count && name.length < best.name.length)) best = { name, count };
  }
  return best?.name ?? compound.names[0] ?? '';
}

/** Attribution of one record, as carried by its spectrum's comments and data file. */
export function attribution(record) {
  const licence = OPEN_LICENSES.get(record.license);
  return {
    accession: record.accession,
    authors: record.one('AUTHORS') ?? '',
    copyright: record.one('COPYRIGHT') ?? '',
    publication: record.one('PUBLICATION') ?? '',
    license: record.license,
    licenseName: licence.name,
    licenseUrl: licence.url,
    url: MASSBANK.recordUrl(record.accession),
  };
}

/** The older interface's spectrum info and JCAMP-DX data file of one kept record. */
export function spectrumOf(record, spcId, recordId) {
  const ms = subtags(record, 'AC$MASS_SPECTROMETRY');
  const focused = subtags(record, 'MS$FOCUSED_ION');
  const who = attribution(record);
  const type = spectrumType(record) ?? 'MS';
  const level = ms.get('MS_TYPE') ?? '';
  const precursor = focused.get('PRECURSOR_M/Z');
  const precursorType = focused.get('PRECURSOR_TYPE');
  const energy = ms.get('COLLISION_ENERGY');
  const instrument = record.one('AC$INSTRUMENT') ?? '';
  const instrumentType = record.one('AC$INSTRUMENT_TYPE') ?? '';
  const parts = [
    `Measured ${level || 'mass'} spectrum, ${type}`,
    precursor ? `precursor m/z ${precursor}${precursorType ? ` ${precursorType}` : ''}` : precursorType ? `precursor ${precursorType}` : '',
    energy ? `collision energy ${energy}` : '',
    instrument || instrumentType ? `${instrument}${instrumentType ? ` (${instrumentType})` : ''}` : '',
  ].filter(Boolean);
  const comments =
    `${parts.join('; ')}. ${record.one('RECORD_TITLE') ?? ''}. ` +
    `From MassBank record ${who.accession}; authors: ${who.authors}; ${who.copyright || 'no copyright line'}; licence ${who.licenseName} (${who.licenseUrl}).`;
  const fileName = `${record.accession}.jdx`;
  const date = submittedDate(record);
  const info = { spc_id: spcId, spc_type: type, csid: recordId, file_name: fileName, comments, original_url: who.url };
  if (date) info.submitted_date = date;
  const data = massSpectrumJcamp({
    title: record.one('RECORD_TITLE') ?? record.accession,
    who,
    date,
    formula: record.one('CH$FORMULA'),
    cas: (record.fields.get('CH$LINK') ?? []).find((l) => l.startsWith('CAS '))?.slice(4),
    instrument,
    instrumentType,
    type,
    level,
    precursor,
    precursorType,
    energy,
    recordId,
    peaks: record.peaks,
  });
  return { info, data };
}
