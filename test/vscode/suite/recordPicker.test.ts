import * as assert from 'assert';
import type { SearchState } from '../../../src/extension/searches/searchState';
import { recordChoices, resolveRecord, type RecordSource } from '../../../src/extension/commands/recordPicker';
import { CAFFEINE_KEY, recordIdByName, run } from './helpers';

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
});
