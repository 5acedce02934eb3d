// Records that agree with themselves (issue 8, item 10): the InChIKey of a record's SMILES, 2D MOL and 3D MOL is the
// record's (test/support/collection-checks/toolkit.ts checks it over the shipped data). The rule, in order (also in
// data/README.md):
// 1. a MOL block whose double bonds get a configuration from their coordinates that the record leaves open (porphin,
//    the annulenes) has those bonds marked "either" (V2000 bond stereo 3);
// 2. a 3D block that defines stereocentres the record leaves partly open (AMP, ADP, ATP, the alpha-D-pyranoses: their
//    names mean one defined compound) becomes the record's structure when its own SMILES gives back its InChIKey and
//    no other record holds that InChIKey and the 3D coordinates come from the source (never from a generated conformer);
// 3. otherwise a 3D block that fixes a configuration the record leaves open (2-butanol, 2-ethylhexanol, bridged
//    bicycles, cubane) is replaced by the 2D layout, its comment line saying so.

/** V2000 block with every double bond of stereo 0 marked 3 ("either"). */
export function markDoubleBondsEither(block) {
  const lines = block.split('\n');
  const counts = /^\s*(\d+)\s*(\d+)/.exec(lines[3] ?? '');
  if (!counts || !lines[3].includes('V2000')) return block;
  const atoms = Number(lines[3].slice(0, 3));
  const bonds = Number(lines[3].slice(3, 6));
  for (let i = 0; i < bonds; i++) {
    const line = lines[4 + atoms + i];
    if (line && Number(line.slice(6, 9)) === 2 && Number(line.slice(9, 12) || 0) === 0) lines[4 + atoms + i] = `${line.slice(0, 9)}  3${line.slice(12)}`;
  }
  return lines.join('\n');
}

/** The block itself, or with its double bonds marked either when that alone gives `key`; undefined otherwise. */
function agreeing(chemistry, block, key) {
  if (chemistry.inchiKeyOf(block) === key) return block;
  const marked = markDoubleBondsEither(block);
  return chemistry.inchiKeyOf(marked) === key ? marked : undefined;
}

const stereoLayers = (inchi) => inchi.split('/').filter((l) => /^[tbms]/.test(l));
const withoutStereo = (inchi) => inchi.split('/').filter((l) => !/^[tbms]/.test(l)).join('/');

/**
 * Makes `record` agree with itself, in place (its ID, names and sources stay). Returns a line for the build's report
 * when something changed, else undefined. `replace3D(record)` gives the 2D-layout stand-in for mol3D; `mayComplete(key)`
 * says whether the record may take that InChIKey (no other record holds it and its 3D block came from a source).
 */
export function makeSelfConsistent(record, chemistry, replace3D, mayComplete) {
  const notes = [];
  const mol2D = agreeing(chemistry, record.mol2D, record.inchiKey);
  if (mol2D && mol2D !== record.mol2D) {
    record.mol2D = mol2D;
    notes.push('2D double bonds marked either');
  }
  if (chemistry.inchiKeyOf(record.mol3D) === record.inchiKey) return notes.length ? `${record.id} ${record.commonName}: ${notes.join('; ')}` : undefined;
  const mol3D = agreeing(chemistry, record.mol3D, record.inchiKey);
  if (mol3D) {
    record.mol3D = mol3D;
    notes.push('3D double bonds marked either');
    return `${record.id} ${record.commonName}: ${notes.join('; ')}`;
  }
  const own = chemistry.describe(record.mol3D);
  const partlyDefined = stereoLayers(record.inchi).length > 0;
  if (own && partlyDefined && mayComplete(own.inchiKey) && withoutStereo(own.inchi) === withoutStereo(record.inchi) && chemistry.inchiKeyOf(own.smiles) === own.inchiKey) {
    const before = record.inchiKey;
    const { mol2D: _unused, ...facts } = own;
    const fresh = chemistry.describe(own.smiles);
    Object.assign(record, facts, { mol2D: fresh.mol2D });
    return `${record.id} ${record.commonName}: stereo completed from its 3D coordinates (${before} → ${record.inchiKey})`;
  }
  const from3D = chemistry.inchiKeyOf(record.mol3D);
  record.mol3D = replace3D(record);
  return `${record.id} ${record.commonName}: 3D block (${from3D}) replaced by the 2D layout, the record leaves that configuration open`;
}
