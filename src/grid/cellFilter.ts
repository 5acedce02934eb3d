/**
 * Column filters as a user types them: `>300`, `<=180.5`, `=46`, `100..200` compare numbers; anything else is a
 * case-insensitive substring. A filter that is not empty never matches an empty cell.
 */
export type CellMatcher = (value: string | number | undefined) => boolean;

const COMPARISON = /^\s*(>=|<=|>|<|=)\s*(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*$/i;
const RANGE = /^\s*(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)\s*$/;

export function cellMatcher(filter: string): CellMatcher | undefined {
  const text = filter.trim();
  if (!text) return undefined;
  const range = RANGE.exec(text);
  if (range) {
    const low = Math.min(Number(range[1]), Number(range[2]));
    const high = Math.max(Number(range[1]), Number(range[2]));
    return (v) => inRange(asNumber(v), low, high);
  }
  const comparison = COMPARISON.exec(text);
  if (comparison) {
    const x = Number(comparison[2]);
    const test = COMPARE[comparison[1]];
    return (v) => {
      const n = asNumber(v);
      return n !== undefined && test(n, x);
    };
  }
  const needle = text.toLowerCase();
  return (v) => v !== undefined && v !== '' && String(v).toLowerCase().includes(needle);
}

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '=': (a, b) => a === b,
};

function inRange(n: number | undefined, low: number, high: number): boolean {
  return n !== undefined && n >= low && n <= high;
}

/** A cell as a number when it is one (`12`, ` 3.5 `, `1e3`), else undefined. */
export function asNumber(value: string | number | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value === undefined) return undefined;
  const t = value.trim();
  if (!t || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return undefined;
  return Number(t);
}

/** Made on the first sort: creating a collator costs milliseconds, and this module loads with the extension. */
let collator: Intl.Collator | undefined;

/**
 * Orders cells: numbers before text and by value, text by a natural collation; empty cells last in either
 * direction. Ties keep the records' file order (the caller sorts record numbers).
 */
export function compareCells(a: string | number | undefined, b: string | number | undefined, descending: boolean): number {
  const ea = a === undefined || a === '';
  const eb = b === undefined || b === '';
  if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
  const na = asNumber(a);
  const nb = asNumber(b);
  let c: number;
  if (na !== undefined && nb !== undefined) c = na - nb;
  else if (na !== undefined) c = -1;
  else if (nb !== undefined) c = 1;
  else c = (collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })).compare(String(a), String(b));
  return descending ? -c : c;
}
