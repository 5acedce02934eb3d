/**
 * Name search over common names and synonyms, lower-cased with whitespace collapsed: exact common names,
 * then exact synonyms, then prefixes of either (binary search over the sorted names).
 */
import { lowerBound } from './bisect';
import { pushTo } from './multimap';

/** Prefix matches start at this many characters, so one letter does not match half the collection. */
export const MIN_PREFIX_LENGTH = 3;

export function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export class NameIndex {
  private readonly common = new Map<string, number[]>();
  private readonly synonyms = new Map<string, number[]>();
  private sortedNames: string[] = [];
  private sortedPositions: number[] = [];

  constructor(names: (position: number) => { common: string; synonyms: readonly string[] }, size: number) {
    const entries: Array<[string, number]> = [];
    for (let i = 0; i < size; i++) {
      const { common, synonyms } = names(i);
      const key = normaliseName(common);
      if (key) {
        pushTo(this.common, key, i);
        entries.push([key, i]);
      }
      for (const s of synonyms) {
        const k = normaliseName(s);
        if (!k || k === key) continue;
        pushTo(this.synonyms, k, i);
        entries.push([k, i]);
      }
    }
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.sortedNames = entries.map((e) => e[0]);
    this.sortedPositions = entries.map((e) => e[1]);
  }

  /** Positions in rank order, each once. */
  find(name: string): number[] {
    const key = normaliseName(name);
    if (!key) return [];
    const seen = new Set<number>();
    const out: number[] = [];
    // A record can match one rank through several of its names (a common name and a synonym with the same prefix).
    const take = (positions: Iterable<number>) => {
      const group = [...new Set(positions)].filter((p) => !seen.has(p)).sort((a, b) => a - b);
      for (const p of group) {
        seen.add(p);
        out.push(p);
      }
    };
    take(this.common.get(key) ?? []);
    take(this.synonyms.get(key) ?? []);
    if (key.length >= MIN_PREFIX_LENGTH) {
      const prefix: number[] = [];
      for (let i = lowerBound(this.sortedNames, key); i < this.sortedNames.length && this.sortedNames[i].startsWith(key); i++) {
        prefix.push(this.sortedPositions[i]);
      }
      take(prefix);
    }
    return out;
  }
}
