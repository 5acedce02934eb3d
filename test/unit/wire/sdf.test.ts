import * as assert from 'assert';
import { normaliseSdf, sdfRecord } from '../../../src/wire';
import { plainFormula } from '../../../src/chemistry/formula/text';

const MOL = '\n  RDKit          2D\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 C   0  0\nM  END\n';

describe('SDF as other tools expect it', () => {
  it("plainFormula turns the wire's TeX-like formula into plain text and keeps plain text", () => {
    assert.strictEqual(plainFormula('C_{19}H_{16}'), 'C19H16');
    assert.strictEqual(plainFormula('C_{2}H_{3}O_{2}^{-}'), 'C2H3O2-');
    assert.strictEqual(plainFormula('C8H10N4O2'), 'C8H10N4O2');
  });

  it('sdfRecord titles the MOL block with the name and writes plain items', () => {
    const text = sdfRecord(MOL, 'Methane\nsecond line', [
      ['ID', 5],
      ['FORMULA', 'CH4'],
      ['EMPTY', ''],
      ['EVIL', '$$$$ x'],
    ]);
    assert.ok(text.startsWith('Methane second line\n  RDKit'));
    assert.ok(text.includes('> <ID>\n5\n\n> <FORMULA>\nCH4\n\n'));
    assert.ok(!text.includes('<EMPTY>'), 'an empty item is left out');
    assert.ok(text.includes('> <EVIL>\n x\n\n'));
    assert.ok(text.endsWith('$$$$\n'));
  });

  it('normaliseSdf fills empty titles from the name item and makes formula items plain, record by record', () => {
    const served = `${MOL}> <NAME>\nMethane\n\n> <FORMULA>\nC_{1}H_{4}\n\n$$$$\nKept title${MOL.slice(0)}> <NAME>\nOther\n\n$$$$\n${MOL}> <ID>\n3\n\n$$$$\n`;
    const out = normaliseSdf(served);
    const records = out.split(/^\$\$\$\$\n/m).filter(Boolean);
    assert.strictEqual(records.length, 3);
    assert.ok(records[0].startsWith('Methane\n'));
    assert.ok(records[0].includes('> <FORMULA>\nC1H4\n'));
    assert.ok(records[1].startsWith('Kept title\n'), 'a title the server wrote is kept');
    assert.ok(records[2].startsWith('\n'), 'no name, no title');
    assert.strictEqual(normaliseSdf(out), out, 'idempotent');
  });

  it('normaliseSdf is linear on hostile text', () => {
    const hostile = `> ${'<'.repeat(200_000)}\n${'$'.repeat(200_000)}\n`;
    const start = process.hrtime.bigint();
    normaliseSdf(hostile);
    assert.ok(Number(process.hrtime.bigint() - start) / 1e6 < 1000);
  });
});
