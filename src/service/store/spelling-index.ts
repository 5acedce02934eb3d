/**
 * "Did you mean" over names and synonyms: the names within a small Damerau-Levenshtein distance (optimal string
 * alignment: a transposed pair, a dropped, added or changed letter each count one) of a query, through a BK-tree
 * (Burkhard & Keller 1973): the triangle inequality prunes every subtree whose edge distance lies outside
 * [d - k, d + k], so a query computes the distance to a small part of the names. Names and queries are compared as
 * their normalised keys and cut to MAX_NAME_CHARS, so one comparison is bounded.
 */
import { bareName, normaliseName } from './name-keys';

/** Longer names are compared by their first this many characters. */
const MAX_NAME_CHARS = 64;
/** Comparisons a query may make before it stops with what it has (about 10 ms on a loaded machine). */
const MAX_COMPARISONS = 20_000;

/** Edits allowed for a query of this length: one up to 4 characters, two up to 9, three beyond. */
function allowedEdits(length: number): number {
  return length <= 4 ? 1 : length <= 9 ? 2 : 3;
}

/** Three rows of the distance table, reused by every call (names are cut to MAX_NAME_CHARS, queries too). */
const ROWS = [new Int32Array(MAX_NAME_CHARS + 2), new Int32Array(MAX_NAME_CHARS + 2), new Int32Array(MAX_NAME_CHARS + 2)];

/** Optimal string alignment distance, stopping early (returns limit + 1) once every path exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a.length > MAX_NAME_CHARS || b.length > MAX_NAME_CHARS) return editDistance(a.slice(0, MAX_NAME_CHARS), b.slice(0, MAX_NAME_CHARS), limit);
  const n = b.length;
  let [before, previous, current] = ROWS;
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const ai = a.charCodeAt(i - 1);
    const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = previous[j - 1] + (ai === bj ? 0 : 1);
      if (previous[j] + 1 < d) d = previous[j] + 1;
      if (current[j - 1] + 1 < d) d = current[j - 1] + 1;
      if (j > 1 && ai === b.charCodeAt(j - 2) && aPrev === bj && before[j - 2] + 1 < d) d = before[j - 2] + 1;
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[n];
}

interface Node {
  key: string;
  children?: Map<number, Node>;
}

export interface Suggestion {
  name: string;
  distance: number;
}

export class SpellingIndex {
  private root: Node | undefined;
  /** The name as first met (its case and spacing) for each key. */
  private readonly display = new Map<string, string>();

  constructor(names: Iterable<string>) {
    for (const name of names) this.add(name);
  }

  get size(): number {
    return this.display.size;
  }

  /** Names within allowedEdits of `text` (the text itself aside), closest first, then shorter, then alphabetical. */
  suggest(text: string, max = 5): Suggestion[] {
    const query = normaliseName(text).slice(0, MAX_NAME_CHARS);
    if (!query || !this.root) return [];
    const limit = allowedEdits(query.length);
    const found: Array<{ key: string; distance: number }> = [];
    const stack: Node[] = [this.root];
    let comparisons = 0;
    while (stack.length && comparisons < MAX_COMPARISONS) {
      const node = stack.pop()!;
      comparisons++;
      // A node's distance must be exact for pruning, so the early stop is only taken well past the range.
      const d = editDistance(query, node.key, limit + MAX_NAME_CHARS);
      if (d <= limit && d > 0) found.push({ key: node.key, distance: d });
      if (!node.children) continue;
      for (const [edge, child] of node.children) if (edge >= d - limit && edge <= d + limit) stack.push(child);
    }
    found.sort((a, b) => a.distance - b.distance || a.key.length - b.key.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return found.slice(0, max).map((f) => ({ name: this.display.get(f.key)!, distance: f.distance }));
  }

  /** A name, and the name with its stereo descriptors set aside ("adrenalin" is then one edit from "R-adrenaline"). */
  private add(name: string): void {
    const shown = name.trim().replace(/\s+/g, ' ');
    const key = normaliseName(shown);
    const bare = bareName(key);
    this.addKey(key, shown);
    if (bare !== key) this.addKey(bare, shown.slice(shown.length - bare.length));
  }

  private addKey(full: string, shown: string): void {
    const key = full.slice(0, MAX_NAME_CHARS);
    if (!key || this.display.has(key)) return;
    this.display.set(key, shown);
    if (!this.root) {
      this.root = { key };
      return;
    }
    for (let node = this.root; ;) {
      const d = editDistance(key, node.key);
      node.children ??= new Map();
      const next = node.children.get(d);
      if (!next) {
        node.children.set(d, { key });
        return;
      }
      node = next;
    }
  }
}
