// data/LICENSES.md and data/README.md, written by the build so they always describe the files beside them.
import fs from 'node:fs';
import path from 'node:path';

export function writeLicenses(dataDir, { debianCopyright, debianVersion, ketcher, apacheLicenseText }) {
  const text = `# Licences of the shipped data

The files in this folder are derived from two openly licensed sources. Their notices travel with the data.

## chemical-structures-data (Debian package, version ${debianVersion}) — BSD-3-Clause

Every record whose datasources include \`chemical-structures-data\` (structures, names and 3D coordinates)
comes from the CML files of this package. Its copyright file, unchanged:

\`\`\`
${debianCopyright.trim()}
\`\`\`

(Jmol.js, named at the end of that file, is not part of the data used here.)

## ketcher-react (npm package, version ${ketcher.version}) — ${ketcher.license}

Every record whose datasources include \`ketcher-react\` (structures and names) comes from the structure libraries
bundled in this package's \`dist/index.js\`. Its notice, as written at the top of that file:

\`\`\`
${ketcher.notice}
\`\`\`

Changes made: the structures were read from the bundle's SDF strings, converted (canonical SMILES, InChI, formula,
masses, new 2D coordinates, generated 3D coordinates) and merged with the other source by InChIKey.

## Calculated values

Everything else here (identifiers, masses, coordinates generated with openchemlib, the calculated isotope-pattern
spectra in \`spectra/\`) is computed by this project's build script and carries the project's licence.

## Apache License 2.0, full text

\`\`\`
${apacheLicenseText.trim()}
\`\`\`
`;
  fs.writeFileSync(path.join(dataDir, 'LICENSES.md'), text);
}

export function writeReadme(dataDir, { stats, debianVersion, ketcherVersion, buildDate }) {
  const list = (items) => (items.length ? items.map((s) => `- ${s}`).join('\n') : '- none');
  const text = `# Shipped data of the local service

Built by \`scripts/build-data.mjs\` (\`npm run build:data\`) on ${buildDate.slice(0, 10)}. The built files are committed:
a fresh checkout needs neither apt nor the script. Licences: [LICENSES.md](LICENSES.md).

## What is here

| file | content |
|---|---|
| \`compounds.json.gz\` | ${stats.records} compound records (gzip of one JSON object, format \`compound-db-collection/1\`) |
| \`spectra/index.json\` | ${stats.spectra} spectrum info objects (older interface, contract 2.2) |
| \`spectra/*.jdx\` | their data files, JCAMP-DX 5.01 |

Sources (each is one datasource):

| datasource | what | entries read | records holding it |
|---|---|---|---|
| \`chemical-structures-data\` | Debian package ${debianVersion}, BSD-3-Clause: CML files with IUPAC names and 3D coordinates, in class folders | ${stats.entries['chemical-structures-data']} | ${stats.perSource['chemical-structures-data']} |
| \`ketcher-react\` | npm package ${ketcherVersion}, Apache-2.0: named structure libraries (amino acids, sugars, nucleobases, rings, crown ethers, salts and solvents, 3D templates) bundled as SDF strings; its "Functional Groups" library (abbreviations with attachment points) is left out | ${stats.entries['ketcher-react']} | ${stats.perSource['ketcher-react']} |

${stats.both} records are in both. Entries with the same standard InChIKey are one record.

## The record fields (src/service/store/record.ts) and how each is made

- \`id\`: records are sorted by InChIKey and numbered from 1, so rebuilding from the same sources gives the same IDs.
- \`smiles\` (RDKit canonical), \`inchi\`, \`inchiKey\` (standard, RDKit's InChI), \`formula\` (Hill order, isotopes as
  \`[2H]\`, net charge as a trailing sign and size: \`C2H3O2-\`, \`O4S-2\`), computed by \`src/service/chemistry\`.
- Masses (mf-parser, one convention): sums of neutral atomic masses, no electron-mass correction for ions;
  \`averageMass\` = \`molecularWeight\` (natural abundances; a labelled atom counts with its isotope's mass);
  \`nominalMass\` = sum of the mass numbers of each element's most abundant isotope.
- \`alogp\`: RDKit's Crippen logP. \`xlogp\`: 0 (not computed).
- \`commonName\`: the file name of a CML file when it is a plain word (\`diazepam\` → \`Diazepam\`), else ketcher-react's
  name of a salt or solvent, else its template name (\`ALA-D-Alanine\` → \`D-Alanine\`), else the CML's IUPAC name, else
  a ketcher drawing name (\`Ring3\`). Every other name of every entry is in \`synonyms\`.
- \`mol2D\`: new 2D coordinates from RDKit (deterministic, no timestamp).
- \`mol3D\`: first line = the record ID. The CML's own 3D coordinates when the Debian package holds the compound;
  else ketcher-react's 3D template coordinates; else ${stats.generated3D} conformers generated at build time with
  openchemlib's ConformerGenerator (fixed seed). Where openchemlib finds no conformer, \`mol3D\` is the 2D block with
  the comment line \`no 3D coordinates: this is the 2D layout\`: ${stats.no3D.length ? stats.no3D.join(', ') : 'none'}.
- \`originalMol\`: the first source entry as loaded: for a CML file, a V2000 block written from its atoms, bonds,
  charges and 3D coordinates (comment line = package and file); for ketcher-react, its SDF molfile unchanged.
  ${stats.nitrogenFixed.length} CML files write nitrogen without its formal charge (nitro groups as \`N(=O)=O\` or as an
  uncharged \`N(=O)O\`; an iminium as a neutral four-bonded N), which RDKit and InChI refuse. For every computed field
  their structure is normalised to \`[N+](=O)[O-]\` (or \`[N+]\`), while \`originalMol\` keeps the file's form:
  ${stats.nitrogenFixed.join(', ')}.
- \`dataSources\`, \`externalReferences\`: one reference per source entry: \`{source, sourceUrl, externalId, externalUrl}\`
  with the Debian package page and the file's path in the package (\`drugs/diazepam.cml\`, listed on the package's file
  list page), or ketcher-react's package page and \`library/name\`.
- Counts, derived only from what the sources say: \`dataSourceCount\` = datasources holding the record (1 or 2);
  \`referenceCount\` = its external references (a compound listed in two ketcher-react libraries has two);
  \`articleCount\` = \`orgCount\` = 0, since neither source gives literature or organisation references.
- \`elements\`, \`components\`, \`hasMetal\`, \`isotopic\`: from the structure, for the element filter's options.
- No PNGs are stored: the service renders them from the structure on demand.

Entries left out (RDKit cannot read them, no standard InChI, or their SMILES does not give back their InChIKey):

${list(stats.skipped)}

Entries whose stereo, perceived from their coordinates, does not survive their canonical SMILES (ring double bonds of
small rings, cage bridgeheads, aromatic annulenes): when the SMILES only drops stereo layers (never when it would change
them), their record is the structure of that SMILES without them, so that the stored
SMILES, InChI and InChIKey agree (old InChI → stored InChI):

${list(stats.fromSmiles)}

CML files whose own pre-standard InChI (\`InChI=1/...\`) disagrees with the InChI computed from their atoms, bonds and
3D coordinates, compared on the layers both share (a check, not a correction):

${list(stats.oldInchiDisagreements)}

## Spectra

\`spectra/index.json\` is a JSON array of info objects with the keys of contract 2.2:
\`spc_id\` (positive integer, unique over all loaded folders), \`spc_type\` (e.g. \`EI\`, \`HNMR\`), \`csid\` (the record
ID), \`file_name\` (a plain file name in the same folder), and the optional \`comments\`, \`original_url\`,
\`submitted_date\` (\`YYYY-MM-DDThh:mm:ss\`). The shipped spectra are calculated isotope patterns of the molecular ion
(natural isotope abundances from mf-parser, unit resolution, m/z = mass of the isotopologues less one electron),
type \`EI\`, each comment saying it is calculated and not measured; no fragments are modelled.

More spectra: \`npm run serve -- --spectra DIR\`, where DIR holds JCAMP-DX (or any text) files and an \`index.json\`
in this format, whose \`csid\` values are record IDs of the running service.

## User SDF files

\`--data FILE.sdf\` (repeatable) adds each file as a datasource named after the file. Names come from a
\`common_name\`/\`name\`/\`title\` field or the MOL title line; \`*synonym*\` fields add synonyms; an \`id\`/\`cas\` field
(else the entry's position) is the external ID. 3D: the file's own coordinates when they are 3D; otherwise
generated with openchemlib when it is installed (it is a devDependency; at most 200 per file); otherwise \`mol3D\` is
the 2D block, its comment line saying \`no 3D coordinates: this is the 2D layout\`.

## Rebuilding

\`\`\`
apt-get install chemical-structures-data   # the CML files, under /usr/share/chemical-structures
npm run build:data                         # compiles, unpacks ketcher-react@${ketcherVersion} with npm pack, writes data/
\`\`\`

The Debian folder can be given with \`CHEMICAL_STRUCTURES_DIR\`. \`BUILD_DATE\` and the ketcher-react version are fixed
in the script, so a rebuild from the same sources writes the same files.
`;
  fs.writeFileSync(path.join(dataDir, 'README.md'), text);
}
