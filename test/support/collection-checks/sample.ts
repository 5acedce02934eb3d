/**
 * The fixed sample the suites check the shipped collection on (`npm run check:data` checks every record), and what a
 * check gives back.
 */
import * as assert from 'assert';

/** A check's faults (one line each: empty when it holds) and a line saying what it checked. */
export interface CheckResult {
  note: string;
  faults: string[];
}

/** Records where the checks go wrong most easily: charge or proton layers, isotopes, several parts, metals. */
export function hardCase(r: { inchi: string; isotopic: boolean; components: number; hasMetal: boolean }): boolean {
  return /\/[pq]/.test(r.inchi) || r.isotopic || r.components > 1 || r.hasMetal;
}

/**
 * Every `every`-th record by ID, and of the others every record `keep` holds (or 1 in `keepEvery` of them, by ID): the
 * same records each run.
 */
export function fixedSample<T extends { id: number }>(records: readonly T[], every: number, keep: (r: T) => boolean, keepEvery = 1): T[] {
  let kept = 0;
  return [...records].sort((a, b) => a.id - b.id).filter((r, i) => i % every === 0 || (keep(r) && kept++ % keepEvery === 0));
}

/** Asserts a check found no fault, after printing what it checked (under the test's name, as mocha indents). */
export function assertHolds(result: CheckResult): void {
  console.log(`      ${result.note}`);
  assert.deepStrictEqual(result.faults, []);
}
