/** Current interface searches: every filter, status and results (paged, SDF), sort orders, restriction, concurrency. */
import * as assert from 'assert';
import { gunzipSync } from 'zlib';
import { startService, type RunningService } from '../../../../src/service';
import { loadChemistry, type Chemistry } from '../../../../src/service/toolkits';
import { buildFixtureRecords } from '../../support/fixture';
import { api, runFilter, waitQuery } from '../../support/http';

describe('service: current interface, filters and queries', () => {
  let svc: RunningService;
  let base: string;
  let chemistry: Chemistry;
  const run = (path: string, body: unknown) => runFilter(base, path, body);

  before(async () => {
    chemistry = await loadChemistry();
    svc = await startService({ port: 0, records: buildFixtureRecords(chemistry), shippedSpectra: false });
    base = svc.baseUrl;
  });
  after(() => svc.close());

  describe('query lifecycle', () => {
    it('answers a UUID query ID at once, then Complete with a count and an empty message', async () => {
      const submit = await api(base, 'POST', 'filter/formula', { formula: 'C9H8O4' });
      assert.strictEqual(submit.status, 200);
      assert.match(submit.json.queryId, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const first = await api(base, 'GET', `filter/${submit.json.queryId}/status`);
      assert.ok(['Created', 'Processing', 'Complete'].includes(first.json.status));
      assert.deepStrictEqual(await waitQuery(base, `filter/${submit.json.queryId}/status`), { count: 2, message: '', status: 'Complete' });
    });
    it('is seen running (Created or Processing, count 0) and then Complete, never going back', async () => {
      const slow = await startService({ port: 0, records: buildFixtureRecords(chemistry), shippedSpectra: false, queryDelayMs: 1000 });
      try {
        const submit = await api(slow.baseUrl, 'POST', 'filter/formula', { formula: 'C7H8N4O2' });
        const seen: Array<{ status: string; count: number }> = [];
        for (let i = 0; i < 400 && seen[seen.length - 1]?.status !== 'Complete'; i++) {
          const r = await api(slow.baseUrl, 'GET', `filter/${submit.json.queryId}/status`);
          if (seen[seen.length - 1]?.status !== r.json.status) seen.push({ status: r.json.status, count: r.json.count });
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const steps = ['Created', 'Processing', 'Complete'];
        assert.ok(['Created', 'Processing'].includes(seen[0].status), JSON.stringify(seen));
        assert.strictEqual(seen[0].count, 0);
        assert.deepStrictEqual(seen[seen.length - 1], { status: 'Complete', count: 2 });
        assert.deepStrictEqual(
          seen.map((x) => steps.indexOf(x.status)),
          [...seen.map((x) => steps.indexOf(x.status))].sort(),
          'only forward',
        );
      } finally {
        await slow.close();
      }
    });
    it('400 naming queryId for an unknown query ID, on status, results and SDF', async () => {
      for (const p of ['status', 'results', 'results/sdf']) {
        const r = await api(base, 'GET', `filter/00000000-0000-0000-0000-000000000000/${p}`);
        assert.strictEqual(r.status, 400, p);
        assert.ok(r.json.errors.queryId, p);
      }
    });
    it('400 when a batch query ID is used with the plain routes, and the other way round', async () => {
      const batch = await api(base, 'POST', 'filter/formula/batch', { formulas: ['C2H6O'] });
      await waitQuery(base, `filter/formula/batch/${batch.json.queryId}/status`);
      const r = await api(base, 'GET', `filter/${batch.json.queryId}/results`);
      assert.strictEqual(r.status, 400);
      assert.ok(r.json.errors.queryId[0].includes('filter/formula/batch'));
      const plain = await api(base, 'POST', 'filter/name', { name: 'ethanol' });
      assert.strictEqual((await api(base, 'GET', `filter/mass/batch/${plain.json.queryId}/status`)).status, 400);
    });
  });

  describe('results paging and SDF', () => {
    it('pages with start and count; limitedToMaxAllowed stays false under the cap', async () => {
      const submit = await api(base, 'POST', 'filter/element', { includeElements: ['C'], orderDirection: 'ascending' });
      await waitQuery(base, `filter/${submit.json.queryId}/status`);
      const all = await api(base, 'GET', `filter/${submit.json.queryId}/results`);
      assert.deepStrictEqual(all.json, { results: [30, 171, 236, 682, 2068, 2157, 2424, 5236, 5775, 7000, 7620, 9001], limitedToMaxAllowed: false });
      const page = await api(base, 'GET', `filter/${submit.json.queryId}/results?start=2&count=3`);
      assert.deepStrictEqual(page.json, { results: [236, 682, 2068], limitedToMaxAllowed: false });
      const tail = await api(base, 'GET', `filter/${submit.json.queryId}/results?start=10`);
      assert.deepStrictEqual(tail.json.results, [7620, 9001]);
      const past = await api(base, 'GET', `filter/${submit.json.queryId}/results?start=50`);
      assert.deepStrictEqual(past.json.results, []);
      const bad = await api(base, 'GET', `filter/${submit.json.queryId}/results?start=-1`);
      assert.strictEqual(bad.status, 400);
      assert.ok(bad.json.errors.start);
      const badCount = await api(base, 'GET', `filter/${submit.json.queryId}/results?count=ten`);
      assert.strictEqual(badCount.status, 400);
      assert.ok(badCount.json.errors.count);
    });
    it('gives the results as gzip+base64 SDF: a MOL block and data items per record, in result order', async () => {
      const submit = await api(base, 'POST', 'filter/element', {
        includeElements: ['N', 'Cl'],
        orderBy: 'referenceCount',
        orderDirection: 'descending',
      });
      await waitQuery(base, `filter/${submit.json.queryId}/status`);
      const ids = (await api(base, 'GET', `filter/${submit.json.queryId}/results`)).json.results;
      assert.deepStrictEqual(ids, [2424, 5044, 2068, 5236, 7620]);
      const r = await api(base, 'GET', `filter/${submit.json.queryId}/results/sdf`);
      assert.strictEqual(r.status, 200);
      const gz = Buffer.from(r.json.results, 'base64');
      assert.deepStrictEqual([...gz.subarray(0, 2)], [0x1f, 0x8b], 'gzip magic');
      const sdf = gunzipSync(gz).toString('utf8');
      assert.ok(sdf.endsWith('$$$$\n'));
      const entries = sdf.split('$$$$\n').slice(0, -1);
      assert.strictEqual(entries.length, ids.length);
      entries.forEach((entry, i) => {
        const [mol, data] = [entry.slice(0, entry.indexOf('M  END\n') + 7), entry.slice(entry.indexOf('M  END\n') + 7)];
        const items = Object.fromEntries([...data.matchAll(/^> <(\w+)>\n(.*)\n\n/gm)].map((m) => [m[1], m[2]]));
        assert.strictEqual(Number(items.ID), ids[i]);
        assert.match(mol, /V2000/);
        // The MOL block is the record's structure: RDKit reads it back to the InChIKey the record holds.
        assert.strictEqual(chemistry.inchiKeyOf(mol), items.INCHIKEY, `entry ${i}`);
        assert.ok(items.NAME && items.SMILES && items.INCHI.startsWith('InChI=1S/') && Number(items.MONOISOTOPIC_MASS) > 0);
      });
      const caffeine = (await api(base, 'GET', 'records/2424/details?fields=CommonName,MonoisotopicMass')).json;
      assert.ok(
        entries[0].includes(`> <NAME>\n${caffeine.commonName}\n`) && entries[0].includes(`> <MONOISOTOPIC_MASS>\n${caffeine.monoisotopicMass}\n`),
      );
      assert.ok(entries[0].includes('> <INCHIKEY>\nRYYVLZVUVIJVGH-UHFFFAOYSA-N\n'));
    });
  });

  describe('filter element', () => {
    it('any of the included elements', async () => {
      assert.deepStrictEqual(await run('filter/element', { includeElements: ['Cl'] }), [5044, 7620]);
      assert.deepStrictEqual(await run('filter/element', { includeElements: ['N', 'Cl'] }), [2068, 2424, 5044, 5236, 7620]);
    });
    it('all of them with includeAll, and excluded elements', async () => {
      assert.deepStrictEqual(await run('filter/element', { includeElements: ['N', 'O'], options: { includeAll: true } }), [2068, 2424, 5236]);
      assert.deepStrictEqual(
        await run('filter/element', { includeElements: ['C', 'H'], excludeElements: ['O', 'N', 'Cl'], options: { includeAll: true } }),
        [236],
      );
    });
    it('complexity: multiple means more than one part or a metal', async () => {
      assert.deepStrictEqual(await run('filter/element', { includeElements: ['Cl'], options: { complexity: 'multiple' } }), [5044]);
      assert.deepStrictEqual(await run('filter/element', { includeElements: ['Cl'], options: { complexity: 'single' } }), [7620]);
      assert.deepStrictEqual(await run('filter/element', { includeElements: ['O'], options: { complexity: 'multiple' } }), [30]);
    });
    it('complexity: a single metal atom is multiple too', async () => {
      assert.deepStrictEqual(await run('filter/element', { includeElements: ['Fe'], options: { complexity: 'multiple' } }), [26]);
      assert.deepStrictEqual(await run('filter/element', { includeElements: ['Fe'], options: { complexity: 'single' } }), []);
      assert.deepStrictEqual(
        await run('filter/element', { includeElements: ['Fe', 'Na', 'K'], options: { complexity: 'multiple' } }),
        [26, 30, 5044],
      );
    });
    it('isotopic: labeled and unlabeled', async () => {
      assert.deepStrictEqual(await run('filter/element', { includeElements: ['O'], options: { isotopic: 'labeled' } }), [7000]);
      const unlabeled = await run('filter/element', { includeElements: ['O'], options: { isotopic: 'unlabeled', complexity: 'any' } });
      assert.ok(!unlabeled.includes(7000) && unlabeled.includes(682));
    });
    it('400 for limits and bad symbols', async () => {
      const many = await api(base, 'POST', 'filter/element', { includeElements: Array(16).fill('C') });
      assert.strictEqual(many.status, 400);
      assert.ok(many.json.errors.includeElements[0].includes('15'));
      const exclude = await api(base, 'POST', 'filter/element', { includeElements: ['C'], excludeElements: Array(101).fill('O') });
      assert.ok(exclude.json.errors.excludeElements[0].includes('100'));
      const sym = await api(base, 'POST', 'filter/element', { includeElements: ['Xx'] });
      assert.ok(sym.json.errors.includeElements);
      const opt = await api(base, 'POST', 'filter/element', {
        includeElements: ['C'],
        options: { complexity: 'some', isotopic: 'heavy', includeAll: 'yes' },
      });
      assert.ok(opt.json.errors['options.complexity'] && opt.json.errors['options.isotopic'] && opt.json.errors['options.includeAll']);
      for (const options of ['all', 1, [true]]) {
        const r = await api(base, 'POST', 'filter/element', { includeElements: ['C'], options });
        assert.strictEqual(r.status, 400, JSON.stringify(options));
        assert.ok(r.json.errors.options);
      }
      assert.ok((await api(base, 'POST', 'filter/element', { excludeElements: ['C'] })).json.errors.includeElements, 'includeElements is required');
    });
  });

  describe('filter formula and formula batch', () => {
    it('finds a formula in any element order and TeX-like', async () => {
      assert.deepStrictEqual(await run('filter/formula', { formula: 'C7H8N4O2' }), [2068, 5236]);
      assert.deepStrictEqual(await run('filter/formula', { formula: 'H8C7O2N4' }), [2068, 5236]);
      assert.deepStrictEqual(await run('filter/formula', { formula: 'C_{7}H_{8}N_{4}O_{2}' }), [2068, 5236]);
      assert.deepStrictEqual(await run('filter/formula', { formula: 'ClNa' }), [5044]);
      assert.deepStrictEqual(await run('filter/formula', { formula: 'C2H3KO2' }), [30]);
      assert.deepStrictEqual(await run('filter/formula', { formula: 'C99H2' }), []);
    });
    it('restricts to datasources (case-insensitive) and 400s on an unknown one', async () => {
      assert.deepStrictEqual(await run('filter/formula', { formula: 'C7H8N4O2', dataSources: ['beta'] }), [2068]);
      assert.deepStrictEqual(await run('filter/formula', { formula: 'C7H8N4O2', dataSources: ['Alpha', 'Beta'] }), [2068, 5236]);
      const r = await api(base, 'POST', 'filter/formula', { formula: 'C7H8N4O2', dataSources: ['Gamma'] });
      assert.strictEqual(r.status, 400);
      assert.ok(r.json.errors.dataSources[0].includes('Gamma'));
    });
    it('sorts by each key in both directions', async () => {
      const sorted = (orderBy: string, orderDirection: string) => run('filter/formula', { formula: 'C7H8N4O2', orderBy, orderDirection });
      assert.deepStrictEqual(await sorted('referenceCount', 'ascending'), [5236, 2068]);
      assert.deepStrictEqual(await sorted('referenceCount', 'descending'), [2068, 5236]);
      assert.deepStrictEqual(await sorted('recordId', 'descending'), [5236, 2068]);
      assert.deepStrictEqual(await sorted('articleCount', 'descending'), [2068, 5236]);
      assert.deepStrictEqual(await sorted('orgCount', 'descending'), [2068, 5236]);
      assert.deepStrictEqual(await sorted('dataSourceCount', 'descending'), [2068, 5236]);
      const all = (orderBy: string, orderDirection: string) =>
        run('filter/element', { includeElements: ['C', 'O'], options: { includeAll: true }, orderBy, orderDirection });
      const mw = await all('molecularWeight', 'ascending');
      assert.deepStrictEqual(mw.slice(0, 3), [7000, 682, 171]);
      assert.strictEqual(mw[mw.length - 1], 5775);
      const defect = await all('massDefect', 'descending');
      assert.strictEqual(defect[0], 5775, 'cholesterol has the largest mass defect');
      const direction = await run('filter/element', { includeElements: ['Cl'], orderBy: null, orderDirection: 'descending' });
      assert.deepStrictEqual(direction, [7620, 5044]);
    });
    it('400 for a sort key or direction that is not one', async () => {
      const r = await api(base, 'POST', 'filter/formula', { formula: 'C2H6O', orderBy: 'colour', orderDirection: 'up' });
      assert.ok(r.json.errors.orderBy && r.json.errors.orderDirection);
    });
    it('400 for a formula that is not one', async () => {
      const r = await api(base, 'POST', 'filter/formula', { formula: 'hello world' });
      assert.strictEqual(r.status, 400);
      assert.ok(r.json.errors.formula);
    });
    it('formula batch echoes each formula as sent with its results', async () => {
      const submit = await api(base, 'POST', 'filter/formula/batch', {
        formulas: ['C9H8O4', 'H6C2O', 'C99'],
        orderBy: 'referenceCount',
        orderDirection: 'descending',
      });
      const status = await waitQuery(base, `filter/formula/batch/${submit.json.queryId}/status`);
      assert.deepStrictEqual(status, { count: 3, message: '', status: 'Complete' });
      const r = await api(base, 'GET', `filter/formula/batch/${submit.json.queryId}/results`);
      assert.deepStrictEqual(r.json, {
        batchResults: [
          { formula: 'C9H8O4', results: [2157, 9001] },
          { formula: 'H6C2O', results: [682] },
          { formula: 'C99', results: [] },
        ],
      });
      const bad = await api(base, 'POST', 'filter/formula/batch', { formulas: [] });
      assert.ok(bad.json.errors.formulas);
      assert.ok((await api(base, 'POST', 'filter/formula/batch', { formulas: ['C2H6O', 'not one'] })).json.errors['formulas[1]']);
    });
    it('formula batch restricts every entry to the datasources', async () => {
      const submit = await api(base, 'POST', 'filter/formula/batch', { formulas: ['C7H8N4O2', 'C8H10N4O2'], dataSources: ['BETA'] });
      await waitQuery(base, `filter/formula/batch/${submit.json.queryId}/status`);
      const r = await api(base, 'GET', `filter/formula/batch/${submit.json.queryId}/results`);
      assert.deepStrictEqual(r.json.batchResults, [
        { formula: 'C7H8N4O2', results: [2068] },
        { formula: 'C8H10N4O2', results: [2424] },
      ]);
      assert.ok((await api(base, 'POST', 'filter/formula/batch', { formulas: ['C2H6O'], dataSources: ['Gamma'] })).json.errors.dataSources);
    });
  });

  describe('filter mass, mass batch and intrinsic property', () => {
    it('monoisotopic mass within the range', async () => {
      assert.deepStrictEqual(await run('filter/mass', { mass: 194.08, range: 0.001 }), [2424]);
      assert.deepStrictEqual(await run('filter/mass', { mass: 180.04, range: 0.01 }), [2157, 9001]);
      assert.deepStrictEqual(await run('filter/mass', { mass: 180.04, range: 0.01, dataSources: ['Beta'] }), []);
      assert.deepStrictEqual(await run('filter/mass', { mass: 194.080376, range: 0.0001 }), [2424]);
    });
    it('400 outside the limits of spec 8', async () => {
      const low = await api(base, 'POST', 'filter/mass', { mass: 0.5, range: 1 });
      assert.ok(low.json.errors.mass[0].includes('1 to 11000'));
      const range = await api(base, 'POST', 'filter/mass', { mass: 100, range: 101 });
      assert.ok(range.json.errors.range);
      const tiny = await api(base, 'POST', 'filter/mass', { mass: 100, range: 0.00001 });
      assert.ok(tiny.json.errors.range);
      const high = await api(base, 'POST', 'filter/mass', { mass: 11000.01, range: 1 });
      assert.strictEqual(high.status, 400);
      assert.ok(high.json.errors.mass[0].includes('11000'));
      const text = await api(base, 'POST', 'filter/mass', { mass: '194', range: null });
      assert.ok(text.json.errors.mass && text.json.errors.range);
      assert.deepStrictEqual(await run('filter/mass', { mass: 11000, range: 100 }), [], 'the bounds themselves are allowed');
      assert.deepStrictEqual(await run('filter/mass', { mass: 1, range: 0.0001 }), []);
    });
    it('mass batch gives mass, range and results per entry', async () => {
      const submit = await api(base, 'POST', 'filter/mass/batch', {
        masses: [
          { mass: 194.08, range: 0.01 },
          { mass: 46.04, range: 0.01 },
        ],
      });
      await waitQuery(base, `filter/mass/batch/${submit.json.queryId}/status`);
      const r = await api(base, 'GET', `filter/mass/batch/${submit.json.queryId}/results`);
      assert.deepStrictEqual(r.json, {
        batchResults: [
          { mass: 194.08, range: 0.01, results: [2424] },
          { mass: 46.04, range: 0.01, results: [682] },
        ],
      });
      const bad = await api(base, 'POST', 'filter/mass/batch', { masses: [{ mass: 5, range: 500 }] });
      assert.ok(bad.json.errors['masses[0].range']);
      const worse = await api(base, 'POST', 'filter/mass/batch', { masses: [{ mass: 100, range: 1 }, { mass: 11000.5, range: 1 }, 7] });
      assert.deepStrictEqual(Object.keys(worse.json.errors).sort(), ['masses[1].mass', 'masses[2]']);
    });
    it('mass batch restricts every entry to the datasources', async () => {
      const submit = await api(base, 'POST', 'filter/mass/batch', {
        masses: [
          { mass: 180.04, range: 0.01 },
          { mass: 180.9, range: 1 },
        ],
        dataSources: ['Alpha'],
      });
      await waitQuery(base, `filter/mass/batch/${submit.json.queryId}/status`);
      const r = await api(base, 'GET', `filter/mass/batch/${submit.json.queryId}/results`);
      assert.deepStrictEqual(r.json.batchResults, [
        { mass: 180.04, range: 0.01, results: [2157, 9001] },
        { mass: 180.9, range: 1, results: [2157, 5236, 9001] },
      ]);
      const beta = await api(base, 'POST', 'filter/mass/batch', { masses: [{ mass: 180.9, range: 1 }], dataSources: ['Beta'] });
      await waitQuery(base, `filter/mass/batch/${beta.json.queryId}/status`);
      assert.deepStrictEqual((await api(base, 'GET', `filter/mass/batch/${beta.json.queryId}/results`)).json.batchResults[0].results, [2068]);
    });
    it('intrinsic property combines formula and each mass kind', async () => {
      assert.deepStrictEqual(
        await run('filter/intrinsicproperty', { formula: 'C9H8O4', monoisotopicMass: { mass: 180.04, range: 0.01 } }),
        [2157, 9001],
      );
      assert.deepStrictEqual(await run('filter/intrinsicproperty', { molecularWeight: { mass: 194.19, range: 0.01 } }), [2424]);
      assert.deepStrictEqual(await run('filter/intrinsicproperty', { nominalMass: { mass: 60, range: 0.5 } }), [171]);
      assert.deepStrictEqual(
        await run('filter/intrinsicproperty', { averageMass: { mass: 58.44, range: 0.01 }, options: { complexity: 'multiple' } }),
        [5044],
      );
      assert.deepStrictEqual(await run('filter/intrinsicproperty', { formula: 'C9H8O4', nominalMass: { mass: 194, range: 0.5 } }), []);
      assert.deepStrictEqual(await run('filter/intrinsicproperty', { monoisotopicMass: { mass: 40, range: 7 } }), [682, 7000]);
      assert.deepStrictEqual(
        await run('filter/intrinsicproperty', { monoisotopicMass: { mass: 40, range: 7 }, options: { isotopic: 'labeled' } }),
        [7000],
      );
      assert.deepStrictEqual(
        await run('filter/intrinsicproperty', { monoisotopicMass: { mass: 40, range: 7 }, options: { isotopic: 'unlabeled' } }),
        [682],
      );
      assert.deepStrictEqual(await run('filter/intrinsicproperty', { formula: 'H8C7O2N4' }), [2068, 5236]);
      const none = await api(base, 'POST', 'filter/intrinsicproperty', { options: { complexity: 'any' } });
      assert.strictEqual(none.status, 400);
      assert.ok(none.json.errors.formula);
      const bad = await api(base, 'POST', 'filter/intrinsicproperty', {
        formula: 'nope',
        averageMass: { mass: -1, range: 1 },
        nominalMass: 60,
        options: 'x',
      });
      assert.deepStrictEqual(Object.keys(bad.json.errors).sort(), ['averageMass.mass', 'nominalMass', 'options']);
      const formula = await api(base, 'POST', 'filter/intrinsicproperty', { formula: 'nope' });
      assert.ok(formula.json.errors.formula);
    });
  });

  describe('filter name', () => {
    it('is case-insensitive and finds synonyms', async () => {
      assert.deepStrictEqual(await run('filter/name', { name: 'CAFFEINE' }), [2424]);
      assert.deepStrictEqual(await run('filter/name', { name: 'guaranine' }), [2424]);
      assert.deepStrictEqual(await run('filter/name', { name: '  table   salt ' }), [5044]);
      assert.deepStrictEqual(await run('filter/name', { name: 'no such compound' }), []);
    });
    it('ranks exact names, then synonyms, then prefixes, unless an order is asked', async () => {
      // Names that start with the query are one rank: by record ID (shared/beyond-the-spec.md 4).
      assert.deepStrictEqual(await run('filter/name', { name: 'theo' }), [2068, 5236]);
      assert.deepStrictEqual(await run('filter/name', { name: 'acet' }), [30, 171, 2157]);
      // shared/beyond-the-spec.md 4: a direction without orderBy keeps the relevance order.
      assert.deepStrictEqual(await run('filter/name', { name: 'acet', orderBy: null, orderDirection: 'ascending' }), [30, 171, 2157]);
      assert.deepStrictEqual(await run('filter/name', { name: 'acet', orderBy: 'referenceCount', orderDirection: 'descending' }), [2157, 171, 30]);
      assert.deepStrictEqual(await run('filter/name', { name: 'caff' }), [2424, 9001]);
      assert.deepStrictEqual(await run('filter/name', { name: 'acetic acid' }), [171, 30], 'exact name before a synonym prefix');
      assert.deepStrictEqual(await run('filter/name', { name: 'Acetic acid', orderDirection: 'ascending' }), [171, 30]);
      assert.deepStrictEqual(await run('filter/name', { name: 'Acetic acid', orderBy: 'recordId', orderDirection: 'ascending' }), [30, 171]);
    });
    it('400 for an empty name', async () => {
      assert.ok((await api(base, 'POST', 'filter/name', { name: ' ' })).json.errors.name);
    });
  });

  describe('structure searches by identity', () => {
    it('SMILES: any spelling of the same structure', async () => {
      assert.deepStrictEqual(await run('filter/smiles', { smiles: 'OCC' }), [682]);
      assert.deepStrictEqual(await run('filter/smiles', { smiles: 'C(O)C' }), [682]);
      assert.deepStrictEqual(await run('filter/smiles', { smiles: 'Cn1cnc2c1c(=O)n(C)c(=O)n2C' }), [2424]);
      assert.deepStrictEqual(await run('filter/smiles', { smiles: 'O=C1N(C)C(=O)c2c(ncn2C)N1C' }), [2424], 'a Kekulé, non-canonical caffeine');
      assert.deepStrictEqual(await run('filter/smiles', { smiles: '[Cl-].[Na+]' }), [5044]);
      assert.deepStrictEqual(await run('filter/smiles', { smiles: 'C([2H])([2H])([2H])O' }), [7000]);
      assert.deepStrictEqual(await run('filter/smiles', { smiles: 'CO' }), [], 'methanol is not methanol-d3');
      assert.deepStrictEqual(await run('filter/smiles', { smiles: 'CCCCCCCCCC' }), []);
      const bad = await api(base, 'POST', 'filter/smiles', { smiles: 'C1CC(' });
      assert.ok(bad.json.errors.smiles);
    });
    it('InChI and InChIKey', async () => {
      assert.deepStrictEqual(await run('filter/inchi', { inchi: 'InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3' }), [2424]);
      assert.deepStrictEqual(await run('filter/inchi', { inchi: 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3' }), [682]);
      // Other string forms of the same structure: a non-standard InChI, one with a fixed-H layer, padded.
      for (const inchi of [
        'InChI=1/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3',
        'InChI=1/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3/f/h',
        '  InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3 ',
      ]) {
        assert.deepStrictEqual(await run('filter/inchi', { inchi }), [2424], inchi);
      }
      assert.deepStrictEqual(await run('filter/inchikey', { inchikey: ' RYYVLZVUVIJVGH-UHFFFAOYSA-N ' }), [2424]);
      assert.deepStrictEqual(await run('filter/inchikey', { inchikey: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N' }), [2424]);
      assert.deepStrictEqual(await run('filter/inchikey', { inchikey: 'XLYOFNOQVPJJNP-UHFFFAOYSA-N' }), []);
      assert.ok((await api(base, 'POST', 'filter/inchikey', { inchikey: 'caffeine' })).json.errors.inchikey);
      assert.ok((await api(base, 'POST', 'filter/inchi', { inchi: 'C8H10N4O2' })).json.errors.inchi);
      assert.ok((await api(base, 'POST', 'filter/inchi', { inchi: 'InChI=1S/nonsense' })).json.errors.inchi);
    });
  });

  describe('concurrency', () => {
    it('100 searches at once all finish with correct results', async () => {
      const cases: Array<[string, unknown, number[]]> = [
        ['filter/formula', { formula: 'C7H8N4O2' }, [2068, 5236]],
        ['filter/name', { name: 'caffeine' }, [2424]],
        ['filter/mass', { mass: 180.04, range: 0.01 }, [2157, 9001]],
        ['filter/element', { includeElements: ['Cl'] }, [5044, 7620]],
        ['filter/smiles', { smiles: 'OCC' }, [682]],
      ];
      const all = await Promise.all(
        Array.from({ length: 100 }, (_, i) => cases[i % cases.length]).map(async ([p, body, want]) => ({ got: await run(p, body), want })),
      );
      assert.strictEqual(all.length, 100);
      for (const { got, want } of all) assert.deepStrictEqual(got, want);
    });
  });
});
