import * as assert from 'assert';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import { recordChoices, resolveRecord, type RecordSource } from '../../../../src/extension/commands/recordPicker';
import { CAFFEINE_KEY, recordIdByName, run } from '../helpers';

/** The picker's source over the real searches: what the extension's own source does through its client. */
const source = (selected?: number): RecordSource => ({
  selected: () => (selected ? { recordId: selected, name: 'Caffeine' } : undefined),
  recent: () => [
    { recordId: 5, name: 'Recent one' },
    { recordId: selected ?? 6, name: 'Caffeine' },
  ],
  lookUp: async (text) => (await run<SearchState>('compoundDb.search', { query: text })).ids.map((recordId) => ({ recordId })),
});

suite('Asking for a record', () => {
  test('offers the selected result and recent results, and takes a record ID typed in', async () => {
    const caffeine = await recordIdByName('caffeine');
    const rows = recordChoices(source(caffeine), '');
    const picks = rows.filter((r) => (r as { recordId?: number }).recordId !== undefined).map((r) => (r as { recordId: number }).recordId);
    assert.deepStrictEqual(picks, [caffeine, 5], 'the selection first, then recent results without repeating it');
    assert.deepStrictEqual((recordChoices(source(), '2157')[0] as { recordId?: number }).recordId, 2157);
    assert.match(recordChoices(source(), 'caffeine')[0].label, /^Look up "caffeine"/);
  });

  test('a name, an InChIKey or a SMILES typed in is looked up first', async () => {
    const caffeine = await recordIdByName('caffeine');
    const ethanol = await recordIdByName('ethanol');
    assert.strictEqual(await resolveRecord(source(), CAFFEINE_KEY, 't'), caffeine);
    assert.strictEqual(await resolveRecord(source(), 'CCO', 't'), ethanol);
    await assert.rejects(resolveRecord(source(), 'no-such-compound-name', 't'), /No record matches "no-such-compound-name"/);
  });

  test('a structure prompt takes a SMILES (and SMARTS for a substructure) as typed, and looks up anything else', () => {
    const rows = (typed: string, smarts = false) => recordChoices(source(), typed, { smarts });
    const structureOf = (row: object) => (row as { structure?: { query: string; queryFormat: string } }).structure;
    assert.deepStrictEqual(structureOf(rows('c1ccccc1O')[0]), { query: 'c1ccccc1O', queryFormat: 'SMILES' });
    assert.match(rows('c1ccccc1O')[1].label, /^Look up "c1ccccc1O"/, 'a SMILES may also be looked up');
    assert.match(rows('aspirin')[0].label, /^Look up "aspirin"/, 'a name is looked up, not a parse error');
    assert.strictEqual(structureOf(rows('aspirin')[0]), undefined);
    assert.strictEqual((rows('2157')[0] as { recordId?: number }).recordId, 2157);
    assert.match(rows(CAFFEINE_KEY)[0].label, /^Look up/);
    assert.deepStrictEqual(structureOf(rows('[CX3](=O)[OX2H1]', true)[0]), { query: '[CX3](=O)[OX2H1]', queryFormat: 'SMARTS' });
    assert.strictEqual(structureOf(rows('[CX3](=O)[OX2H1]')[0]), undefined, 'SMARTS only where a substructure is asked for');
    assert.strictEqual(structureOf(recordChoices(source(), 'c1ccccc1O')[0]), undefined, 'a record prompt looks everything up');
  });
});
