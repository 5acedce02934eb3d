import * as assert from 'assert';
import {
  CompoundDbClient,
  LegacyAuthorizationError,
  LegacyNotFoundError,
  NotFoundError,
  ParseError,
  ServerError,
  Spectrum,
  TokenRequiredError,
} from '../../../src/client';
import { LEGACY_ERROR_TEXT, LIMITS } from '../../../src/wire';
import { FakeServer, textReply, xmlReply } from './support/fake-server';
import { TOKEN, UA, assertLegacy, makeClient } from './support/client-setup';
import { ASPIRIN_INCHI, ASPIRIN_KEY, MOL, PNG, extendedInfo } from './support/fixtures';

const EXTENDED =
  '<CSID>2157</CSID><MF>C_{9}H_{8}O_{4}</MF><SMILES>CC(=O)Oc1ccccc1C(=O)O</SMILES>' +
  `<InChI>${ASPIRIN_INCHI}</InChI><InChIKey>${ASPIRIN_KEY}</InChIKey><AverageMass>180.1574</AverageMass>` +
  '<MolecularWeight>180.1574</MolecularWeight><MonoisotopicMass>180.042252</MonoisotopicMass><NominalMass>180</NominalMass>' +
  '<ALogP>1.31</ALogP><XLogP>0</XLogP><CommonName>Aspirin &amp; co &lt;1&gt;</CommonName>';
const EXTENDED_OBJECT = extendedInfo({ ALogP: 1.31, CommonName: 'Aspirin & co <1>' });
const xmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const SPECTRUM_INFO = (id: number, csid = 2157): string =>
  `<spc_id>${id}</spc_id><spc_type>IR</spc_type><csid>${csid}</csid><file_name>s${id}.jdx</file_name>` +
  '<comments>calculated</comments><submitted_date>2007-08-08T20:18:36.593</submitted_date>';

describe('older interface: every operation on the wire (with a token)', () => {
  const server = FakeServer.forSuite();
  let client: CompoundDbClient;
  beforeEach(() => {
    client = makeClient(server, { token: TOKEN }).client;
  });
  const only = () => {
    assert.strictEqual(server.requests.length, 1, 'exactly one request');
    return server.requests[0];
  };

  it('getCompoundInfo', async () => {
    server.reply(xmlReply('CompoundInfo', `<CSID>2157</CSID><InChI>${ASPIRIN_INCHI}</InChI><InChIKey>${ASPIRIN_KEY}</InChIKey><SMILES>CCO</SMILES>`));
    assert.deepStrictEqual(await client.getCompoundInfo(2157), { CSID: 2157, InChI: ASPIRIN_INCHI, InChIKey: ASPIRIN_KEY, SMILES: 'CCO' });
    assertLegacy(only(), '/Search.asmx/GetCompoundInfo', [['csid', '2157']]);
  });

  it('getExtendedCompoundInfo decodes the five XML entities', async () => {
    server.reply(xmlReply('ExtendedCompoundInfo', EXTENDED));
    assert.deepStrictEqual(await client.getExtendedCompoundInfo('2157'), EXTENDED_OBJECT);
    assertLegacy(only(), '/MassSpecAPI.asmx/GetExtendedCompoundInfo', [['csid', '2157']]);
  });

  it('getExtendedCompoundInfoList repeats csids', async () => {
    server.reply(xmlReply('ArrayOfExtendedCompoundInfo', `\n  <ExtendedCompoundInfo>${EXTENDED}</ExtendedCompoundInfo>\n`));
    assert.deepStrictEqual(await client.getExtendedCompoundInfoList([2157, 3]), [EXTENDED_OBJECT]);
    assertLegacy(only(), '/MassSpecAPI.asmx/GetExtendedCompoundInfoArray', [
      ['csids', '2157'],
      ['csids', '3'],
    ]);
  });

  it('getExtendedMolCompoundInfoList sends mol type and flags, reads MOL and references', async () => {
    const inner =
      `<ExtendedMolCompoundInfo>${EXTENDED}<MOL2d>${xmlEscape(MOL)}</MOL2d><MOL3d>2157${xmlEscape(MOL)}</MOL3d>` +
      '<ReferenceCount>12</ReferenceCount><DataSourceCount>3</DataSourceCount><ArticleCount>5</ArticleCount><OrgCount>1</OrgCount>' +
      '<ExternalReferences><ExtRef><ds_name>db</ds_name><ds_url>http://x</ds_url><ext_id>A1</ext_id><ext_url>http://x/A1</ext_url></ExtRef></ExternalReferences>' +
      '</ExtendedMolCompoundInfo>';
    server.reply(xmlReply('ArrayOfExtendedMolCompoundInfo', inner), xmlReply('ArrayOfExtendedMolCompoundInfo', ''));
    const [info] = await client.getExtendedMolCompoundInfoList([2157], {
      molType: 'both',
      includeReferenceCounts: true,
      includeExternalReferences: true,
    });
    assert.deepStrictEqual(info, {
      ...EXTENDED_OBJECT,
      MOL2d: MOL,
      MOL3d: `2157${MOL}`,
      ReferenceCount: 12,
      DataSourceCount: 3,
      ArticleCount: 5,
      OrgCount: 1,
      ExternalReferences: [{ ds_name: 'db', ds_url: 'http://x', ext_id: 'A1', ext_url: 'http://x/A1' }],
    });
    assertLegacy(server.requests[0], '/MassSpecAPI.asmx/GetExtendedMolCompoundInfoArray', [
      ['csids', '2157'],
      ['eMolType', 'eBoth'],
      ['includeReferenceCounts', 'true'],
      ['includeExternalReferences', 'true'],
    ]);
    assert.deepStrictEqual(await client.getExtendedMolCompoundInfoList([1]), []);
    assertLegacy(server.requests[1], '/MassSpecAPI.asmx/GetExtendedMolCompoundInfoArray', [
      ['csids', '1'],
      ['eMolType', 'e2D'],
      ['includeReferenceCounts', 'false'],
      ['includeExternalReferences', 'false'],
    ]);
  });

  it('getExtendedMolCompoundInfoList splits at 250 and keeps the order', async () => {
    server.otherwise((req) => {
      const ids = new URLSearchParams(req.body).getAll('csids');
      return xmlReply(
        'ArrayOfExtendedMolCompoundInfo',
        ids.map((id) => `<ExtendedMolCompoundInfo><CSID>${id}</CSID></ExtendedMolCompoundInfo>`).join(''),
      );
    });
    const ids = Array.from({ length: 600 }, (_, i) => i + 1);
    const infos = await client.getExtendedMolCompoundInfoList(ids, { molType: '3d' });
    assert.deepStrictEqual(
      server.requests.map((r) => new URLSearchParams(r.body).getAll('csids').length),
      [250, 250, 100],
    );
    assert.ok(server.requests.every((r) => new URLSearchParams(r.body).get('eMolType') === 'e3D'));
    assert.deepStrictEqual(
      infos.map((i) => i.CSID),
      ids,
    );
  });

  it('getRecordMol with calc3d, and getOriginalMol, keep the MOL text exactly', async () => {
    server.reply(xmlReply('string', xmlEscape(MOL)), xmlReply('string', xmlEscape(MOL)));
    assert.strictEqual(await client.getRecordMol(7, true), MOL);
    assert.strictEqual(await client.getOriginalMol(7), MOL);
    assertLegacy(server.requests[0], '/MassSpecAPI.asmx/GetRecordMol', [
      ['csid', '7'],
      ['calc3d', 'true'],
    ]);
    assertLegacy(server.requests[1], '/InChI.asmx/CSIDToMol', [['csid', '7']]);
  });

  it('getCompoundThumbnail and getDatabases are sent without the token', async () => {
    server.reply(xmlReply('base64Binary', PNG.toString('base64')), xmlReply('ArrayOfString', '<string>db one</string><string>two</string>'));
    assert.deepStrictEqual(Buffer.from(await client.getCompoundThumbnail(7)), PNG);
    assert.deepStrictEqual(await client.getDatabases(), ['db one', 'two']);
    assertLegacy(server.requests[0], '/Search.asmx/GetCompoundThumbnail', [['id', '7']], false);
    assertLegacy(server.requests[1], '/MassSpecAPI.asmx/GetDatabases', [], false);
  });

  it('simpleSearch', async () => {
    server.reply(xmlReply('ArrayOfInt', '\n  <int>2157</int>\n  <int>3</int>\n'));
    assert.deepStrictEqual(await client.simpleSearch('aspirin'), [2157, 3]);
    assertLegacy(only(), '/Search.asmx/SimpleSearch', [['query', 'aspirin']]);
  });

  it('simpleSearch keeps at most 100 results', async () => {
    const ids = Array.from({ length: 120 }, (_, i) => i + 1);
    server.reply(xmlReply('ArrayOfInt', ids.map((id) => `<int>${id}</int>`).join('')));
    assert.deepStrictEqual(await client.simpleSearch('c'), ids.slice(0, 100));
  });

  it('asyncSimpleSearch and asyncSimpleSearchOrdered (defaults dbid ascending, and mapped keys)', async () => {
    server.reply(xmlReply('string', 'rid-1'), xmlReply('string', 'rid-2'), xmlReply('string', 'rid-3'));
    assert.strictEqual(await client.asyncSimpleSearch('aspirin'), 'rid-1');
    assert.strictEqual(await client.asyncSimpleSearchOrdered('aspirin'), 'rid-2');
    assert.strictEqual(await client.asyncSimpleSearchOrdered('aspirin', 'molecular_weight', 'descending'), 'rid-3');
    assertLegacy(server.requests[0], '/Search.asmx/AsyncSimpleSearch', [['query', 'aspirin']]);
    assertLegacy(server.requests[1], '/Search.asmx/AsyncSimpleSearchOrdered', [
      ['query', 'aspirin'],
      ['orderBy', 'eCSID'],
      ['orderDirection', 'eAscending'],
    ]);
    assertLegacy(server.requests[2], '/Search.asmx/AsyncSimpleSearchOrdered', [
      ['query', 'aspirin'],
      ['orderBy', 'eMolecularWeight'],
      ['orderDirection', 'eDescending'],
    ]);
  });

  it('status, status and count, result, result part', async () => {
    server.reply(
      xmlReply('ERequestStatus', 'Processing'),
      xmlReply('RequestStatus', '<Status>ResultReady</Status><Count>2</Count><Message>Found by name</Message><Elapsed>0:00:01.250</Elapsed>'),
      xmlReply('RequestStatus', '<Status>Processing</Status><Count>0</Count><Elapsed>0:00:00.010</Elapsed>'),
      xmlReply('ArrayOfInt', '<int>1</int><int>2</int>'),
      xmlReply('ArrayOfInt', '<int>2</int>'),
      xmlReply('ArrayOfInt', ''),
    );
    assert.strictEqual(await client.getAsyncSearchStatus('rid'), 'Processing');
    assert.deepStrictEqual(await client.getAsyncSearchStatusAndCount('rid'), {
      Status: 'ResultReady',
      Count: 2,
      Message: 'Found by name',
      Elapsed: '0:00:01.250',
    });
    assert.deepStrictEqual(await client.getAsyncSearchStatusAndCount('rid'), { Status: 'Processing', Count: 0, Elapsed: '0:00:00.010' });
    assert.deepStrictEqual(await client.getAsyncSearchResult('rid'), [1, 2]);
    assert.deepStrictEqual(await client.getAsyncSearchResultPart('rid', 1, 1), [2]);
    assert.deepStrictEqual(await client.getAsyncSearchResultPart('rid'), []);
    assertLegacy(server.requests[0], '/Search.asmx/GetAsyncSearchStatus', [['rid', 'rid']]);
    assertLegacy(server.requests[1], '/Search.asmx/GetAsyncSearchStatusAndCount', [['rid', 'rid']]);
    assertLegacy(server.requests[3], '/Search.asmx/GetAsyncSearchResult', [['rid', 'rid']]);
    assertLegacy(server.requests[4], '/Search.asmx/GetAsyncSearchResultPart', [
      ['rid', 'rid'],
      ['start', '1'],
      ['count', '1'],
    ]);
    assertLegacy(server.requests[5], '/Search.asmx/GetAsyncSearchResultPart', [
      ['rid', 'rid'],
      ['start', '0'],
      ['count', '-1'],
    ]);
  });

  describe('spectra', () => {
    it('info operations', async () => {
      server.reply(
        xmlReply('CSSpectrumInfo', SPECTRUM_INFO(5)),
        xmlReply('ArrayOfCSSpectrumInfo', `<CSSpectrumInfo>${SPECTRUM_INFO(5)}</CSSpectrumInfo><CSSpectrumInfo>${SPECTRUM_INFO(6)}</CSSpectrumInfo>`),
        xmlReply('ArrayOfCSSpectrumInfo', `<CSSpectrumInfo>${SPECTRUM_INFO(7, 9)}</CSSpectrumInfo>`),
        xmlReply('ArrayOfCSSpectrumInfo', ''),
      );
      const info = await client.getSpectrumInfo(5);
      assert.deepStrictEqual(info, {
        spc_id: 5,
        spc_type: 'IR',
        csid: 2157,
        file_name: 's5.jdx',
        comments: 'calculated',
        submitted_date: '2007-08-08T20:18:36.593',
      });
      assert.deepStrictEqual(
        (await client.getCompoundSpectraInfo(2157)).map((i) => i.spc_id),
        [5, 6],
      );
      assert.deepStrictEqual(
        (await client.getSpectraInfoList([9, 10])).map((i) => i.csid),
        [9],
      );
      assert.deepStrictEqual(await client.getAllSpectraInfo(), []);
      assertLegacy(server.requests[0], '/Spectra.asmx/GetSpectrumInfo', [['spc_id', '5']]);
      assertLegacy(server.requests[1], '/Spectra.asmx/GetCompoundSpectraInfo', [['csid', '2157']]);
      assertLegacy(
        server.requests[2],
        '/Spectra.asmx/GetSpectraInfoArray',
        [
          ['csids', '9'],
          ['csids', '10'],
        ],
        false,
      );
      assertLegacy(server.requests[3], '/Spectra.asmx/GetAllSpectraInfo', [
        ['start', '0'],
        ['count', String(LIMITS.spectraInfoPage)],
      ]);
    });

    it('getAllSpectraInfo walks the pages; a server that ignores start and count is asked no further', async () => {
      const total = LIMITS.spectraInfoPage + 1234;
      const infos = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, i) => `<CSSpectrumInfo>${SPECTRUM_INFO(from + i + 1)}</CSSpectrumInfo>`).join('');
      server.otherwise((req) => {
        const form = new URLSearchParams(req.body);
        const start = Number(form.get('start'));
        return xmlReply('ArrayOfCSSpectrumInfo', infos(start, Math.min(total, start + Number(form.get('count')))));
      });
      const all = await client.getAllSpectraInfo();
      assert.deepStrictEqual(
        all.map((i) => i.spc_id),
        Array.from({ length: total }, (_, i) => i + 1),
      );
      assert.strictEqual(server.requests.length, 2);
      for (const exactlyOnePage of [false, true]) {
        server.requests.length = 0;
        const size = exactlyOnePage ? LIMITS.spectraInfoPage : total;
        server.otherwise(() => xmlReply('ArrayOfCSSpectrumInfo', infos(0, size)));
        assert.strictEqual((await client.getAllSpectraInfo()).length, size);
        assert.strictEqual(server.requests.length, exactlyOnePage ? 2 : 1);
      }
    });

    it('Spectrum objects: from an info object, fields of spec 2.5, data fetched once from FilesHandler', async () => {
      server.reply(xmlReply('ArrayOfCSSpectrumInfo', `<CSSpectrumInfo>${SPECTRUM_INFO(5)}</CSSpectrumInfo>`), textReply(200, '##TITLE=x\n##END='));
      const [spectrum] = await client.getCompoundSpectra(2157);
      assertLegacy(server.requests[0], '/Spectra.asmx/GetSpectraInfoArray', [['csids', '2157']], false);
      assert.ok(spectrum instanceof Spectrum && spectrum.isLoaded);
      assert.strictEqual(spectrum.spectrumType, 'IR');
      assert.strictEqual(spectrum.fileName, 's5.jdx');
      assert.strictEqual(spectrum.comments, 'calculated');
      assert.strictEqual(spectrum.originalUrl, null);
      assert.strictEqual(spectrum.submittedDate?.toISOString(), '2007-08-08T20:18:36.593Z');
      assert.strictEqual(spectrum.url, `${server.url}/FilesHandler.ashx?type=blob&disp=1&id=5`);
      assert.strictEqual(await spectrum.data(), '##TITLE=x\n##END=');
      assert.strictEqual(await spectrum.data(), '##TITLE=x\n##END=');
      assert.strictEqual(server.requests.length, 2, 'data fetched once');
      const files = server.requests[1];
      assert.strictEqual(files.method, 'GET');
      assert.strictEqual(files.url, '/FilesHandler.ashx?type=blob&disp=1&id=5');
      assert.strictEqual(files.headers['user-agent'], UA);
      assert.strictEqual(files.body, '');
    });

    it('a Spectrum from an ID loads its info only when asked', async () => {
      const spectrum = client.spectrum(5);
      assert.strictEqual(server.requests.length, 0);
      assert.throws(() => spectrum.spectrumType, /not loaded yet/);
      assert.strictEqual(spectrum.url, `${server.url}/FilesHandler.ashx?type=blob&disp=1&id=5`);
      server.reply(xmlReply('CSSpectrumInfo', SPECTRUM_INFO(5)));
      await spectrum.load();
      await spectrum.load();
      assert.strictEqual(spectrum.spectrumType, 'IR');
      assert.strictEqual(server.requests.length, 1);
    });

    it('getSpectrum, getSpectra and getAllSpectra return loaded Spectrum objects', async () => {
      server.otherwise((req) => {
        const id = Number(new URLSearchParams(req.body).get('spc_id'));
        return req.path.endsWith('GetAllSpectraInfo')
          ? xmlReply('ArrayOfCSSpectrumInfo', `<CSSpectrumInfo>${SPECTRUM_INFO(1)}</CSSpectrumInfo>`)
          : xmlReply('CSSpectrumInfo', SPECTRUM_INFO(id));
      });
      assert.strictEqual((await client.getSpectrum(5)).fileName, 's5.jdx');
      assert.deepStrictEqual(
        (await client.getSpectra([6, 7])).map((s) => s.fileName),
        ['s6.jdx', 's7.jdx'],
      );
      assert.deepStrictEqual(
        (await client.getAllSpectra()).map((s) => s.id),
        [1],
      );
    });

    it('an unknown spectrum data file is a NotFoundError', async () => {
      server.reply({ status: 404, body: 'no such spectrum' });
      await assert.rejects(client.getSpectrumData(99), NotFoundError);
    });
  });

  describe('older-interface failures', () => {
    it('a missing-token 500 text is a LegacyAuthorizationError', async () => {
      server.reply(textReply(500, `System.InvalidOperationException: ${LEGACY_ERROR_TEXT.missingToken}`));
      await assert.rejects(
        client.getCompoundInfo(1),
        (e: unknown) => e instanceof LegacyAuthorizationError && e.reason === 'missingToken' && e.status === 500,
      );
    });
    it('an unauthorized 500 text is a LegacyAuthorizationError naming the role', async () => {
      server.reply(textReply(500, LEGACY_ERROR_TEXT.unauthorized));
      await assert.rejects(
        client.getAllSpectraInfo(),
        (e: unknown) => e instanceof LegacyAuthorizationError && e.reason === 'unauthorized' && /subscriber/.test(e.message),
      );
    });
    it('a record-not-found 500 text is a LegacyNotFoundError', async () => {
      server.reply(textReply(500, LEGACY_ERROR_TEXT.recordNotFound));
      await assert.rejects(client.getExtendedCompoundInfo(999), LegacyNotFoundError);
    });
    it('another 500 text is a ServerError carrying the text', async () => {
      server.reply(textReply(500, LEGACY_ERROR_TEXT.resultsNotReady));
      await assert.rejects(
        client.getAsyncSearchResult('r'),
        (e: unknown) => e instanceof ServerError && e.message.includes(LEGACY_ERROR_TEXT.resultsNotReady),
      );
    });
    it('malformed XML is a ParseError', async () => {
      server.reply({ status: 200, headers: { 'Content-Type': 'text/xml' }, body: '<ArrayOfInt><int>1</ArrayOfInt>' });
      await assert.rejects(client.simpleSearch('x'), (e: unknown) => e instanceof ParseError && /not XML/.test(e.message));
    });
    it('a body that is not XML at all is a ParseError', async () => {
      server.reply(textReply(200, 'Service temporarily down'));
      await assert.rejects(client.getDatabases(), ParseError);
    });
    it('XML with another root (an HTML page) is a ParseError', async () => {
      server.reply(textReply(200, '<html><body>login</body></html>', 'text/html'));
      await assert.rejects(client.getRecordMol(1), (e: unknown) => e instanceof ParseError && /expected <string>/.test(e.message));
    });
    it('DOCTYPE entities are not expanded', async () => {
      server.reply({
        status: 200,
        headers: { 'Content-Type': 'text/xml' },
        body: '<!DOCTYPE string [<!ENTITY boom "EXPANDED">]><string xmlns="urn:x">&boom;</string>',
      });
      const mol = await client.getRecordMol(1);
      assert.doesNotMatch(mol, /EXPANDED/);
    });
    it('spectra and original MOL without a token: TokenRequiredError, no request', async () => {
      const noToken = makeClient(server).client;
      const noKey = new CompoundDbClient({ baseUrl: server.url });
      for (const c of [noToken, noKey]) {
        await assert.rejects(
          c.getOriginalMol(1),
          (e: unknown) => e instanceof TokenRequiredError && /getOriginalMol needs a security token/.test(e.message),
        );
        await assert.rejects(c.getSpectrumInfo(1), TokenRequiredError);
        await assert.rejects(c.getSpectrum(1), TokenRequiredError);
        await assert.rejects(c.getAllSpectra(), TokenRequiredError);
        await assert.rejects(c.simpleSearch('x'), TokenRequiredError);
      }
      await assert.rejects(noKey.getCompoundInfo(1), TokenRequiredError);
      assert.strictEqual(server.requests.length, 0);
    });
    it('legacyBaseUrl overrides baseUrl for the older interface', async () => {
      const other = await FakeServer.start();
      try {
        other.reply(xmlReply('ArrayOfString', '<string>x</string>'));
        const c = makeClient(server, { token: TOKEN, legacyBaseUrl: other.url }).client;
        assert.deepStrictEqual(await c.getDatabases(), ['x']);
        assert.strictEqual(other.requests.length, 1);
        assert.strictEqual(server.requests.length, 0);
      } finally {
        await other.close();
      }
    });
  });
});
