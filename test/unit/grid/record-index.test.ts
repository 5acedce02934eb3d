/** The structure grid's pure parts: the record indexer, the SMILES-list reader, column filters and the model. */
import * as assert from 'assert';
import { asNumber, cellMatcher, compareCells } from '../../../src/grid/cellFilter';
import { GridModel } from '../../../src/grid/gridModel';
import { notUsableReason, RECORD_LIMITS, type RecordFormat } from '../../../src/grid/recordIndex';
import { plainMolFacts } from '../../../src/grid/recordFacts';
import { indexRecords, RecordIndexer, splitSmilesLine } from '../../../src/grid/recordIndexer';

const MOL = (title: string, extra = '') =>
  `${title}\n  test\n\n  2  1  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 C   0  0\n    1.5000    0.0000    0.0000 O   0  0\n  1  2  1  0\nM  END\n${extra}`;
const RECORD = (title: string, fields: Record<string, string> = {}) =>
  `${MOL(
    title,
    Object.entries(fields)
      .map(([k, v]) => `> <${k}>\n${v}\n\n`)
      .join(''),
  )}$$$$\n`;

function bytes(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}

function textOf(buffer: Buffer, ix: ReturnType<typeof indexRecords>, id: number): string {
  return buffer.toString('utf8', ix.starts[id], ix.ends[id]);
}

describe('structure grid: SDF indexer', () => {
  const sdf = RECORD('ethanol', { ID: '1', MW: '46.07' }) + RECORD('Ünïcode näme', { ID: '2', NOTE: 'two\nlines' }) + RECORD('', { MW: '180.2' });

  it('finds each record, its title, its SD fields and its exact byte range', () => {
    const b = bytes(sdf);
    const ix = indexRecords(b, 'sdf');
    assert.strictEqual(ix.count, 3);
    assert.deepStrictEqual(ix.names, ['ethanol', 'Ünïcode näme', '']);
    assert.deepStrictEqual(ix.columns, ['ID', 'MW', 'NOTE']);
    assert.deepStrictEqual(
      [0, 1, 2].map((i) => ix.values[0][i]),
      ['1', '2', undefined],
    );
    assert.deepStrictEqual(
      [0, 1, 2].map((i) => ix.values[1][i]),
      ['46.07', undefined, '180.2'],
    );
    assert.strictEqual(ix.values[2][1], 'two\nlines');
    assert.strictEqual([0, 1, 2].map((i) => textOf(b, ix, i)).join(''), sdf);
    assert.deepStrictEqual(ix.problems, [undefined, undefined, undefined]);
    assert.strictEqual(notUsableReason(ix), undefined);
  });

  it("reads the formula and masses of plain MOL blocks as it indexes, the way the grid's toolkit worker does", () => {
    const isotope = RECORD('labelled').replace('M  END', 'M  ISO  1   1  13\nM  END');
    const b = bytes(RECORD('methanol') + isotope + RECORD('methoxide').replace('M  END', 'M  CHG  1   2  -1\nM  END'));
    const ix = indexRecords(b, 'sdf', plainMolFacts);
    const methanol = plainMolFacts(textOf(b, ix, 0))!;
    assert.strictEqual(methanol.formula, 'CH4O');
    assert.deepStrictEqual(
      [0, 1, 2].map((i) => [ix.formulas[i], ix.mws[i], ix.masses[i]]),
      [
        [methanol.formula, methanol.mw, methanol.mass],
        [undefined, undefined, undefined],
        ['CH3O-', plainMolFacts(textOf(b, ix, 2))!.mw, plainMolFacts(textOf(b, ix, 2))!.mass],
      ],
    );
    assert.strictEqual(ix.computed, 2, 'the labelled atom is left to the toolkit');
    assert.strictEqual(indexRecords(b, 'sdf').computed, 0, 'a notebook output leaves them all to its toolkit worker');
  });

  it('gives the same index whatever the chunks (the streaming path)', () => {
    const b = bytes(sdf.repeat(3));
    const whole = indexRecords(b, 'sdf', plainMolFacts);
    assert.strictEqual(whole.computed, 9);
    for (const size of [1, 7, 64, 333]) {
      // As a file reader does: the bytes a push did not consume come again, in front of the next chunk.
      const indexer = new RecordIndexer('sdf', plainMolFacts);
      let carry = Buffer.alloc(0);
      let carryAt = 0;
      for (let at = 0; at < b.length; at += size) {
        const end = Math.min(b.length, at + size);
        const window = Buffer.concat([carry, b.subarray(at, end)]);
        const consumed = indexer.push(window, carryAt, end === b.length);
        carry = window.subarray(consumed);
        carryAt += consumed;
      }
      assert.deepStrictEqual({ ...indexer.index, complete: true }, { ...whole, complete: true }, `chunks of ${size}`);
    }
  });

  it('reads CRLF files, a MOL file without $$$$, and V3000 blocks', () => {
    const crlf = indexRecords(bytes(RECORD('a', { X: '1' }).replace(/\n/g, '\r\n')), 'sdf');
    assert.deepStrictEqual([crlf.count, crlf.names[0], crlf.columns[0], crlf.values[0][0]], [1, 'a', 'X', '1']);
    const mol = indexRecords(bytes(MOL('single')), 'sdf');
    assert.deepStrictEqual([mol.count, mol.names[0], mol.problems[0]], [1, 'single', undefined]);
    const v3000 = indexRecords(
      bytes('v3\n  x\n\n  0  0  0     0  0            999 V3000\nM  V30 BEGIN CTAB\nM  V30 COUNTS 3000 0 0 0 0\nM  V30 END CTAB\nM  END\n$$$$\n'),
      'sdf',
    );
    assert.match(v3000.problems[0] ?? '', /3000 atoms/);
  });

  it('names what is wrong with a bad record and goes on with the next', () => {
    const ix = indexRecords(
      bytes(`${RECORD('good')}broken\nno counts line\n\nat all\n$$$$\ncut\n  x\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n$$$$\n${RECORD('after')}`),
      'sdf',
    );
    assert.deepStrictEqual(ix.names, ['good', 'broken', 'cut', 'after']);
    assert.strictEqual(ix.problems[0], undefined);
    assert.match(ix.problems[1] ?? '', /counts line/);
    assert.match(ix.problems[2] ?? '', /M {2}END/);
    assert.strictEqual(ix.problems[3], undefined);
  });

  it('says when a file is not an SDF at all, or empty', () => {
    assert.match(notUsableReason(indexRecords(bytes('just some\nnotes\n'), 'sdf')) ?? '', /not an SDF/);
    assert.match(notUsableReason(indexRecords(bytes('\n\n'), 'sdf')) ?? '', /no SDF record/);
  });

  it('bounds hostile input: a huge record is skipped, long names and values are clipped, columns capped', () => {
    const huge = `${MOL('huge')}> <BIG>\n${'x'.repeat(RECORD_LIMITS.recordBytes + 10)}\n\n$$$$\n`;
    const manyFields = RECORD('many', Object.fromEntries(Array.from({ length: RECORD_LIMITS.columns + 50 }, (_, i) => [`F${i}`, 'v'])));
    const ix = indexRecords(bytes(`${huge}${RECORD('n'.repeat(5000), { LONG: 'y'.repeat(5000) })}${manyFields}`), 'sdf');
    assert.strictEqual(ix.count, 3);
    assert.match(ix.problems[0] ?? '', /larger than 1 MB/);
    assert.ok(ix.names[1].length <= RECORD_LIMITS.name);
    assert.ok((ix.values[ix.columns.indexOf('LONG')][1] ?? '').length <= RECORD_LIMITS.fieldValue);
    assert.strictEqual(ix.columns.length, RECORD_LIMITS.columns);
    assert.strictEqual(ix.names[2], 'many');
  });
});

describe('structure grid: SMILES lists', () => {
  it('reads one SMILES a line with an optional name after spaces or a tab, skipping blanks and comments', () => {
    const ix = indexRecords(bytes('# header\nCCO ethanol\n\nc1ccccc1\tbenzene ring\nC\n  \n'), 'smiles');
    assert.strictEqual(ix.count, 3);
    assert.deepStrictEqual(ix.names, ['ethanol', 'benzene ring', '']);
    assert.deepStrictEqual(splitSmilesLine('c1ccccc1\tbenzene ring'), { smiles: 'c1ccccc1', name: 'benzene ring' });
    assert.deepStrictEqual(splitSmilesLine('  CCO  '), { smiles: 'CCO', name: '' });
  });

  it('bounds a SMILES line', () => {
    const ix = indexRecords(bytes(`${'C'.repeat(RECORD_LIMITS.smiles + 1)} long\n`), 'smiles');
    assert.match(ix.problems[0] ?? '', /longer than/);
  });
});

describe('structure grid: column filters and order', () => {
  it('compares numbers and ranges, else matches text case-insensitively', () => {
    assert.ok(cellMatcher('>100')!(180.2) && !cellMatcher('>100')!(46));
    assert.ok(cellMatcher('<= 46.07')!('46.07'));
    assert.ok(cellMatcher('40..50')!(46.07) && !cellMatcher('40..50')!(51));
    assert.ok(cellMatcher('ETH')!('Ethanol') && !cellMatcher('eth')!(undefined));
    assert.ok(!cellMatcher('>1')!('abc'));
    assert.strictEqual(cellMatcher('  '), undefined);
    assert.strictEqual(asNumber('1e3'), 1000);
    assert.strictEqual(asNumber('1-propanol'), undefined);
  });

  it('orders numbers by value, text naturally, empty cells last either way', () => {
    const values = ['10', '9', undefined, 'b2', 'b10', '', 'A'];
    const asc = [...values].sort((a, b) => compareCells(a, b, false));
    assert.deepStrictEqual(asc.slice(0, 5), ['9', '10', 'A', 'b2', 'b10']);
    const desc = [...values].sort((a, b) => compareCells(a, b, true));
    assert.deepStrictEqual(desc.slice(0, 5), ['b10', 'b2', 'A', '10', '9']);
    assert.ok(desc.slice(5).every((v) => !v));
  });
});

describe('structure grid: model', () => {
  function model(format: RecordFormat, text: string) {
    const b = bytes(text);
    const ix = indexRecords(b, format, plainMolFacts);
    return new GridModel(ix, async (ids) => ids.map((id) => textOf(b, ix, id)), 'test', false);
  }
  const sdf = ['c', 'a', 'b', 'd'].map((name, i) => RECORD(name, { MW: String([300, 20, 100, 5][i]), TAG: i % 2 ? 'odd' : 'even' })).join('');

  it('sorts by an SD field numerically, filters by another, pages', async () => {
    const m = model('sdf', sdf);
    const page = await m.page({ version: 1, offset: 0, limit: 2, filters: {}, sort: { column: 'field:0', descending: false } });
    assert.strictEqual(page.total, 4);
    assert.deepStrictEqual(
      page.rows.map((r) => r.name),
      ['d', 'a'],
    );
    const filtered = await m.page({ version: 1, offset: 0, limit: 10, filters: { 'field:1': 'odd' }, sort: { column: 'name', descending: true } });
    assert.deepStrictEqual(
      filtered.rows.map((r) => r.name),
      ['d', 'a'],
    );
    assert.match(filtered.rows[0].text, /^d\n/);
  });

  it('keeps what a scan computed: sort by mass, substructure matches', async () => {
    const m = model('sdf', sdf);
    m.scanned({
      version: 1,
      ids: [0, 1, 2, 3],
      formulas: ['C', 'C2', 'C3', 'C4'],
      mws: [4, 3, 2, 1],
      masses: [4, 3, 2, 1],
      substructure: { query: 'CO', matches: [true, false, true, false] },
    });
    assert.strictEqual(m.info().computed, 4);
    const byMass = await m.page({ version: 1, offset: 0, limit: 10, filters: {}, sort: { column: 'mw', descending: false } });
    assert.deepStrictEqual(
      byMass.rows.map((r) => r.name),
      ['d', 'b', 'a', 'c'],
    );
    const matching = await m.page({ version: 1, offset: 0, limit: 10, filters: {}, substructure: 'CO' });
    assert.deepStrictEqual(
      matching.rows.map((r) => r.name),
      ['c', 'b'],
    );
    const other = await m.page({ version: 1, offset: 0, limit: 10, filters: {}, substructure: 'N' });
    assert.strictEqual(other.total, 0, 'an unscanned query matches nothing yet');
  });

  it('hands the toolkit only the records the indexer could not compute, a batch at a time', async () => {
    const charged = (name: string) => RECORD(name).replace('M  END', 'M  CHG  1   2  -2\nM  END');
    const m = model('sdf', RECORD('a') + charged('b') + 'not a record\n$$$$\n' + charged('d') + RECORD('e'));
    assert.strictEqual(m.info().computed, 2);
    const left = await m.uncomputed(0);
    assert.deepStrictEqual(left.ids, [1, 3], 'the plain ones are known; the one with a problem is never read');
    assert.match(left.texts[0]!, /^b\n/);
    assert.strictEqual(left.end, 5);
    assert.deepStrictEqual((await m.uncomputed(2)).ids, [3]);
    m.scanned({ version: 1, ids: [1, 3], formulas: ['CH2O-2', undefined], mws: [30, undefined], masses: [30, undefined] });
    assert.strictEqual(m.info().computed, 3);
    assert.deepStrictEqual((await m.uncomputed(0)).ids, [3], 'what the toolkit could not read stays unknown');
    const byWeight = await m.page({ version: 1, offset: 0, limit: 10, filters: {}, sort: { column: 'mw', descending: false } });
    assert.deepStrictEqual(
      byWeight.rows.map((r) => r.name),
      ['b', 'a', 'e', 'not a record', 'd'],
    );
  });

  it('reads SMILES-list records as their SMILES, and never reads a record with a problem', async () => {
    const m = model('smiles', `CCO ethanol\n${'C'.repeat(RECORD_LIMITS.smiles + 1)} long\n`);
    const page = await m.page({ version: 1, offset: 0, limit: 10, filters: {} });
    assert.deepStrictEqual(
      page.rows.map((r) => [r.name, r.text]),
      [
        ['ethanol', 'CCO'],
        ['long', ''],
      ],
    );
    assert.ok(page.rows[1].problem);
  });
});
