// data/LICENSES.md and data/README.md, written by the build so they always describe the files beside them.
import fs from 'node:fs';
import path from 'node:path';

/**
 * MassBank attribution, grouped by contributor (accession prefix) then by (licence, copyright, authors), each group
 * with its record count and first and last accession. Every spectrum's own comments and data file carry its line.
 */
function massBankAttribution(records) {
  const groups = new Map();
  for (const r of records) {
    const key = [r.license, r.one('COPYRIGHT') ?? '', r.one('AUTHORS') ?? '', r.accession.replace(/-[^-]*$/, '')].join('\u0000');
    const group = groups.get(key) ?? { accessions: [] };
    group.accessions.push(r.accession);
    groups.set(key, group);
  }
  const rows = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const cell = (t) => t.replace(/\|/g, '\\|');
  return [
    '| licence | copyright | authors | records | accessions |',
    '|---|---|---|---|---|',
    ...rows.map(([key, g]) => {
      const [license, copyright, authors] = key.split('\u0000');
      const sorted = g.accessions.sort();
      const span = sorted.length === 1 ? sorted[0] : `${sorted[0]} … ${sorted[sorted.length - 1]}`;
      return `| ${license} | ${cell(copyright || '(none given)')} | ${cell(authors)} | ${sorted.length} | ${span} |`;
    }),
  ].join('\n');
}

export function writeLicenses(dataDir, { massbank, massbankRelease, debianCopyright, debianVersion, ketcher, synonymSource, apacheLicenseText }) {
  const text = `# Licences of the shipped data

The files in this folder are derived from four openly licensed sources. Their notices travel with the data.

## MassBank (MassBank/MassBank-data, release ${massbankRelease}) — a licence per record

Every record whose datasources include \`MassBank\` (names, synonyms, external references) and every spectrum in
\`spectra/\` comes from the MassBank records listed below. Only records under these licences are used; records under
a licence with a non-commercial (CC BY-NC, CC BY-NC-SA) or no-derivatives (CC BY-NC-ND) clause are left out, and
the data build's tests check that none appears.

| licence | text |
|---|---|
| CC0 | https://creativecommons.org/publicdomain/zero/1.0/ |
| CC BY | https://creativecommons.org/licenses/by/4.0/ |
| CC BY-SA | https://creativecommons.org/licenses/by-sa/4.0/ |
| dl-de/by-2-0 | https://www.govdata.de/dl-de/by-2-0 (Data licence Germany – attribution – version 2.0) |

How their terms are kept:

- **Attribution** (CC BY, CC BY-SA, dl-de/by-2-0): every spectrum names its record's accession, authors, copyright line,
  licence and the record's address (\`https://massbank.eu/MassBank/RecordDisplay?id=ACCESSION\`), both in its comments
  (the older interface's \`comments\`) and in its data file's header (\`##ORIGIN\`, \`##OWNER\`, \`##$MASSBANK ACCESSION\`,
  \`##$LICENSE\`, \`##$SOURCE URL\`); the table below lists them all.
- **Changes** are stated (\`##$CHANGES\` in every data file): each record was converted to a JCAMP-DX peak table (m/z
  and intensity exactly as written; the record's other fields partly carried in the header), and its structure
  recomputed (identifiers, formula, masses, coordinates) by this project's chemistry.
- **Share-alike** (CC BY-SA): the spectra data files made from CC BY-SA records are adaptations and are offered under
  CC BY-SA 4.0, which each such file states in its own \`##$LICENSE\` line. The compound records that use their
  names and references are a collection of facts drawn from many records; they are offered under the same terms as
  their most restrictive source (CC BY-SA 4.0 where one of the compound's records is CC BY-SA). The project's code
  (MIT) is not an adaptation of the data and is not affected.
- No record is under a licence that forbids commercial use or derivatives, so the \`.vsix\` may be redistributed.

Attribution of the ${massbank.length} records used (contributor, licence, copyright, authors):

${massBankAttribution(massbank)}

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

## ${synonymSource.name} (${synonymSource.version}) — ${synonymSource.license}

The names in \`synonyms.json.gz\` come from the ${synonymSource.name}, which DrugBank releases as open data under the
Creative Commons CC0 1.0 Universal Public Domain Dedication (https://creativecommons.org/publicdomain/zero/1.0/), as
its release page (${synonymSource.url}) states. CC0 asks for nothing; the source is credited all the same, here and in
the file itself (its \`source\` field: name, version, licence, address and the SHA-256 of the CSV read). Only the
vocabulary's names are used, matched to this collection's records by InChIKey and filtered (README.md, "More
names"); DrugBank's other data, under other terms, is not used.

## Calculated values

Everything else here (identifiers, masses, coordinates generated with openchemlib) is computed by this project's
build script and carries the project's licence. No spectrum is calculated: every one in \`spectra/\` is measured.

## Apache License 2.0, full text

\`\`\`
${apacheLicenseText.trim()}
\`\`\`
`;
  fs.writeFileSync(path.join(dataDir, 'LICENSES.md'), text);
}

/** The collection's rules as data/README.md titles them (scripts/data/collection-rules.mjs), refused first. */
const RULE_TITLES = {
  precursor: 'Refused, rule 1: precursor not explained',
  labelled: 'Refused, rule 2: labelled standard',
  contradicts: 'Refused, rule 3: structure contradicts the record',
  peroxide: 'Refused, rule 4: O-O bond outside a peroxide',
  isotopologue: 'Kept, rule 1: precursor of a heavier isotopologue',
  'usual adduct': "Kept, rule 1: no adduct read, explained by a usual one",
};
const RULES_LISTED_IN_FULL = new Set(['labelled', 'contradicts', 'peroxide']);
const RULE_EXAMPLES = 40;

export function writeReadme(dataDir, { stats, debianVersion, ketcherVersion, buildDate }) {
  const list = (items) => (items.length ? items.map((s) => `- ${s}`).join('\n') : '- none');
  const text = `# Shipped data of the local service

Built by \`scripts/build-data.mjs\` (\`npm run build:data\`) on ${buildDate.slice(0, 10)}. The built files are committed:
a fresh checkout needs neither apt nor the script. Licences: [LICENSES.md](LICENSES.md).

## What is here

| file | content |
|---|---|
| \`compounds.json.gz\` | ${stats.records} compound records without their MOL blocks (gzip of one JSON object, format \`compound-db-collection/2\`) |
| \`molblocks.json.gz\` | their MOL blocks, read by the service on first use: a JSON array in the records' order of \`[mol2D, mol3D, originalMol]\`, \`mol3D\` null when it is the 2D layout titled with the ID, \`originalMol\` null when it is \`mol2D\` |
| \`identity-keys.json.gz\` | the identity levels' keys (shared/beyond-the-spec.md 4): \`{format, keys}\`, \`keys[inchiKey]\` = \`[parentKey, tautomerKey]\` (first InChIKey blocks of the largest organic part and of its \`-KET -15T\` InChI) for every structure whose keys are not both its own first block; written by \`scripts/build-identity-keys.mjs\` (the build runs it) |
| \`synonyms.json.gz\` | ${stats.synonyms.names} more names for ${stats.synonyms.records} records from the ${stats.synonyms.source.name} (see "More names" below): \`{format, source, synonyms}\`, \`synonyms[inchiKey]\` = the names that record gains as synonyms when the service loads the collection; written by \`scripts/build-synonyms.mjs\` (the build runs it) |
| \`spectra/packed-index.json.gz\` | ${stats.spectra} measured spectra: info objects (older interface, contract 2.2) and where each data file lies |
| \`spectra/spectra-NNN.jdx.gz\` | ${stats.packs.length} packs of their data files (JCAMP-DX 5.01 peak tables), each under 5 MB |
| \`structure-index.bin.gz\` | the structure index's fingerprints: each distinct structure's RDKit pattern fingerprint, Morgan bits and RDKit pickle (layout in \`src/service/search/structure/shipped-fingerprints.ts\`), made from \`compounds.json.gz\` alone, so the service's substructure and similarity search is ready as it starts |
| \`retired-ids.json\` | ${stats.retired} IDs earlier builds gave that this one does not serve (compounds left out or gone), each with its InChIKey and MassBank accessions, so that the next build keeps them and never reuses one (not read by the service) |

Sources (each is one datasource):

| datasource | what | entries read | records holding it |
|---|---|---|---|
| \`chemical-structures-data\` | Debian package ${debianVersion}, BSD-3-Clause: CML files with IUPAC names and 3D coordinates, in class folders | ${stats.entries['chemical-structures-data']} | ${stats.perSource['chemical-structures-data']} |
| \`ketcher-react\` | npm package ${ketcherVersion}, Apache-2.0: named structure libraries (amino acids, sugars, nucleobases, rings, crown ethers, salts and solvents, 3D templates) bundled as SDF strings; its "Functional Groups" library (abbreviations with attachment points) is left out | ${stats.entries['ketcher-react']} | ${stats.perSource['ketcher-react']} |

| \`MassBank\` | MassBank/MassBank-data release ${stats.massbank.release}: ${stats.massbank.files} records (one measured spectrum each), of which ${stats.massbank.kept} are under CC0, CC BY, CC BY-SA or dl-de/by-2-0 (${Object.entries(stats.massbank.byLicense).sort().map(([l, n]) => `${l} ${n}`).join(', ')}) | ${stats.massbank.kept} | ${stats.perSource.MassBank} |
| \`CAS\`, \`ChEBI\`, \`KEGG\`, \`PubChem\`, ... | identifiers the MassBank records cite (CH$LINK), as external references | | |

${stats.both} records are in both of the first two. Entries with the same standard InChIKey are one record.
${stats.massbank.merged} MassBank compounds were already in the collection (they gain MassBank's names, references and
spectra); ${stats.massbank.fresh} are new.

## The record fields (src/service/record.ts) and how each is made

- \`id\`: the records of the first two sources are sorted by InChIKey and numbered from 1 (as before MassBank was
  added, so those IDs did not change). A compound first met in MassBank keeps the ID a previous build gave it: by its
  InChIKey, else by its spectra's accessions (a compound whose computed InChIKey changed with the chemistry; the
  compound holding most of the old one's spectra gets its ID). The previous builds are the data/ being replaced and
  any older ones given with \`--previous DIR|REV\` (oldest first; a git revision's data/ is read with \`git show\`).
  New compounds get IDs after the highest any of them used, in InChIKey order, so a retired ID is never reused. The
  build then compares every record with each previous build: it fails if an ID would name a compound sharing nothing
  (InChIKey, CML file or ketcher-react entry, MassBank accession) with the one it named, and logs the compounds that
  moved to another ID. Rebuilding from the same inputs gives the same IDs.
- \`smiles\` (RDKit canonical), \`inchi\`, \`inchiKey\` (standard, RDKit's InChI), \`formula\` (Hill order, isotopes as
  \`[2H]\`, net charge as a trailing sign and size: \`C2H3O2-\`, \`O4S-2\`), computed by \`src/service/toolkits\`.
- Masses (mf-parser, one convention): sums of neutral atomic masses, no electron-mass correction for ions;
  \`averageMass\` = \`molecularWeight\` (natural abundances; a labelled atom counts with its isotope's mass);
  \`nominalMass\` = sum of the mass numbers of each element's most abundant isotope.
- \`alogp\`: RDKit's Crippen logP. \`xlogp\`: 0 (not computed).
- \`commonName\`: the file name of a CML file when it is a plain word (\`diazepam\` → \`Diazepam\`), else ketcher-react's
  name of a salt or solvent, else its template name (\`ALA-D-Alanine\` → \`D-Alanine\`), else the CML's IUPAC name, else
  a ketcher drawing name (\`Ring3\`). Every other name of every entry is in \`synonyms\`.
- MassBank compounds: computed from the record's \`CH$SMILES\` and checked against its own InChIKey (\`CH$LINK: INCHIKEY\`).
  The rule for a record that disagrees with itself: (1) the SMILES's structure when its InChIKey is the record's (or
  the record gives none); (2) else the structure of the record's InChI (\`CH$IUPAC\`, read by Indigo) when that gives
  the record's InChIKey; (3) else the SMILES's structure, and the record's InChIKey is not used; (4) a SMILES that does
  not parse falls back to the InChI; neither: the record is left out. Each case is reported by the build; the
  ${stats.massbank.disagreements.length} disagreements of this release are listed at the end of this file.
- \`commonName\` of a MassBank compound: the first \`CH$NAME\` most of its records give (ties: the shorter); every other
  \`CH$NAME\` of every record (trivial, IUPAC-like and systematic names) is a synonym. A compound of the first two
  sources keeps its name and gains MassBank's names as synonyms.
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
- \`mol3D\` of a compound new with MassBank (which gives no coordinates): generated with openchemlib for the
  ${stats.massbank.conformerBudget} compounds with the most spectra (${stats.massbank.generated3D} made; openchemlib takes
  seconds per compound, so the build has a budget, \`--conformers N\`, and caches them in
  \`node_modules/.cache/compound-db-build\`); the others have the 2D block with the comment line
  \`no 3D coordinates: this is the 2D layout\`, which the older interface's \`GetRecordMol calc3d\` then returns.
- MassBank compounds' \`originalMol\`: MassBank gives a SMILES, not a MOL block, so it is the 2D block made from it.
- MassBank external references: one to MassBank (its first record of the compound) and one per distinct identifier
  the records cite under \`CH$LINK\` for CAS, ChEBI, KEGG, PubChem (CID), CompTox, HMDB, KNApSAcK, LIPID MAPS, ChEMBL,
  ZINC (each with its stable entry address), NIKKAJI and LipidBank (no stable address: \`externalUrl\` is empty).
  Other link kinds are left out (the ChemOnt classification, and services of the kind this project implements).
  Each such database is a datasource in the datasource list.
- \`dataSources\`, \`externalReferences\` of the first two sources: one reference per source entry: \`{source, sourceUrl, externalId, externalUrl}\`
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

## More names: the ${stats.synonyms.source.name}

\`synonyms.json.gz\` holds names chemists use that no source above gives (\`Penicillin G\` for Benzylpenicillin), from
the ${stats.synonyms.source.name} (${stats.synonyms.source.license}; ${stats.synonyms.entries} of its entries have a standard InChIKey),
chosen by \`scripts/build-synonyms.mjs\` (rules in \`scripts/data/synonyms.mjs\`) after \`compounds.json.gz\` is written.
The service appends them to the records' \`synonyms\` as it loads the collection (memory and PostgreSQL stores alike),
so name search finds them second, after common names (shared/beyond-the-spec.md 4). They only add names: no record is
renamed, added or left out, and the datasource list is unchanged. The rules:

1. **Which entry.** The entry whose standard InChIKey is the record's (${stats.synonyms.matched.exact} records). Else, for a
   record without an isotope layer, the one entry, of those with the record's first InChIKey block and protonation
   flag (the same skeleton, stereo aside), that already gives one of the record's own names, case and spacing aside,
   and stereo descriptors aside too when the record defines no stereo (${stats.synonyms.matched.named} records). The first block
   alone never decides: the vocabulary may hold another stereoisomer or a labelled form of the skeleton
   (\`Ammonia N-13\` beside ammonia), and a record with no name in common with the entry takes nothing.
2. **Which names.** Left out: names over ${stats.synonyms.maxChars} or under ${stats.synonyms.minChars} characters (spelt-out systematic names; abbreviations such as
   \`PG\`); registry numbers; code names (letters and a number: \`NSC 1234\`, \`MK-0869\`); names in another language
   or script (accented letters); registry index spellings (inverted, \`Glucose, anhydrous\`, or in capitals); salt,
   hydrate or form names (\`hydrochloride\`, \`sodium\`, \`anhydrous\`, \`impurity\`) on a single-component structure;
   names that say the compound is labelled, as rule 2 below reads them (\`Vitamin-D3\` as \`-d3\`), on a structure
   without isotopes;
   names that spell out stereo for a record that defines none while the entry does; names the record has; names
   another record has (case and spacing aside); names OPSIN reads to another formula whose skeleton another record
   holds (as the collection's own names are judged, above); names the vocabulary would give to two skeletons.
3. **How many.** At most ${stats.synonyms.maxPerRecord} per record: the entry's common name first, then the shorter names (those typed)
   before the longer.

This build: ${stats.synonyms.records} records gain ${stats.synonyms.names} names.

| left out | names |
|---|---|
${Object.entries(stats.synonyms.counts.junk)
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([reason, n]) => `| ${reason} | ${n} |`)
  .join('\n')}
| the record has it | ${stats.synonyms.counts.own} |
| another record has it | ${stats.synonyms.counts.otherRecord} |
| OPSIN reads another record's structure | ${stats.synonyms.counts.opsin} |
| given to two skeletons | ${stats.synonyms.counts.twoSkeletons} |
| over ${stats.synonyms.maxPerRecord} per record | ${stats.synonyms.counts.overCap} |

Records matched by skeleton and name (the first ${stats.synonyms.examples.named.length}):

${list(stats.synonyms.examples.named)}

Names another record has (the first ${stats.synonyms.examples.otherRecord.length}):

${list(stats.synonyms.examples.otherRecord)}

Names OPSIN reads as another record's structure:

${list(stats.synonyms.examples.opsin)}

Examples of each kind left out:

${list(Object.entries(stats.synonyms.examples.junk).sort(([a], [b]) => (a < b ? -1 : 1)).map(([reason, names]) => `${reason}: ${names.map((n) => `\`${n}\``).join(', ')}`))}

## Records that agree with themselves

The build fails unless every record's SMILES, 2D MOL and 3D MOL give its InChIKey, and no InChIKey is held twice.
To get there, in this order: (1) a MOL block whose double bonds get a configuration from their coordinates that the
record leaves open (porphin, the annulenes) has them marked "either" (V2000 bond stereo 3); (2) a 3D block that
defines stereocentres the record leaves partly open (AMP, ADP, ATP, the alpha-D-pyranoses, whose names mean one defined
compound) becomes the record's structure (InChI, InChIKey, SMILES, 2D) when its own SMILES gives back its InChIKey, no
other record holds that InChIKey and the coordinates come from the source (never from a generated conformer);
(3) otherwise a 3D block that fixes a configuration the record leaves open (2-butanol, 2-ethylhexanol, bridged
bicycles, cubane) is replaced by the 2D layout, its comment line saying so. This build:

${list(stats.selfConsistency)}

## Names that agree with structures

The build fails unless no name is given to compounds of two molecular formulas (largest component; a salt and its
parent agree) and no record holds a name that OPSIN (the name-to-structure library, Debian package \`libopsin-java\`
${stats.names.opsinVersion}) reads as another record's structure. ${stats.names.read} of the names are read by OPSIN. The rule, in
order: (1) a name OPSIN reads to a structure of another formula that another record holds (same InChIKey skeleton)
belongs to that record and is taken off this one; (2) a name still given to records of different formulas stays with
the formula OPSIN reads it to when it is one of them, else with the formula whose records the most source entries
(MassBank records, CML files, ketcher-react entries) give that name; a tie takes it off all of them. OPSIN does not
read functional-class names of lactones and lactams: \`homoserine lactone\` is read as its parent, \`homoserine\`, less
one water per ring (\`di-\`, \`tri-\`: two, three), a formula that rule (2) uses as it uses a full reading; (3) a record whose
common name was taken off is named by its remaining name with the most source entries; a MassBank compound left with no
name at all is left out with its spectra, since nothing says whether its spectrum belongs to the name or to the
structure. Names are compared ignoring case and spacing. This build:

${list(stats.names.notes)}

Left out with no name:

${list(stats.names.unnamed)}

OPSIN reads these names to another formula that no record of the collection holds. They are kept: OPSIN reads some
trivial names by their parts (\`Tropicamide\` as the amide of tropic acid), so alone it is a witness, not a judge:

${list(stats.names.unconfirmed)}

## The collection agrees with its own spectra

The build applies these rules to every openly licensed MassBank record once its structure is chosen
(\`scripts/data/collection-rules.mjs\`). A record a rule refuses gives nothing to the collection: not its spectrum,
not its names, not its references. A compound left with no record is not in the collection; an ID an earlier build
gave it is retired (\`retired-ids.json\`), never given to another compound. Spectra keep the IDs they were issued.

1. **Precursor.** The record's precursor m/z is the ion its stated adduct (\`MS$FOCUSED_ION: PRECURSOR_TYPE\`) makes
   of its structure, within 10 ppm, or 0.01 Da on an analyser without TOF or FT (quadrupoles, ion traps, sectors), or
   half a unit of the last decimal the record writes (\`572\` is a nominal 572). Masses: the structure's monoisotopic
   mass (neutral atoms) plus the adduct's atoms, less one electron mass per positive charge. The ion may be a heavier
   isotopologue the structure has (up to two 13C, one 34S, up to four 37Cl or 81Br): kept, counted below. A record
   with no adduct that can be read must be explained by one of its ion mode's usual adducts (\`[M+H]+\`, \`[M]+\`,
   \`[M+Na]+\`, \`[M+NH4]+\`, \`[M+K]+\`; \`[M-H]-\`, \`[M]-\`, \`[M+HCOO]-\`, \`[M+CH3COO]-\`, \`[M+Cl]-\`). Records with
   no precursor m/z (EI, MS1) are not judged by this rule.
2. **Labelled standards.** A precursor that sits a whole number (at least 2) of deuterons above the structure's ion,
   or a name that says the compound is labelled (\`PGE2-[d9]\`, \`-d4\`, \`13C6\`) on a structure without isotopes: the
   spectrum is a labelled internal standard's, and neither it nor its names go to the unlabelled compound.
3. **A structure that contradicts its own record.** The record's stated exact mass (\`CH$EXACT_MASS\`) explains its
   precursor with its adduct and the structure does not.
4. **O-O bonds outside peroxides.** In a compound no name of which says peroxide, an O-O bond on an aromatic atom,
   on another atom than carbon, or in a sugar is a broken source SMILES (a methylenedioxy written \`OOC\`, a
   glycosidic O written \`OO\`). An O-O bond between aliphatic carbons stays: natural endoperoxides (verruculogen) are
   written so.
5. **One skeleton.** Records that differ only in stereo one of them leaves undefined (same first InChIKey block and
   protonation, same isotopes, one of them with no stereo layer) stay separate records, each with its own spectra,
   and are one skeleton in search results: each hit is followed by the others (\`src/service/search/skeleton.ts\`).

This build (MassBank records refused by each rule, then kept records the report counts):

| rule | records |
|---|---|
${Object.entries(RULE_TITLES)
  .map(([rule, title]) => `| ${title} | ${(stats.rules.refused[rule] ?? []).length} |`)
  .join('\n')}
| compounds left out (every record refused, no other source) | ${stats.rules.leftOut.length} |
| one-skeleton groups (rule 5) | ${stats.rules.stereoGroups.length} |

${Object.entries(RULE_TITLES)
  .map(([rule, title]) => {
    const all = stats.rules.refused[rule] ?? [];
    const shown = RULES_LISTED_IN_FULL.has(rule) ? all : all.slice(0, RULE_EXAMPLES);
    const more = all.length > shown.length ? `\n- ... ${all.length - shown.length} more (the build's log lists them all)` : '';
    return `${title}${shown.length < all.length ? ` (the first ${shown.length})` : ''}:\n\n${list(shown.map((e) => `${e.accession} ${e.name}: ${e.detail}`))}${more}`;
  })
  .join('\n\n')}

Compounds left out:

${list(stats.rules.leftOut)}

One-skeleton groups (the first ${Math.min(RULE_EXAMPLES, stats.rules.stereoGroups.length)}):

${list(stats.rules.stereoGroups.slice(0, RULE_EXAMPLES))}

## Spectra

All ${stats.spectra} spectra are measured: one per openly licensed MassBank record, its \`csid\` the record of its
compound. Spectrum IDs follow the MassBank accession order as first issued; a spectrum keeps its ID in later builds
(one left out leaves a gap), and new ones get IDs after the highest. Info fields: \`spc_type\` from the record's ionisation
(\`AC$MASS_SPECTROMETRY: IONIZATION\`, else the technique in \`AC$INSTRUMENT_TYPE\`) and ion mode, in the spec's
vocabulary (\`EI\`, \`ESI+\`, \`ESI-\`, \`APCI+\`, \`APCI-\`, \`APPI+\`, \`APPI-\`, \`MALDI+\`, \`CI+ve\`, \`CI-ve\`; techniques it does not name
follow the same pattern: \`FAB+\`, \`FAB-\`, \`FD+\`, \`FI+\`, \`SIMS+\`); \`comments\` = MS level, type, precursor m/z and type,
collision energy, instrument, the record title, and the attribution (accession, authors, copyright, licence);
\`submitted_date\` = the record's \`DATE\`; \`original_url\` = the record's MassBank page; \`file_name\` = \`ACCESSION.jdx\`.
The data file is JCAMP-DX 5.01 with \`##DATA TYPE=MASS SPECTRUM\` and \`##PEAK TABLE=(XY..XY)\`: each peak's m/z and
intensity exactly as the record's \`PK$PEAK\` writes them, and in the header the title, date, formula, CAS number,
instrument, ionisation, MS level, precursor, collision energy and the attribution. The calculated isotope patterns
shipped before are gone.

In the packed form, \`packed-index.json.gz\` is \`{format: "compound-db-spectra-packs/1", columns, packs, rows}\` with one
row per spectrum: \`[spc_id, spc_type, csid, file_name, comments, original_url, submitted_date, pack, offset, length]\`
(offset and length in bytes of the uncompressed pack). A folder given with \`--spectra\` may use that form or the
plain one below.

A plain spectra folder: \`index.json\` is a JSON array of info objects with the keys of contract 2.2:
\`spc_id\` (positive integer, unique over all loaded folders), \`spc_type\` (e.g. \`EI\`, \`HNMR\`), \`csid\` (the record
ID), \`file_name\` (a plain file name in the same folder), and the optional \`comments\`, \`original_url\`,
\`submitted_date\` (\`YYYY-MM-DDThh:mm:ss\`), beside its data files.

More spectra: \`npm run serve -- --spectra DIR\`, where DIR holds JCAMP-DX (or any text) files and an \`index.json\`
in this format, whose \`csid\` values are record IDs of the running service.

## User SDF files

\`--data FILE.sdf\` (repeatable) adds each file as a datasource named after the file. Names come from a
\`common_name\`/\`name\`/\`title\` field or the MOL title line; \`*synonym*\` fields add synonyms; an \`id\`/\`cas\` field
(else the entry's position) is the external ID. 3D: the file's own coordinates when they are 3D; otherwise
generated with openchemlib when it is installed (it is a devDependency; at most 200 per file); otherwise \`mol3D\` is
the 2D block, its comment line saying \`no 3D coordinates: this is the 2D layout\`.

## MassBank structure disagreements (reported by the build; see the rule above)

${list(stats.massbank.disagreements)}

Records left out: ${stats.massbank.noStructure.length} without a structure (\`CH$SMILES: N/A\` and no InChI)${stats.massbank.unreadable.length ? `; ${stats.massbank.unreadable.length} whose structure cannot be read: ${stats.massbank.unreadable.join(', ')}` : ''}.

## Rebuilding

\`\`\`
apt-get install chemical-structures-data libopsin-java   # the CML files (/usr/share/chemical-structures); OPSIN
git clone --branch ${stats.massbank.release} --depth 1 https://github.com/MassBank/MassBank-data /path/to/MassBank-data
npm run build:data -- /path/to/MassBank-data --synonyms /path/to/vocabulary.csv [--conformers N] [--previous DIR|REV]...
\`\`\`

\`--synonyms\` is the ${stats.synonyms.source.name} CSV (${stats.synonyms.source.url}, "DrugBank Vocabulary", a zip holding
\`drugbank vocabulary.csv\`; not in git). The build reads exactly the copy whose SHA-256 is fixed in
\`scripts/build-synonyms.mjs\` (${stats.synonyms.source.sha256}), the release whose highest ID is DB32603, which is
also kept in the history of the public repository mitgit30/MediGraph (commit f52b4d4, file \`drugbank vocabulary.csv\`):
\`git show 'f52b4d4a5580c8c4362eebe0eff79b108e1a1467:drugbank vocabulary.csv'\` in a clone gives it. A newer release is
another input: change the SHA-256 and the version there. After the collection changes, \`node scripts/build-synonyms.mjs
FILE\` (after \`npm run compile\`; about a minute, OPSIN reads the names) remakes \`synonyms.json.gz\` alone and \`--check\`
compares it; this README's counts come from the full build.

It compiles, unpacks ketcher-react@${ketcherVersion} with npm pack, reads the MassBank copy and writes data/. The Debian
folder can be given with \`CHEMICAL_STRUCTURES_DIR\`. \`BUILD_DATE\`, the ketcher-react version and the MassBank release
are fixed in the script, conformers use a fixed seed (their cache is keyed by openchemlib's version and the 2D block it
reads, never by the compound), and the output is written in a fixed order, so a rebuild from the same inputs writes the
same bytes. About 10 minutes on two cores with an empty conformer cache, 3 with it.
\`npm run build:data -- /path/to/MassBank-data --check\` proves it: it builds into a temporary folder, compares every
file with data/ byte for byte and fails naming the files that differ (the previous IDs are read from data/ in both),
and runs every whole-collection check of \`npm run check:data\` over the rebuilt folder (\`scripts/check-data.mjs\`: each
record's SMILES, 2D and 3D MOL give back its identifiers; Open Babel reads its InChIs and blocks back and explains its
spectra's precursors; no MassBank copy needed to run it over data/ alone).
Its last step reads only \`compounds.json.gz\`: \`npm run build:structure-index\` remakes \`structure-index.bin.gz\` alone
(no MassBank copy, no apt; about 10 s of CPU), and \`npm run build:structure-index -- --check\` compares it byte for byte.
`;
  fs.writeFileSync(path.join(dataDir, 'README.md'), text);
}
