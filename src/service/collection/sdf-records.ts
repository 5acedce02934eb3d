/** A user's SDF file as an extra datasource (`--data FILE.sdf`). */
import type { CompoundRecord } from '../record';
import type { Chemistry, StructureFacts } from '../toolkits/types';
import { checkStructureSize } from '../../wire';
import { buildRecord, type RecordSource } from './record-builder';
import { loadConformerMaker } from '../toolkits/conformer';
import { has3DCoordinates, no3DBlock, withTitle } from '../toolkits/molblock';

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
export { NO_3D_COMMENT } from '../toolkits/molblock';

interface SdfEntry {
  molfile: string;
  /** Data fields, as text (`dynamicTyping: false`). */
  [field: string]: string | undefined;
}

/** An entry the loader could not use: its place in the file (1-based), its name when it has one, and why. */
export interface SkippedEntry {
  position: number;
  name: string;
  reason: string;
}

/**
 * Records of an SDF text, ids from `firstId` on. Entries with the same structure (InChIKey) are merged into one
 * record, built once at the end (linear in entries); the same connection table (title line aside) is read by the
 * toolkit once. An entry that cannot be used is listed in `skipped` and never stops the rest.
 */
export async function recordsFromSdf(
  text: string,
  dataSourceName: string,
  chemistry: Chemistry,
  firstId: number,
  options: SdfLoadOptions = {},
): Promise<CompoundRecord[] & { skipped?: SkippedEntry[] }> {
  const { parse } = (await import('sdf-parser')) as { parse: (sdf: string, o: object) => { molecules: SdfEntry[] } };
  const entries = parse(text.replace(/\r\n?/g, '\n'), { dynamicTyping: false, mixedEOL: true }).molecules;
  const sourceUrl = options.sourceUrl ?? `urn:compound-db:sdf:${encodeURIComponent(dataSourceName)}`;
  let budget3D = options.maxGenerated3D ?? 200;
  const makeConformer = budget3D > 0 ? await loadConformerMaker() : undefined;

  const skipped: SkippedEntry[] = [];
  const byKey = new Map<string, { facts: StructureFacts; first: SdfEntry; name: string; sources: RecordSource[] }>();
  const factsOfTable = new Map<string, StructureFacts | undefined>();
  entries.forEach((entry, index) => {
    const molfile = typeof entry.molfile === 'string' ? entry.molfile : '';
    const fields = lowerCaseFields(entry);
    const title = molfile.split('\n', 1)[0].trim();
    const name = NAME_FIELDS.map((f) => fields.get(f)).find((v) => v !== undefined && v !== '') ?? title;
    const skip = (reason: string) => skipped.push({ position: index + 1, name: name.slice(0, 200), reason });
    const [tooBig] = checkStructureSize('entry', 'Mol', molfile);
    if (tooBig) return skip(tooBig.message.replace(/^entry /, 'its MOL block '));
    const table = molfile.slice(molfile.indexOf('\n') + 1);
    let facts = factsOfTable.get(table);
    if (!factsOfTable.has(table)) {
      try {
        facts = chemistry.describe(molfile);
      } catch (err) {
        return skip(`the chemistry toolkit failed on it (${err instanceof Error ? err.message : String(err)})`);
      }
      factsOfTable.set(table, facts);
    }
    if (!facts) return skip('its MOL block cannot be read as a structure');
    const synonyms = [...fields.entries()].filter(([key]) => SYNONYM_FIELD.test(key)).flatMap(([, value]) => value.split(/\n|;/));
    const externalId = ID_FIELDS.map((f) => fields.get(f)).find((v) => v) ?? String(index + 1);
    const source: RecordSource = {
      dataSource: dataSourceName,
      reference: { source: dataSourceName, sourceUrl, externalId, externalUrl: `${sourceUrl}#${index + 1}` },
      names: [name, title, ...synonyms],
    };
    const known = byKey.get(facts.inchiKey);
    if (known) known.sources.push(source);
    else byKey.set(facts.inchiKey, { facts, first: entry, name, sources: [source] });
  });

  const records: CompoundRecord[] & { skipped?: SkippedEntry[] } = [];
  let nextId = firstId;
  for (const { facts, first, name, sources } of byKey.values()) {
    const id = nextId++;
    let mol3D: string | undefined;
    if (has3DCoordinates(first.molfile)) mol3D = first.molfile;
    else if (makeConformer && budget3D > 0) {
      budget3D--;
      mol3D = makeConformer(facts.mol2D);
    }
    mol3D = mol3D ? withTitle(mol3D, String(id)) : no3DBlock(facts.mol2D, id);
    records.push(buildRecord(id, facts, name, sources, mol3D, first.molfile));
  }
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
