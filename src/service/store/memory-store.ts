/**
 * In-memory indexed CompoundStore: Maps for record ID, InChIKey, InChI, SMILES and normalised formula (O(1)),
 * a sorted index per mass kind (binary search), a name index, and a bitset per element (element-index.ts).
 * Records are frozen when stored: no route can change the data. Each index is built on its first use.
 */
import type { CompoundRecord } from '../record';
import { identityKeyOf, LOOSE_LEVELS, MASS_KINDS, type CompoundStore, type LooseLevel, type MassKind, type RecordIds } from './compound-store';
import { SortedIndex } from './sorted-index';
import { NameIndex } from './name-index';
import { SpellingIndex } from './spelling-index';
import { ElementIndex } from './element-index';
import { formulaKey } from '../../chemistry/formula/parse';
import { pushTo } from './multimap';
import { lazy } from '../../shared/lazy';

export class MemoryStore implements CompoundStore {
  private readonly records: readonly CompoundRecord[];
  private readonly byIdMap = new Map<number, CompoundRecord>();
  private readonly sourceNames: string[] = [];
  /** Record ID at each position, and whether positions are in ascending ID order (the shipped data is). */
  private readonly idAt: Int32Array | Float64Array;
  private readonly idsAscending: boolean;
  // Each index is built on its first use: a one-shot command's name search builds the name index only.
  private readonly keys = lazy(() => {
    const byKey = new Map<string, number[]>();
    const byInchi = new Map<string, number[]>();
    const bySmiles = new Map<string, number[]>();
    const byFormula = new Map<string, number[]>();
    this.records.forEach((r, i) => {
      pushTo(byKey, r.inchiKey, i);
      pushTo(byInchi, r.inchi, i);
      pushTo(bySmiles, r.smiles, i);
      const fk = formulaKey(r.formula);
      if (fk) pushTo(byFormula, fk, i);
    });
    return { byKey, byInchi, bySmiles, byFormula };
  });
  private readonly byLevel = lazy(() => {
    const byLevel: Record<LooseLevel, Map<string, number[]>> = { connectivity: new Map(), parent: new Map(), tautomer: new Map() };
    this.records.forEach((r, i) => {
      for (const level of LOOSE_LEVELS) pushTo(byLevel[level], identityKeyOf(r, level), i);
    });
    return byLevel;
  });
  private readonly elementIndex = lazy(() => new ElementIndex((i) => this.records[i].elements, this.records.length));
  private readonly massIndexes = lazy(
    () =>
      Object.fromEntries(MASS_KINDS.map((kind) => [kind, new SortedIndex((i) => this.records[i][kind], this.records.length)])) as Record<
        MassKind,
        SortedIndex
      >,
  );
  private readonly nameIndex = lazy(
    () =>
      new NameIndex(
        (i) => ({ common: this.records[i].commonName, synonyms: this.records[i].synonyms }),
        this.records.length,
        (i) => this.records[i].id,
      ),
  );
  private spelling: SpellingIndex | undefined;

  /** Throws when two records share an ID. */
  constructor(records: readonly CompoundRecord[]) {
    this.records = records.map(freezeRecord);
    const sources = new Set<string>();
    this.records.forEach((r) => {
      if (this.byIdMap.has(r.id)) throw new Error(`duplicate record ID ${r.id}`);
      this.byIdMap.set(r.id, r);
      for (const s of r.dataSources) {
        if (!sources.has(s)) {
          sources.add(s);
          this.sourceNames.push(s);
        }
      }
    });
    const ids = this.records.map((r) => r.id);
    // small integers in an Int32Array read back as small integers: the ID arrays built from them stay compact
    this.idAt = ids.every((id) => (id | 0) === id) ? Int32Array.from(ids) : Float64Array.from(ids);
    this.idsAscending = ids.every((id, i) => i === 0 || id > ids[i - 1]);
  }

  get size(): number {
    return this.records.length;
  }

  async getById(id: number): Promise<CompoundRecord | undefined> {
    return this.byIdMap.get(id);
  }

  async getByInchiKey(inchiKey: string): Promise<CompoundRecord[]> {
    return this.at(this.keys().byKey.get(inchiKey.trim().toUpperCase()));
  }

  async getByInchi(inchi: string): Promise<CompoundRecord[]> {
    return this.at(this.keys().byInchi.get(inchi.trim()));
  }

  async getBySmiles(smiles: string): Promise<CompoundRecord[]> {
    return this.at(this.keys().bySmiles.get(smiles.trim()));
  }

  async byFormula(formula: string): Promise<CompoundRecord[]> {
    const key = formulaKey(formula);
    return key ? this.at(this.keys().byFormula.get(key)) : [];
  }

  async byMassRange(kind: MassKind, lo: number, hi: number): Promise<CompoundRecord[]> {
    return this.at(this.massIndexes()[kind].range(lo, hi));
  }

  async byName(name: string): Promise<CompoundRecord[]> {
    return this.at(this.nameIndex().find(name));
  }

  async suggestNames(name: string, max: number): Promise<string[]> {
    // Built on first use: most sessions never misspell, and the tree takes a fraction of a second at 10k records.
    this.spelling ??= new SpellingIndex(this.records.flatMap((r) => [r.commonName, ...r.synonyms]));
    return this.spelling.suggest(name, max).map((s) => s.name);
  }

  async byIdentityKeys(level: LooseLevel, keys: readonly string[]): Promise<CompoundRecord[]> {
    const positions = [...new Set(keys)].flatMap((k) => this.byLevel()[level].get(k) ?? []);
    return this.at([...new Set(positions)]).sort((a, b) => a.id - b.id);
  }

  async byElements(include: readonly string[], includeAll: boolean, exclude: readonly string[]): Promise<CompoundRecord[]> {
    return this.at(this.elementIndex().match(include, includeAll, exclude));
  }

  async idsByElements(include: readonly string[], includeAll: boolean, exclude: readonly string[]): Promise<RecordIds> {
    if (this.idAt instanceof Int32Array && this.idsAscending) return this.elementIndex().matchIds(include, includeAll, exclude, this.idAt);
    const positions = this.elementIndex().match(include, includeAll, exclude);
    const ids = new Float64Array(positions.length);
    for (let i = 0; i < positions.length; i++) ids[i] = this.idAt[positions[i]];
    return ids.sort();
  }

  async dataSources(): Promise<string[]> {
    return [...this.sourceNames];
  }

  async all(): Promise<readonly CompoundRecord[]> {
    return this.records;
  }

  private at(positions: ArrayLike<number> | undefined): CompoundRecord[] {
    if (!positions) return [];
    const out = new Array<CompoundRecord>(positions.length);
    for (let i = 0; i < positions.length; i++) out[i] = this.records[positions[i]];
    return out;
  }
}

function freezeRecord(record: CompoundRecord): CompoundRecord {
  if (Object.isFrozen(record)) return record;
  Object.freeze(record.synonyms);
  Object.freeze(record.dataSources);
  Object.freeze(record.elements);
  for (const ref of record.externalReferences) Object.freeze(ref);
  Object.freeze(record.externalReferences);
  return Object.freeze(record);
}
