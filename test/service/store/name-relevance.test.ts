/**
 * Finding the right compound first (shared/beyond-the-spec.md 4) over the shipped collection: the name filter's
 * relevance order, stereo descriptors set aside, substrings, one skeleton together, spelling suggestions.
 */
import * as assert from 'assert';
import { startService, type RunningService } from '../../../src/service';
import { bareName, normaliseName } from '../../../src/service/store/name-keys';
import { api, runFilter } from '../support/http';

describe('service: relevance of name search (shipped collection)', () => {
  let svc: RunningService;
  let base: string;
  const names = async (name: string, extra: Record<string, unknown> = {}): Promise<Array<{ id: number; name: string }>> => {
    const ids = await runFilter(base, 'filter/name', { name, ...extra });
    if (!ids.length) return [];
    const r = await api(base, 'POST', 'records/batch', { recordIds: ids.slice(0, 100), fields: ['CommonName'] });
    return r.json.records.map((x: { id: number; commonName: string }) => ({ id: x.id, name: x.commonName }));
  };

  before(async () => {
    svc = await startService({ port: 0 });
    base = svc.baseUrl;
  });
  after(() => svc.close());

  it('sets stereo descriptors aside, not locants', () => {
    const bare = (s: string) => bareName(normaliseName(s));
    assert.strictEqual(bare('DL-Lactic acid'), 'lactic acid');
    assert.strictEqual(bare('L-(+)-Lactic acid'), 'lactic acid');
    assert.strictEqual(bare('(2S,3R)-threonine'), 'threonine');
    assert.strictEqual(bare('alpha-D-Glucose'), 'glucose');
    assert.strictEqual(bare('(±)-Ibuprofen'), 'ibuprofen');
    assert.strictEqual(bare('(E)-Stilbene'), 'stilbene');
    assert.strictEqual(bare('R-adrenaline'), 'adrenaline');
    assert.strictEqual(bare('2-Hydroxypropanoic acid'), '2-hydroxypropanoic acid');
    assert.strictEqual(bare('D-'), 'd-', 'a descriptor alone stays');
  });

  it('"quercetin" lists quercetin first, then its derivatives', async () => {
    const found = await names('quercetin');
    assert.strictEqual(found[0].name, 'Quercetin');
    assert.ok(found.length >= 20, `${found.length}`);
  });

  it('"glucose" gives glucose itself first, not glucose-6-phosphate', async () => {
    const found = await names('glucose');
    assert.match(found[0].name, /^(D-|alpha-D-|beta-D-)?glucose$|glucopyranose/i, JSON.stringify(found.slice(0, 5)));
  });

  it('"lactic acid" and "adrenaline" find their compounds under their stereo names', async () => {
    const lactic = await names('lactic acid');
    // DL-lactic acid, whose synonym "Lactic acid" the synonym source gives (data/synonyms.json.gz), then L- and D-lactic
    // acid, the same skeleton with its stereocentre defined.
    assert.deepStrictEqual(
      lactic.slice(0, 3).map((r) => r.id),
      [3733, 262, 263],
    );
    const adrenaline = await names('adrenaline');
    assert.strictEqual(adrenaline[0].id, 560);
    assert.strictEqual(adrenaline[1].id, 6793, 'epinephrine without its stereocentre follows as the same skeleton');
  });

  it('finds names containing the query after those starting with it', async () => {
    const found = await names('penicillin');
    assert.ok(
      found.some((r) => r.name === 'Benzylpenicillin'),
      JSON.stringify(found),
    );
  });

  it('keeps relevance with orderDirection alone, and the spec order with orderBy', async () => {
    const plain = await runFilter(base, 'filter/name', { name: 'quercetin' });
    assert.deepStrictEqual(await runFilter(base, 'filter/name', { name: 'quercetin', orderDirection: 'ascending' }), plain);
    const byId = await runFilter(base, 'filter/name', { name: 'quercetin', orderBy: 'recordId', orderDirection: 'ascending' });
    assert.deepStrictEqual(
      byId,
      [...plain].sort((a, b) => a - b),
    );
  });
});
