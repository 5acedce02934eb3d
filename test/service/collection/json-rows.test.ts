/** The row scanner behind the lazily read data files (MOL blocks, spectra index): spans, slices, damaged input. */
import * as assert from 'assert';
import { JsonRowScanner, parseRow } from '../../../src/service/collection/json-rows';

function rowsOf(text: string, from = text.indexOf('['), slice = Infinity): unknown[] {
  const bytes = Buffer.from(text, 'utf8');
  const scanner = new JsonRowScanner(bytes, from, 'test.json');
  let turns = 0;
  while (!scanner.scan(slice)) turns++;
  assert.ok(slice === Infinity || turns >= 1);
  const { starts, ends } = scanner.spans();
  return Array.from(starts, (start, i) => parseRow(bytes, start, ends[i]));
}

describe('JSON row scanner', () => {
  const rows = [['a ] b [ c', null, 'quote \\" and \\\\ end\\\\'], [1, 'ünïcödé ]', { nested: [1, [2]] }], [], ['\n  M  END\n', null, null]];

  it('finds every row of an array of arrays, whatever its strings hold', () => {
    const text = JSON.stringify(rows);
    assert.deepStrictEqual(rowsOf(text), JSON.parse(text));
    assert.deepStrictEqual(rowsOf(JSON.stringify(rows, null, 2)), JSON.parse(text), 'with white space');
    assert.deepStrictEqual(rowsOf(text, 0, 1), JSON.parse(text), 'a row per slice');
    assert.deepStrictEqual(rowsOf('[]'), []);
  });

  it('finds the rows inside a larger object, and where the array ends', () => {
    const text = JSON.stringify({ format: 'x', rows });
    const bytes = Buffer.from(text);
    const scanner = new JsonRowScanner(bytes, bytes.indexOf('[', bytes.indexOf('"rows":')), 'index');
    assert.ok(scanner.scan(Infinity));
    assert.strictEqual(bytes.toString('utf8', scanner.spans().end), '}');
  });

  it('names the file and the row of damaged input', () => {
    assert.throws(() => rowsOf('{"a": 1}', 0), /test\.json: expected a JSON array at byte 0/);
    assert.throws(() => rowsOf('[[1], 2]'), /test\.json: malformed JSON at byte 6 \(row 1\)/);
    assert.throws(() => rowsOf('[[1] [2]]'), /malformed JSON at byte 5 \(row 1\)/);
    assert.throws(() => rowsOf('[[1], ["unterminated]]'), /the JSON ends inside row 1/);
    assert.throws(() => new JsonRowScanner(Buffer.from('[[1]'), 0, 'f').spans(), /rows asked for before the scan ended/);
  });
});
