/** A hover's image highlights the match of the newest structure search that found the record. */
import * as assert from 'assert';
import { HighlightedImages } from '../../../../src/extension/hover/hoverHighlight';
import { highlightForRecord, newSearchState } from '../../../../src/extension/searches/searchStateData';

describe('Hover highlight of a record from a structure search', () => {
  const search = (id: string, spec: object, ids: number[]) => ({ ...newSearchState(id, spec as never), ids });
  const states = [
    search('a', { kind: 'similarity', smiles: 'c1ccccc1' }, [1, 2, 3]),
    search('b', { kind: 'substructure', query: 'c1ccncc1', queryFormat: 'SMILES' }, [2, 5]),
    search('c', { kind: 'substructure', query: '[OX2H]c', queryFormat: 'SMARTS' }, [2, 3]),
  ];

  it('takes the query of the newest substructure search whose results hold the record', () => {
    assert.deepStrictEqual(highlightForRecord(states, 2), { query: 'c1ccncc1', format: 'SMILES' });
    assert.deepStrictEqual(highlightForRecord(states, 3), { query: '[OX2H]c', format: 'SMARTS' }, 'a similarity search highlights nothing');
    assert.strictEqual(highlightForRecord(states, 1), undefined);
    assert.strictEqual(highlightForRecord(states, 9), undefined);
  });

  it('fetches each highlighted image once, keeps no failure, and forgets everything on clear', async () => {
    const calls: string[] = [];
    let fail = true;
    const images = new HighlightedImages(async (id, h) => {
      calls.push(`${id} ${h.format} ${h.query}`);
      if (fail) throw new Error('down');
      return new Uint8Array([1, 2, 3]);
    });
    const h = { query: 'c1ccncc1', format: 'SMILES' as const };
    await assert.rejects(images.image(5, h), /down/);
    fail = false;
    const [a, b] = await Promise.all([images.image(5, h), images.image(5, h)]);
    assert.strictEqual(a, 'AQID');
    assert.strictEqual(b, 'AQID');
    await images.image(5, h);
    await images.image(5, { ...h, format: 'SMARTS' });
    assert.deepStrictEqual(calls, ['5 SMILES c1ccncc1', '5 SMILES c1ccncc1', '5 SMARTS c1ccncc1']);
    images.clear();
    await images.image(5, h);
    assert.strictEqual(calls.length, 4);
  });
});
