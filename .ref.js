const { loadChemistry } = require('./out/src/service/chemistry');
const table = require('./test/service/reference/reference-table.json');
(async () => {
  const c = await loadChemistry(); await c.prepareInchi();
  const bad = {};
  const add = (k, r, extra) => (bad[k] ??= []).push(`${r.name} | ${r.smiles} | ${extra}`);
  const t0 = Date.now();
  for (const r of table.rows) {
    const f = c.describe(r.smiles);
    if (!f) { add('describe', r, ''); continue; }
    if (f.inchi !== r.inchi) add('inchi', r, `${f.inchi} vs ${r.inchi}`);
    if (f.formula !== r.formula) add('formula', r, `${f.formula} vs ${r.formula}`);
    if (Math.abs(f.monoisotopicMass - r.exactMass) > 0.001) add('mono', r, `${f.monoisotopicMass} vs ${r.exactMass}`);
    if (Math.abs(f.averageMass - r.averageMass) > 0.01) add('avg', r, `${f.averageMass} vs ${r.averageMass}`);
    const key = await c.inchiKeyOfInchi(r.inchi);
    if (key !== r.inchiKey) add('key', r, `${key} vs ${r.inchiKey}`);
    const mol = await c.molFromInchiAsync(r.inchi);
    if (!mol) add('inchi2mol', r, r.inchi);
  }
  for (const [k, v] of Object.entries(bad)) { console.log('==', k, v.length); for (const l of v.slice(0, 12)) console.log('  ', l); }
  console.log(Date.now() - t0, 'ms');
})();
