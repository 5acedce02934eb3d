import * as assert from 'assert';
import { structureQueryProblem } from '../../../src/wire';
import { parseSmilesSyntax } from '../../../src/chemistry/smiles-syntax';

const problem = (text: string) => structureQueryProblem(text, parseSmilesSyntax(text).ok);

describe('structure query check as you type (SMILES or SMARTS)', () => {
  it('accepts SMILES and well-shaped SMARTS', () => {
    for (const q of [
      'c1ccccc1O',
      'C(=O)O',
      '[CX3](=O)[OX2H1]',
      '[#6]1~[#6]~[#6]~[#6]~[#6]~[#6]~1',
      '[$([OH]c)]',
      'C%10CC%10',
      '*',
      '[NX3;H2,H1;!$(NC=O)]',
    ]) {
      assert.strictEqual(problem(q), undefined, q);
    }
  });
  it('names the rule a bad query breaks', () => {
    assert.match(problem('') ?? '', /non-empty/);
    assert.match(problem('C'.repeat(1001)) ?? '', /at most 1000/);
    assert.match(problem('[#6') ?? '', /never closed/);
    assert.match(problem('[#6](') ?? '', /"\(" that is never closed/);
    assert.match(problem('[#6])') ?? '', /unmatched "\)" at character 5/);
    assert.match(problem('[#6]1~[#6]') ?? '', /ring bond 1 open/);
    assert.match(problem('[#6] [#7]') ?? '', /space at character 5/);
    assert.match(problem('[#6]]') ?? '', /unmatched "\]"/);
  });
});
