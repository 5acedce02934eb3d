/**
 * Name search over common names and synonyms (shared/beyond-the-spec.md 4), in rank order: the common name equal to
 * the query, a synonym equal to it, a name equal once stereo descriptors are set aside (name-keys.ts), names that
 * start with it, names that contain it; each record once, at its best rank; ties by record ID. Exact keys are Map
 * lookups, prefixes a binary search over the sorted keys, substrings a trigram index over the distinct keys.
 */
import { lowerBound } from './bisect';
import { pushTo } from './multimap';
import { bareName, MIN_PREFIX_LENGTH, normaliseName } from './name-keys';
import { SubstringIndex } from './substring-index';

export { MIN_PREFIX_LENGTH, normaliseName } from './name-keys';

export class NameIndex {
  private readonly common = new Map<string, number[]>();
  private readonly synonyms = new Map<string, number[]>();
  private readonly bare = new Map<string, number[]>();
  /** Every key and bare key, sorted, with the position holding it (a key held by several records repeats). */
  private readonly sortedKeys: string[];
  private readonly sortedPositions: Int32Array;
  /** The distinct keys, for substring matches. */
  private readonly substrings: SubstringIndex;
  /** For each distinct key, its first entry in sortedKeys; then sortedKeys' length. */
  private readonly firstEntry: Int32Array;
  /** Whether record IDs ascend with positions (the shipped data's do): a group is then sorted as plain numbers. */
  private readonly positionsInIdOrder: boolean;

  constructor(
    names: (position: number) => { common: string; synonyms: readonly string[] },
    size: number,
    private readonly idOf: (position: number) => number = (p) => p,
  ) {
    // Every key and bare key with the positions holding it, ascending (positions are visited in order).
    const positionsOf = new Map<string, number[]>();
    const add = (key: string, position: number): void => {
      pushTo(positionsOf, key, position);
      const bare = bareName(key);
      pushTo(this.bare, bare, position);
      if (bare !== key) pushTo(positionsOf, bare, position);
    };
    for (let i = 0; i < size; i++) {
      const { common, synonyms } = names(i);
      const key = normaliseName(common);
      if (key) {
        pushTo(this.common, key, i);
        add(key, i);
      }
      for (const s of synonyms) {
        const k = normaliseName(s);
        if (!k || k === key) continue;
        pushTo(this.synonyms, k, i);
        add(k, i);
      }
    }
    // The distinct keys sorted by the default order (UTF-16 code units, as `<` compares), each with its positions:
    // a third of the time of sorting every (key, position) pair with a comparator, which the first search waited for.
    const distinct = [...positionsOf.keys()].sort();
    let total = 0;
    for (const key of distinct) total += positionsOf.get(key)!.length;
    this.sortedKeys = new Array<string>(total);
    this.sortedPositions = new Int32Array(total);
    this.firstEntry = new Int32Array(distinct.length + 1);
    let at = 0;
    distinct.forEach((key, d) => {
      this.firstEntry[d] = at;
      for (const position of positionsOf.get(key)!) {
        this.sortedKeys[at] = key;
        this.sortedPositions[at++] = position;
      }
    });
    this.firstEntry[distinct.length] = at;
    this.substrings = new SubstringIndex(distinct);
    let ascending = true;
    for (let i = 1; i < size && ascending; i++) ascending = idOf(i) > idOf(i - 1);
    this.positionsInIdOrder = ascending;
  }

  /** Positions in rank order, each once. */
  find(name: string): number[] {
    const key = normaliseName(name);
    if (!key) return [];
    const bare = bareName(key);
    const seen = new Set<number>();
    const out: number[] = [];
    const take = (positions: Iterable<number>) => {
      const group: number[] = [];
      for (const p of positions) {
        if (seen.has(p)) continue;
        seen.add(p);
        group.push(p);
      }
      if (this.positionsInIdOrder) for (const p of Int32Array.from(group).sort()) out.push(p);
      else for (const p of group.sort((a, b) => this.idOf(a) - this.idOf(b) || a - b)) out.push(p);
    };
    take(this.common.get(key) ?? []);
    take(this.synonyms.get(key) ?? []);
    take(this.bare.get(bare) ?? []);
    if (key.length >= MIN_PREFIX_LENGTH) {
      take([...this.prefixed(key), ...(bare !== key && bare.length >= MIN_PREFIX_LENGTH ? this.prefixed(bare) : [])]);
      take(this.containing(key));
    }
    return out;
  }

  private *prefixed(prefix: string): Generator<number> {
    for (let i = lowerBound(this.sortedKeys, prefix); i < this.sortedKeys.length && this.sortedKeys[i].startsWith(prefix); i++) {
      yield this.sortedPositions[i];
    }
  }

  private *containing(text: string): Generator<number> {
    for (const k of this.substrings.containing(text)) {
      for (let i = this.firstEntry[k]; i < this.firstEntry[k + 1]; i++) yield this.sortedPositions[i];
    }
  }
}
