/**
 * The Searches view's Enter-to-rows time (issue 29): from running the search command (what Enter in its box runs) to
 * VS Code asking the tree for the search's result rows, and for one with its record's name, over the built-in
 * database once it is warm. Printed beside its target (300 ms for a search the service answers within 50 ms); the
 * assertion's bound is generous, since the machine running the suite may be shared.
 */
import * as assert from 'assert';
import * as os from 'os';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import { api, run, waitFor } from '../helpers';

const TARGET_MS = 300;
const QUERIES = ['caffeine', 'ethanol', 'glucose', 'phenol', 'aspirin', 'quercetin'];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

suite('Searches view: Enter to rows', () => {
  test('a name search shows its named rows in the tree soon after Enter (the time is printed)', async () => {
    const a = await api();
    // Warm: the service started, the client made, the name index built; and the service done with its start-up work
    // in the background (indexes, warm-up drawings), which slows its answers for a while: the target is for a search
    // the service answers within 50 ms, so the figures start once two searches in a row were answered so.
    // On a machine too loaded for that, the figures are taken anyway after 30 s (the bound asserted below is generous).
    let quick = 0;
    await waitFor(async () => {
      const warm = await run<SearchState>('compoundDb.search', { query: 'caffeine' });
      quick = (warm.durationMs ?? Infinity) <= 50 ? quick + 1 : 0;
      return quick >= 2;
    }, 'two searches in a row answered within 50 ms by the service').catch(() => undefined);
    const rows: number[] = [];
    const named: number[] = [];
    const searched: number[] = [];
    for (const query of QUERIES) {
      const started = performance.now();
      const state = await run<SearchState>('compoundDb.search', { query });
      assert.strictEqual(state.error, undefined, `${query}: ${state.error}`);
      assert.ok(state.ids.length > 0, `${query} found nothing`);
      const served = await waitFor(() => {
        const s = a.rowsFirstServed(state.id);
        return s?.named !== undefined ? s : undefined;
      }, `the named rows of "${query}" in the Searches view`);
      rows.push(served.row - started);
      named.push((served.named as number) - started);
      searched.push(state.durationMs ?? NaN);
      console.log(
        `    Enter to rows, "${query}": first row ${(served.row - started).toFixed(0)} ms, named ${((served.named as number) - started).toFixed(0)} ms; ` +
          `the search itself (submit to results in hand, client side) ${state.durationMs} ms`,
      );
    }
    const m = median(named);
    const fast = median(searched) <= 50;
    console.log(
      `    Enter to rows (named), median of ${QUERIES.length}: ${m.toFixed(0)} ms (first row ${median(rows).toFixed(0)} ms), search median ${median(searched).toFixed(0)} ms; ` +
        `target <= ${TARGET_MS} ms for a search answered within 50 ms: ${fast ? (m <= TARGET_MS ? 'met' : 'NOT met') : 'search slower than 50 ms here'}; load ${os.loadavg()[0].toFixed(1)}`,
    );
    assert.ok(m < 20_000, `Enter to rows took ${m} ms`);
  });
});
