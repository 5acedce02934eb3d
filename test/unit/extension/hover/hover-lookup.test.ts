/** The hover's lookups: cached, shared while in flight, bounded. */
import * as assert from 'assert';
import { HoverLookup, type HoverBackend } from '../../../../src/extension/hover/hoverLookup';
import type { RecordDetails } from '../../../../src/wire';

describe('Hover lookup', () => {
  const details = (id: number) => ({ id, commonName: `record ${id}` }) as unknown as RecordDetails;
  function backend(overrides: Partial<HoverBackend> = {}) {
    const calls: string[] = [];
    const b: HoverBackend = {
      find: async (kind, text) => (calls.push(`find ${kind} ${text}`), text === 'none' ? [] : [1, 2]),
      details: async (id) => (calls.push(`details ${id}`), details(id)),
      image: async (id) => (calls.push(`image ${id}`), new Uint8Array([1, 2, 3])),
      ...overrides,
    };
    return { b, calls };
  }

  it('looks up the first record with its image, then answers from the cache', async () => {
    const { b, calls } = backend();
    let asked = 0;
    const lookup = new HoverLookup(async () => (asked++, b));
    const info = await lookup.lookup('smiles', 'CCO');
    assert.deepStrictEqual(info, { kind: 'smiles', query: 'CCO', recordIds: [1, 2], details: details(1), imageBase64: 'AQID' });
    await lookup.lookup('smiles', 'CCO');
    assert.deepStrictEqual(calls, ['find smiles CCO', 'details 1', 'image 1']);
    assert.strictEqual(asked, 1, 'the backend was asked once');
  });

  it('joins a lookup of the same key already running', async () => {
    const { b, calls } = backend();
    const lookup = new HoverLookup(async () => b);
    await Promise.all([lookup.lookup('smiles', 'CCO'), lookup.lookup('smiles', 'CCO'), lookup.lookup('inchikey', 'CCO')]);
    assert.strictEqual(calls.filter((c) => c.startsWith('find')).length, 2);
  });

  it('no match: no details asked; a failed image still shows the details; a failure is not kept', async () => {
    let fail = true;
    const { b, calls } = backend({
      image: async () => Promise.reject(new Error('no image')),
      details: async (id) => (fail ? Promise.reject(new Error('down')) : details(id)),
    });
    const lookup = new HoverLookup(async () => b);
    assert.deepStrictEqual(await lookup.lookup('smiles', 'none'), { kind: 'smiles', query: 'none', recordIds: [] });
    await assert.rejects(lookup.lookup('smiles', 'CCO'), /down/);
    fail = false;
    const info = await lookup.lookup('smiles', 'CCO');
    assert.strictEqual(info.imageBase64, undefined);
    assert.strictEqual(info.details?.id, 1);
    assert.deepStrictEqual(calls, ['find smiles none', 'find smiles CCO', 'find smiles CCO'], 'the failure was looked up again');
  });

  it('clear: a lookup started before it does not fill the new cache', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { b } = backend({ find: async () => (await gate, [1]) });
    let asked = 0;
    const lookup = new HoverLookup(async () => (asked++, b));
    const old = lookup.lookup('smiles', 'CCO');
    lookup.clear();
    release();
    await old;
    await lookup.lookup('smiles', 'CCO');
    assert.strictEqual(asked, 2);
  });

  it('is bounded by entries', async () => {
    const { b } = backend();
    let asked = 0;
    const lookup = new HoverLookup(async () => (asked++, b), { maxEntries: 2, maxBytes: 1_000_000 });
    for (const t of ['CCO', 'CCN', 'CCC', 'CCO']) await lookup.lookup('smiles', t);
    assert.strictEqual(asked, 4, 'CCO was dropped for CCC');
  });
});
