/** A user's SDF file as an extra datasource (`--data FILE.sdf`). */
import type { CompoundRecord } from '../store/record';
import type { Chemistry } from './types';
import { buildRecord, type RecordSource } from './record-builder';
import { loadConformerMaker } from './conformer';
import { has3DCoordinates, no3DBlock, withTitle } from './molblock';

export interface SdfLoadOptions {
  /** Where the file lives (a file: URL), used as the references' sourceUrl; default `urn:compound-db:sdf:<name>`. */
  sourceUrl?: string;
  /**
   * 3D for entries given in 2D: at most this many are generated with openchemlib (about 40 ms each, seconds for
   * fused ring systems); default 200. Past it, or without openchemlib, `mol3D` is the 2D block, marked so on its
   * comment line (third line).
   */
  maxGenerated3D?: number;
}

/** Field names read as the common name, in this order, before the MOL title line. */
const NAME_FIELDS = ['common_name', 'commonname', 'name', 'title', 'iupac_name'];
const SYNONYM_FIELD = /synonym/i;
const ID_FIELDS = ['id', 'registry_id', 'cas', 'compound_id'];
export { NO_3D_COMMENT } from './molblock';

interface SdfEntry {
  molfile: string;
  /** Data fields, as text (`dynamicTyping: false`). */
  [field: string]: string | undefined;
}

/**
 * Records of an SDF text, ids from `firstId` on. Entries RDKit cannot read are skipped (counted in `skipped`).
 * Entries with the same structure (InChIKey) are merged into one record.
 */
export async function recordsFromSdf(
  text: string,
  dataSourceName: string,
  chemistry: Chemistry,
  firstId: number,
  options: SdfLoadOptions = {},
): Promise<CompoundRecord[] & { skipped?: number }> {
  const { parse } = (await import('sdf-parser')) as { parse: (sdf: string, o: object) => { molecules: SdfEntry[] } };
  const entries = parse(text.replace(/\r\n?/g, '\n'), { dynamicTyping: false, mixedEOL: true }).molecules;
  const sourceUrl = options.sourceUrl ?? `urn:compound-db:sdf:${encodeURIComponent(dataSourceName)}`;
  let budget3D = options.maxGenerated3D ?? 200;
  const makeConformer = budget3D > 0 ? await loadConformerMaker() : undefined;

  const records: CompoundRecord[] & { skipped?: number } = [];
  const byKey = new Map<string, { record: CompoundRecord; sources: RecordSource[] }>();
  let skipped = 0;
  let nextId = firstId;
  entries.forEach((entry, index) => {
    const facts = chemistry.describe(entry.molfile);
    if (!facts) {
      skipped++;
      return;
    }
    const fields = lowerCaseFields(entry);
    const title = entry.molfile.split('\n', 1)[0].trim();
    const name = NAME_FIELDS.map((f) => fields.get(f)).find((v) => v !== undefined && v !== '') ?? title;
    const synonyms = [...fields.entries()]
      .filter(([key]) => SYNONYM_FIELD.test(key))
      .flatMap(([, value]) => value.split(/\n|;/));
    const externalId = ID_FIELDS.map((f) => fields.get(f)).find((v) => v) ?? String(index + 1);
    const source: RecordSource = {
      dataSource: dataSourceName,
      reference: { source: dataSourceName, sourceUrl, externalId, externalUrl: `${sourceUrl}#${index + 1}` },
      names: [name, title, ...synonyms],
    };
    const known = byKey.get(facts.inchiKey);
    if (known) {
      known.sources.push(source);
      const merged = buildRecord(known.record.id, facts, known.record.commonName, known.sources, known.record.mol3D, known.record.originalMol);
      Object.assign(known.record, merged, { mol2D: known.record.mol2D });
      return;
    }
    const id = nextId++;
    let mol3D: string | undefined;
    if (has3DCoordinates(entry.molfile)) mol3D = entry.molfile;
    else if (makeConformer && budget3D > 0) {
      budget3D--;
      mol3D = makeConformer(facts.mol2D);
    }
    mol3D = mol3D ? withTitle(mol3D, String(id)) : no3DBlock(facts.mol2D, id);
    const record = buildRecord(id, facts, name, [source], mol3D, entry.molfile);
    byKey.set(facts.inchiKey, { record, sources: [source] });
    records.push(record);
  });
  records.skipped = skipped;
  return records;
}

function lowerCaseFields(entry: SdfEntry): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'molfile' || value === undefined || value === null) continue;
    fields.set(key.toLowerCase().replace(/[\s-]+/g, '_'), String(value).trim());
  }
  return fields;
}
