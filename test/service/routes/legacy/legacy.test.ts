/** Older interface over real HTTP: every operation, XML shape and namespace, names in any case, token roles, errors. */
import * as assert from 'assert';
import { LEGACY_ERROR_TEXT, LEGACY_XML_NAMESPACE } from '../../../../src/wire';
import { startService, type RunningService } from '../../../../src/service';
import { loadChemistry } from '../../../../src/service/toolkits';
import { buildFixtureRecords, SPECTRUM_TEXT, writeSpectraDir } from '../../support/fixture';
import { legacy, parseXml, request, waitLegacy, type Fields } from '../../support/http';

const SUB = 'subscriber-token-1234';
const USER = 'user-token-12345678';

describe('service: older interface', () => {
  let svc: RunningService;
  let base: string;
  const call = (path: string, fields: Fields = [], token: string | null = SUB, method: 'POST' | 'GET' = 'POST') =>
    legacy(base, path, fields, token, method);
  const xml = async (path: string, fields: Fields = [], token: string | null = SUB) => {
    const r = await call(path, fields, token);
    assert.strictEqual(r.status, 200, `${path}: ${r.status} ${r.text}`);
    assert.match(r.headers.get('content-type') ?? '', /^text\/xml; charset=utf-8/);
    // Every root carries the default namespace, so each child is namespaced too (contract 2.1).
    assert.match(r.text, new RegExp(`^<\\?xml version="1\\.0" encoding="utf-8"\\?>\\n<\\w+ xmlns="${LEGACY_XML_NAMESPACE}"[ >/]`));
    return { raw: r.text, doc: parseXml(r.text) };
  };
  const ints = (doc: { ArrayOfInt: { int?: string[] } }) => (doc.ArrayOfInt.int ?? []).map(Number);

  before(async () => {
    const chemistry = await loadChemistry();
    svc = await startService({
      port: 0,
      records: buildFixtureRecords(chemistry),
      shippedSpectra: false,
      spectraDir: writeSpectraDir(),
      keys: {
        apiKeys: ['api-key-12345678'],
        tokens: [
          { token: SUB, role: 'subscriber' },
          { token: USER, role: 'user' },
        ],
      },
    });
    base = svc.legacyBaseUrl;
  });
  after(() => svc.close());

  describe('compound info', () => {
    it('GetCompoundInfo: root in the default namespace with CSID, InChI, InChIKey, SMILES', async () => {
      const { raw, doc } = await xml('Search.asmx/GetCompoundInfo', [['csid', '2424']]);
      assert.ok(raw.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<CompoundInfo xmlns="' + LEGACY_XML_NAMESPACE + '">'));
      assert.deepStrictEqual(doc.CompoundInfo, {
        CSID: '2424',
        InChI: 'InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3',
        InChIKey: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N',
        SMILES: 'Cn1c(=O)c2c(ncn2C)n(C)c1=O',
      });
    });
    it('matches family, operation and field names case-insensitively; GET works too', async () => {
      const a = await call('search.asmx/getcompoundinfo', [['CSID', '682']]);
      assert.strictEqual(parseXml(a.text).CompoundInfo.CSID, '682');
      const b = await call('MassSpecApi.asmx/GetExtendedCompoundInfo', [['Csid', '682']], SUB, 'GET');
      assert.strictEqual(parseXml(b.text).ExtendedCompoundInfo.CommonName, 'Ethanol');
      const c = await request(`${base}/Search.asmx/GetCompoundInfo?csid=682`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `TOKEN=${SUB}`,
      });
      assert.strictEqual(c.status, 200);
    });
    it('GetExtendedCompoundInfo: all twelve children in order, plain formula (as the contract shows), ALogP, XLogP 0', async () => {
      const { raw, doc } = await xml('MassSpecAPI.asmx/GetExtendedCompoundInfo', [['csid', '2424']]);
      const names = [...raw.matchAll(/<(\w+)>/g)].map((m) => m[1]);
      assert.deepStrictEqual(names, [
        'CSID',
        'MF',
        'SMILES',
        'InChI',
        'InChIKey',
        'AverageMass',
        'MolecularWeight',
        'MonoisotopicMass',
        'NominalMass',
        'ALogP',
        'XLogP',
        'CommonName',
      ]);
      const info = doc.ExtendedCompoundInfo;
      assert.strictEqual(info.MF, 'C8H10N4O2');
      assert.strictEqual(Number(info.MonoisotopicMass), 194.080376);
      assert.strictEqual(info.NominalMass, '194');
      assert.strictEqual(info.XLogP, '0');
      assert.ok(Number.isFinite(Number(info.ALogP)));
      assert.strictEqual(info.CommonName, 'Caffeine');
    });
    it('500 Unable to get record details for an unknown record; 500 for a missing or bad csid', async () => {
      const r = await call('MassSpecAPI.asmx/GetExtendedCompoundInfo', [['csid', '999999']]);
      assert.strictEqual(r.status, 500);
      assert.strictEqual(r.text, LEGACY_ERROR_TEXT.recordNotFound);
      assert.strictEqual((await call('Search.asmx/GetCompoundInfo', [])).text, 'Missing parameter: csid.');
      assert.strictEqual((await call('Search.asmx/GetCompoundInfo', [['csid', 'abc']])).status, 500);
    });
    it('GetExtendedCompoundInfoArray: repeated keys, unknown IDs left out', async () => {
      const { doc } = await xml('MassSpecAPI.asmx/GetExtendedCompoundInfoArray', [
        ['csids', '2424'],
        ['csids', '999999'],
        ['CSIDS', '682'],
      ]);
      assert.deepStrictEqual(
        doc.ArrayOfExtendedCompoundInfo.ExtendedCompoundInfo.map((x: { CSID: string }) => x.CSID),
        ['2424', '682'],
      );
    });
    it('GetExtendedMolCompoundInfoArray: eMolType, reference counts and external references by flags', async () => {
      const plain = (await xml('MassSpecAPI.asmx/GetExtendedMolCompoundInfoArray', [['csids', '2424']])).doc.ArrayOfExtendedMolCompoundInfo
        .ExtendedMolCompoundInfo[0];
      assert.match(plain.MOL2d, /M {2}END/);
      assert.strictEqual(plain.MOL3d, undefined);
      assert.strictEqual(plain.ReferenceCount, undefined);
      assert.strictEqual(plain.ExternalReferences, undefined);
      const both = (
        await xml('MassSpecAPI.asmx/GetExtendedMolCompoundInfoArray', [
          ['csids', '2424'],
          ['eMolType', 'eBoth'],
          ['includeReferenceCounts', 'True'],
          ['includeExternalReferences', 'TRUE'],
        ])
      ).doc.ArrayOfExtendedMolCompoundInfo.ExtendedMolCompoundInfo[0];
      assert.ok(both.MOL2d && both.MOL3d.startsWith('2424\n'));
      assert.deepStrictEqual([both.ReferenceCount, both.DataSourceCount, both.ArticleCount, both.OrgCount], ['50', '2', '30', '2']);
      assert.deepStrictEqual(both.ExternalReferences.ExtRef[1], {
        ds_name: 'Beta',
        ds_url: 'https://beta.example/',
        ext_id: 'beta-2424',
        ext_url: 'https://beta.example/compound/2424',
      });
      const three = (
        await xml('MassSpecAPI.asmx/GetExtendedMolCompoundInfoArray', [
          ['csids', '682'],
          ['emoltype', 'e3d'],
        ])
      ).doc.ArrayOfExtendedMolCompoundInfo.ExtendedMolCompoundInfo[0];
      assert.ok(three.MOL3d.startsWith('682\n') && three.MOL2d === undefined);
      const tooMany = await call(
        'MassSpecAPI.asmx/GetExtendedMolCompoundInfoArray',
        Array.from({ length: 251 }, (_, i): [string, string] => ['csids', String(i + 1)]),
      );
      assert.strictEqual(tooMany.status, 500);
      assert.strictEqual(
        (
          await call('MassSpecAPI.asmx/GetExtendedMolCompoundInfoArray', [
            ['csids', '1'],
            ['eMolType', 'e4D'],
          ])
        ).status,
        500,
      );
    });
    it('GetRecordMol with calc3d, CSIDToMol gives the original MOL', async () => {
      const two = (
        await xml('MassSpecAPI.asmx/GetRecordMol', [
          ['csid', '682'],
          ['calc3d', 'false'],
        ])
      ).doc.string;
      const three = (
        await xml('MassSpecAPI.asmx/GetRecordMol', [
          ['csid', '682'],
          ['calc3d', 'True'],
        ])
      ).doc.string;
      assert.match(two, /RDKit {10}2D/);
      assert.ok(three.startsWith('682\n'));
      const original = (await xml('InChI.asmx/CSIDToMol', [['csid', '682']])).doc.string;
      assert.ok(original.startsWith('original of 682\n'));
      assert.strictEqual((await call('InChI.asmx/CSIDToMol', [['csid', '1']])).text, LEGACY_ERROR_TEXT.recordNotFound);
    });
    it('GetCompoundThumbnail (no token needed) is a base64 PNG', async () => {
      const { doc } = await xml('Search.asmx/GetCompoundThumbnail', [['id', '2424']], null);
      const png = Buffer.from(doc.base64Binary, 'base64');
      assert.strictEqual(png.subarray(1, 4).toString('latin1'), 'PNG');
    });
    it('GetDatabases (no token needed)', async () => {
      const { doc } = await xml('MassSpecAPI.asmx/GetDatabases', [], null);
      assert.deepStrictEqual(doc.ArrayOfString.string, ['Alpha', 'Beta']);
    });
  });

  describe('searches', () => {
    it('SimpleSearch by name, record ID, InChIKey, InChI, SMILES and formula', async () => {
      const s = async (query: string) => ints((await xml('Search.asmx/SimpleSearch', [['query', query]])).doc);
      assert.deepStrictEqual(await s('caffeine'), [2424]);
      assert.deepStrictEqual(await s('2424'), [2424]);
      assert.deepStrictEqual(await s('RYYVLZVUVIJVGH-UHFFFAOYSA-N'), [2424]);
      assert.deepStrictEqual(await s('InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3'), [682]);
      assert.deepStrictEqual(await s('OCC'), [682]);
      assert.deepStrictEqual(await s('O=C1N(C)C(=O)c2c(ncn2C)N1C'), [2424], 'any SMILES of the structure');
      assert.deepStrictEqual(await s('InChI=1/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3'), [2424], 'a non-standard InChI of it');
      assert.deepStrictEqual(await s('C9H8O4'), [2157, 9001]);
      assert.deepStrictEqual(await s('unobtainium'), []);
    });
    it('AsyncSimpleSearch: transaction ID, status, status and count, result and result part', async () => {
      const rid = (await xml('Search.asmx/AsyncSimpleSearch', [['query', 'acet']])).doc.string;
      assert.match(rid, /^[0-9a-f-]{36}$/);
      assert.strictEqual(await waitLegacy(base, rid, SUB), 'ResultReady');
      const { raw, doc } = await xml('Search.asmx/GetAsyncSearchStatusAndCount', [['rid', rid]]);
      assert.strictEqual(doc.RequestStatus.Status, 'ResultReady');
      assert.strictEqual(doc.RequestStatus.Count, '3');
      assert.ok(!raw.includes('<Message'), 'an empty message is left out');
      assert.match(doc.RequestStatus.Elapsed, /^\d+:\d{2}:\d{2}\.\d{3}$/);
      assert.deepStrictEqual(
        ints((await xml('Search.asmx/GetAsyncSearchResult', [['rid', rid]])).doc),
        [30, 171, 2157],
        'three name prefixes, by record ID',
      );
      assert.deepStrictEqual(
        ints(
          (
            await xml('Search.asmx/GetAsyncSearchResultPart', [
              ['rid', rid],
              ['start', '1'],
              ['count', '1'],
            ])
          ).doc,
        ),
        [171],
      );
      assert.deepStrictEqual(
        ints(
          (
            await xml('Search.asmx/GetAsyncSearchResultPart', [
              ['rid', rid],
              ['start', '1'],
              ['count', '-1'],
            ])
          ).doc,
        ),
        [171, 2157],
      );
      assert.deepStrictEqual(ints((await xml('Search.asmx/GetAsyncSearchResultPart', [['rid', rid]])).doc), [30, 171, 2157]);
      assert.strictEqual(
        (
          await call('Search.asmx/GetAsyncSearchResultPart', [
            ['rid', rid],
            ['count', '-2'],
          ])
        ).status,
        500,
      );
    });
    it('AsyncSimpleSearchOrdered: eCSID by default, every order key and direction', async () => {
      const ordered = async (fields: Fields) => {
        const rid = (await xml('Search.asmx/AsyncSimpleSearchOrdered', [['query', 'acet'], ...fields])).doc.string;
        await waitLegacy(base, rid, SUB);
        return ints((await xml('Search.asmx/GetAsyncSearchResult', [['rid', rid]])).doc);
      };
      assert.deepStrictEqual(await ordered([]), [30, 171, 2157]);
      assert.deepStrictEqual(
        await ordered([
          ['orderBy', 'eCSID'],
          ['orderDirection', 'eDescending'],
        ]),
        [2157, 171, 30],
      );
      assert.deepStrictEqual(
        await ordered([
          ['orderby', 'eReferenceCount'],
          ['orderdirection', 'eAscending'],
        ]),
        [30, 171, 2157],
      );
      assert.deepStrictEqual(
        await ordered([
          ['orderBy', 'eMolecularWeight'],
          ['orderDirection', 'eDescending'],
        ]),
        [2157, 30, 171],
      );
      assert.deepStrictEqual(
        await ordered([
          ['orderBy', 'eArticleCount'],
          ['orderDirection', 'eDescending'],
        ]),
        [2157, 171, 30],
      );
      for (const key of ['eMassDefect', 'eDataSourceCount', 'eOrgCount']) assert.strictEqual((await ordered([['orderBy', key]])).length, 3);
      assert.strictEqual(
        (
          await call('Search.asmx/AsyncSimpleSearchOrdered', [
            ['query', 'x'],
            ['orderBy', 'eColour'],
          ])
        ).status,
        500,
      );
    });
    it('500 with the project text for an unknown transaction ID', async () => {
      for (const op of ['GetAsyncSearchStatus', 'GetAsyncSearchStatusAndCount', 'GetAsyncSearchResult', 'GetAsyncSearchResultPart']) {
        const r = await call(`Search.asmx/${op}`, [['rid', 'no-such-transaction']]);
        assert.strictEqual(r.status, 500);
        assert.strictEqual(r.text, LEGACY_ERROR_TEXT.unknownTransaction);
      }
    });
  });

  describe('spectra', () => {
    it('GetSpectrumInfo: fields in order, escaped text read back exactly, empty ones left out', async () => {
      const { raw, doc } = await xml('Spectra.asmx/GetSpectrumInfo', [['spc_id', '11']]);
      assert.ok(raw.includes('&lt;not measured&gt; &amp; labelled so'));
      assert.deepStrictEqual(doc.CSSpectrumInfo, {
        spc_id: '11',
        spc_type: 'EI',
        csid: '2424',
        file_name: 'caffeine-ms.jdx',
        comments: 'Calculated isotope pattern <not measured> & labelled so',
        submitted_date: '2024-01-02T03:04:05.678',
      });
      assert.strictEqual((await call('Spectra.asmx/GetSpectrumInfo', [['spc_id', '99']])).status, 500);
    });
    it('GetCompoundSpectraInfo, GetSpectraInfoArray (no token), GetAllSpectraInfo', async () => {
      const ids = (doc: { ArrayOfCSSpectrumInfo: { CSSpectrumInfo?: Array<{ spc_id: string }> } }) =>
        (doc.ArrayOfCSSpectrumInfo.CSSpectrumInfo ?? []).map((x) => Number(x.spc_id));
      assert.deepStrictEqual(ids((await xml('Spectra.asmx/GetCompoundSpectraInfo', [['csid', '2424']])).doc), [11, 12]);
      assert.deepStrictEqual(ids((await xml('Spectra.asmx/GetCompoundSpectraInfo', [['csid', '682']])).doc), []);
      assert.deepStrictEqual(
        ids(
          (
            await xml(
              'Spectra.asmx/GetSpectraInfoArray',
              [
                ['csids', '2157'],
                ['csids', '2424'],
              ],
              null,
            )
          ).doc,
        ),
        [20, 11, 12],
      );
      assert.deepStrictEqual(ids((await xml('Spectra.asmx/GetAllSpectraInfo')).doc), [11, 12, 20]);
      const page = async (start: string, count: string) =>
        ids(
          (
            await xml('Spectra.asmx/GetAllSpectraInfo', [
              ['start', start],
              ['count', count],
            ])
          ).doc,
        );
      assert.deepStrictEqual(await page('1', '1'), [12]);
      assert.deepStrictEqual(await page('1', '-1'), [12, 20]);
      assert.deepStrictEqual(await page('5', '2'), []);
      assert.match((await call('Spectra.asmx/GetAllSpectraInfo', [['start', '-1']])).text, /Invalid value for parameter: start/);
      assert.match((await call('Spectra.asmx/GetAllSpectraInfo', [['count', '-2']])).text, /Invalid value for parameter: count/);
    });
    it('FilesHandler serves the data file without a token, 404 for an unknown id', async () => {
      const r = await request(`${base}/FilesHandler.ashx?type=blob&disp=1&id=11`);
      assert.strictEqual(r.status, 200);
      assert.strictEqual(r.text, SPECTRUM_TEXT);
      assert.strictEqual((await request(`${base}/fileshandler.ashx?id=99`)).status, 404);
    });
  });

  describe('ImagesHandler', () => {
    it('image/png for a record, 404 for an unknown one', async () => {
      const res = await fetch(`${base}/ImagesHandler.ashx?id=2424`);
      assert.strictEqual(res.status, 200);
      assert.strictEqual(res.headers.get('content-type'), 'image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.strictEqual(bytes.subarray(1, 4).toString('latin1'), 'PNG');
      assert.strictEqual((await request(`${base}/ImagesHandler.ashx?id=999999`)).status, 404);
    });
  });

  describe('tokens and errors', () => {
    it('Missing parameter: token. when a required token is left out', async () => {
      const r = await call('Search.asmx/SimpleSearch', [['query', 'caffeine']], null);
      assert.strictEqual(r.status, 500);
      assert.strictEqual(r.text, LEGACY_ERROR_TEXT.missingToken);
    });
    it('unauthorized for an unknown token, never echoing it', async () => {
      const r = await call('Search.asmx/SimpleSearch', [['query', 'caffeine']], 'not-a-known-token-999');
      assert.strictEqual(r.status, 500);
      assert.strictEqual(r.text, LEGACY_ERROR_TEXT.unauthorized);
    });
    it('a user token may search but not read spectra; a subscriber may', async () => {
      assert.strictEqual((await call('Search.asmx/SimpleSearch', [['query', 'caffeine']], USER)).status, 200);
      for (const [op, fields] of [
        ['GetSpectrumInfo', [['spc_id', '11']]],
        ['GetCompoundSpectraInfo', [['csid', '2424']]],
        ['GetAllSpectraInfo', []],
      ] as Array<[string, Fields]>) {
        const r = await call(`Spectra.asmx/${op}`, fields, USER);
        assert.strictEqual(r.text, LEGACY_ERROR_TEXT.unauthorized, op);
        assert.strictEqual((await call(`Spectra.asmx/${op}`, fields, SUB)).status, 200, op);
      }
    });
    it('a token sent to an operation that needs none is ignored', async () => {
      assert.strictEqual((await call('MassSpecAPI.asmx/GetDatabases', [], 'anything-at-all-here')).status, 200);
    });
    it('404 for an unknown operation, 405 for another method', async () => {
      assert.strictEqual((await call('Search.asmx/GetColour', [])).status, 404);
      const put = await request(`${base}/Search.asmx/SimpleSearch`, { method: 'PUT' });
      assert.strictEqual(put.status, 405);
      assert.strictEqual(put.headers.get('allow'), 'GET, POST');
    });
    it('413 for a form over 1 MiB, and still answering afterwards', async () => {
      const r = await call('Search.asmx/SimpleSearch', [['query', 'x'.repeat(1024 * 1024 + 10)]]);
      assert.strictEqual(r.status, 413);
      assert.strictEqual((await call('Search.asmx/SimpleSearch', [['query', 'caffeine']])).status, 200);
    });
    it('500 naming the field for each bad value', async () => {
      const cases: Array<[string, Fields, string]> = [
        ['Search.asmx/GetCompoundInfo', [['csid', '-4']], 'Invalid value for parameter: csid.'],
        ['MassSpecAPI.asmx/GetExtendedCompoundInfoArray', [['csids', '1,x']], 'Invalid value for parameter: csids.'],
        [
          'MassSpecAPI.asmx/GetRecordMol',
          [
            ['csid', '682'],
            ['calc3d', 'maybe'],
          ],
          'Invalid value for parameter: calc3d.',
        ],
        [
          'Search.asmx/GetAsyncSearchResultPart',
          [
            ['rid', 'x'],
            ['start', 'two'],
          ],
          LEGACY_ERROR_TEXT.unknownTransaction,
        ],
        ['Search.asmx/AsyncSimpleSearch', [], 'Missing parameter: query.'],
        [
          'Search.asmx/AsyncSimpleSearchOrdered',
          [
            ['query', 'x'],
            ['orderDirection', 'eSideways'],
          ],
          'Invalid value for parameter: orderDirection.',
        ],
        ['Spectra.asmx/GetSpectrumInfo', [['spc_id', 'eleven']], 'Invalid value for parameter: spc_id.'],
      ];
      for (const [path, fields, text] of cases) {
        const r = await call(path, fields);
        assert.deepStrictEqual([r.status, r.text], [500, text], path);
      }
    });
    it('the development token is not accepted when a keys file is given', async () => {
      assert.strictEqual((await call('Search.asmx/SimpleSearch', [['query', 'x']], 'compound-db-dev-token')).text, LEGACY_ERROR_TEXT.unauthorized);
    });
  });
});
