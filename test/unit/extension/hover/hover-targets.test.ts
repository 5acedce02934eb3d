/** Which text under the pointer a hover looks up. */
import * as assert from 'assert';
import { findHoverTarget } from '../../../../src/extension/hover/hoverTargets';

describe('Hover target finding', () => {
  const both = { inchikey: true, smiles: true };
  const key = 'RYYVLZVUVIJVGH-UHFFFAOYSA-N';

  it('finds an InChIKey under the cursor with its range', () => {
    const line = `caffeine: ${key}.`;
    assert.deepStrictEqual(findHoverTarget(line, 15, both), { kind: 'inchikey', text: key, start: 10, end: 10 + key.length });
  });

  it('finds a SMILES, without sentence punctuation or wrapping parentheses', () => {
    const line = 'ethanol (CCO), then';
    const t = findHoverTarget(line, 10, both);
    assert.deepStrictEqual(t && { kind: t.kind, text: t.text, start: t.start }, { kind: 'smiles', text: 'CCO', start: 9 });
    assert.strictEqual(findHoverTarget('benzene c1ccccc1.', 10, both)?.text, 'c1ccccc1');
  });

  it('leaves words alone and honours a kind turned off', () => {
    assert.strictEqual(findHoverTarget('the CON of it', 5, both), undefined);
    assert.strictEqual(findHoverTarget(key, 3, { inchikey: false, smiles: true })?.kind, undefined);
    assert.strictEqual(findHoverTarget('CCO', 1, { inchikey: true, smiles: false }), undefined);
  });

  it('nothing outside a token', () => {
    assert.strictEqual(findHoverTarget(`${key}   `, key.length + 2, both), undefined);
  });
});
