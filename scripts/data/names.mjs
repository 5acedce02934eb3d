// Which of a compound's names becomes its common name: the lowest rank wins, then the first met.

const TRIVIAL_STEM = /^[A-Za-z-]+$/;

/** `d-glucose` → `D-glucose`; `diazepam` → `Diazepam`. */
const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** Names of one CML entry: [{name, rank}]. The file name is a common name when it is a plain word (no locants). */
export function cmlNames(entry) {
  const names = [];
  const stemName = entry.stem.replace(/_/g, ' ');
  if (TRIVIAL_STEM.test(entry.stem)) names.push({ name: capitalise(entry.stem), rank: 1 });
  if (entry.iupacName) names.push({ name: entry.iupacName, rank: 4 });
  names.push({ name: stemName, rank: 6 });
  return names;
}

/** Drawing names (Ring3, Chair1, ring 6 chair) rather than compound names. */
const GENERIC_GROUPS = new Set(['Rings', '3D Templates']);

/** Names of one ketcher-react entry. Amino acids are labelled `ALA-D-Alanine`; 3D templates end in `_dative` etc. */
export function ketcherNames(title, fields) {
  const names = [];
  const group = fields.group ?? '';
  if (group === 'Salts and Solvents') {
    if (fields.name) names.push({ name: fields.name, rank: 2 });
  } else {
    const label = title.trim();
    const code = /^([A-Z]{3})-(.+)$/.exec(label);
    const clean = (code ? code[2] : label).replace(/_(haptic|dative|covalent)$/, '');
    names.push({ name: clean, rank: GENERIC_GROUPS.has(group) ? 5 : 3 });
  }
  for (const other of [title, fields.abbreviation]) if (other) names.push({ name: other.trim(), rank: 6 });
  return names;
}

export function pickCommonName(ranked) {
  let best;
  for (const candidate of ranked) if (!best || candidate.rank < best.rank) best = candidate;
  return best?.name ?? '';
}
