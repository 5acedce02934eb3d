/**
 * The table of a matched pair's entropy term (entropy-term-table.ts) against the term computed with logarithms: over
 * the table's whole range and beyond, and for pairs of intensities as cleaning leaves them.
 */
import * as assert from 'assert';
import { entropyTerm, entropyTermExact } from '../../../../../src/service/search/spectrum/entropy-term-table';
import { seeded } from '../../../../support/spectrum-reference';

describe('entropy term table', () => {
  it('is within 2e-9 of H(v) from v = -40 to 40 (the table spans -32 to 32; beyond, H is computed)', () => {
    let worst = 0;
    for (let v = -40; v < 40; v += 0.000731) worst = Math.max(worst, Math.abs(entropyTerm(v) - entropyTermExact(v)));
    assert.ok(worst < 2e-9, `largest difference ${worst}`);
  });

  it('gives a pair (a + b) ln(a + b) - a ln a - b ln b within 2e-9 for intensities from 1e-7 to 0.5', () => {
    const random = seeded(28);
    let worst = 0;
    for (let i = 0; i < 200_000; i++) {
      const a = 0.5 * Math.exp(-random() * 16);
      const b = 0.5 * Math.exp(-random() * 16);
      const exact = (a + b) * Math.log(a + b) - a * Math.log(a) - b * Math.log(b);
      worst = Math.max(worst, Math.abs(a * entropyTerm(Math.log(b) - Math.log(a)) - exact));
    }
    assert.ok(worst < 2e-9, `largest difference ${worst}`);
  });
});
