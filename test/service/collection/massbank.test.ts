/**
 * The shipped collection built from MassBank (data/README.md): a sample of MassBank records (test/service/fixtures/
 * massbank, copies of release 2025.05.1 records) round-trips through the shipped data; no record under a
 * non-commercial or no-derivatives licence appears; common names are found, exact names first, quickly; every
 * spectrum is measured and carries its attribution; no InChIKey is held twice (that every record agrees with itself:
 * the chemistry suite on a fixed sample, `npm run check:data` on every record).
 * The fixtures are read here with a parser of their own, independent of the build's (scripts/data/massbank.mjs).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as http from 'http';
import { gunzipSync } from 'zlib';
import { DEV_TOKEN, startService, type RunningService } from '../../../src/service';
import { CompoundDbClient } from '../../../src/client';
import type { CompoundRecord } from '../../../src/service/record';
import type { LegacySpectrumInfo } from '../../../src/wire';
import { legacy, parseXml, request, runFilter } from '../support/http';
import { loadShippedCollection, SHIPPED_DATA_DIR } from '../../../src/service/collection/shipped-collection';
import { loadSpectra, type SpectrumStore } from '../../../src/service/collection/spectra-files';

const FIXTURES = path.resolve(__dirname, '../../../../test/service/fixtures/massbank');
/** Contributors whose records write the average mass as CH$EXACT_MASS (every RIKEN_NPDepo record of the release). */
const AVERAGE_MASS_AS_EXACT = /^MSBNK-RIKEN_NPDepo-/;
const OPEN = new Set(['CC0', 'CC BY', 'CC BY-SA', 'dl-de/by-2-0']);

interface SourceRecord {
  accession: string;
  license: string;
  names: string[];
  formula: string;
  exactMass: number;
  inchiKey?: string;
  /** PK$PEAK lines' `m/z` and `int.` tokens, as written. */
  peaks: Array<[string, string]>;
}

function readFixture(file: string): SourceRecord {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const value = (tag: string) => lines.find((l) => l.startsWith(`${tag}: `))?.slice(tag.length + 2);
  const start = lines.findIndex((l) => l.startsWith('PK$PEAK:'));
  const peaks: Array<[string, string]> = [];
  for (let i = start + 1; i < lines.length && lines[i].startsWith('  '); i++) {
    const [mz, intensity] = lines[i].trim().split(/\s+/);
    peaks.push([mz, intensity]);
  }
  return {
    accession: value('ACCESSION')!,
    license: value('LICENSE')!,
    names: lines.filter((l) => l.startsWith('CH$NAME: ')).map((l) => l.slice(9)),
    formula: value('CH$FORMULA')!,
    exactMass: Number(value('CH$EXACT_MASS')),
    inchiKey: lines.find((l) => l.startsWith('CH$LINK: INCHIKEY '))?.slice(18),
    peaks,
  };
}

/** `C10H9N3O` and `[C9H16NO4]+` style source formulas → the record's plain Hill formula without charge brackets. */
const plainFormula = (f: string) => f.replace(/^\[(.*)\]([+-]\d*)$/, '$1$2');

describe('shipped collection: MassBank', function () {
  this.timeout(120000);
  let records: CompoundRecord[];
  let byId: Map<number, CompoundRecord>;
  let spectra: SpectrumStore;
  let byFile: Map<string, number>;
  let allSpectra: LegacySpectrumInfo[];
  const sample = fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFixture(path.join(FIXTURES, f)));

  before(async () => {
    records = await loadShippedCollection();
    byId = new Map(records.map((r) => [r.id, r]));
    spectra = await loadSpectra(path.join(SHIPPED_DATA_DIR, 'spectra'));
    allSpectra = await spectra.page(0, -1);
    byFile = new Map(allSpectra.map((s) => [s.file_name, s.spc_id]));
  });

  it('ships thousands of compounds and tens of thousands of measured spectra', () => {
    assert.ok(records.length > 8000, `${records.length} records`);
    const all = allSpectra;
    assert.ok(all.length > 80000, `${all.length} spectra`);
    // IDs are stable across builds (kept by InChIKey, else by the spectra's accessions), so a build leaves gaps: the
    // records it left out (data/README.md lists them) and compounds an earlier build had that are gone or merged.
    const readme = fs.readFileSync(path.join(SHIPPED_DATA_DIR, 'README.md'), 'utf8');
    const leftOut = [...readme.matchAll(/^- (\d+) \(.*: its names belong to other structures$/gm)].map((m) => Number(m[1]));
    const ids = records.map((r) => r.id);
    assert.ok(
      ids.every((id, i) => i === 0 || id > ids[i - 1]),
      'IDs ascend, each once',
    );
    assert.ok(leftOut.length > 0 && leftOut.every((id) => !byId.has(id)), 'no record left out is served');
    // Left-out and gone compounds keep their IDs in retired-ids.json, so that the next build neither renumbers nor
    // reuses them.
    const retired = JSON.parse(fs.readFileSync(path.join(SHIPPED_DATA_DIR, 'retired-ids.json'), 'utf8')) as Array<{ id: number }>;
    assert.ok(
      retired.every((r) => !byId.has(r.id)),
      'no retired ID is served',
    );
    assert.deepStrictEqual(
      leftOut.filter((id) => !retired.some((r) => r.id === id)),
      [],
      'every record left out is retired',
    );
    assert.deepStrictEqual(
      ids.slice(0, 761),
      Array.from({ length: 761 }, (_, i) => i + 1),
      'the first two sources: 1..761',
    );
  });

  it('keeps the compounds other work relies on, under their old IDs', () => {
    const find = (key: string) => records.find((r) => r.inchiKey === key);
    assert.strictEqual(find('RYYVLZVUVIJVGH-UHFFFAOYSA-N')?.commonName, 'Caffeine');
    assert.strictEqual(find('UHOVQNZJYSORNB-UHFFFAOYSA-N')?.commonName, 'Benzene');
    // the records of the first two sources keep IDs 1..761 in InChIKey order
    const firstStage = records.filter((r) => r.dataSources.includes('chemical-structures-data') || r.dataSources.includes('ketcher-react'));
    assert.strictEqual(firstStage.length, 761);
    assert.deepStrictEqual(
      firstStage.map((r) => r.id),
      firstStage.map((_, i) => i + 1),
    );
    // A compound whose computed InChIKey changed keeps its ID by its spectra's accessions: boldenone undecylenate was
    // numbered 883 without stereo (AHMMSNQYOPMLSX-UHFFFAOYSA-N) and is 883 with it.
    assert.strictEqual(byId.get(883)?.inchiKey, 'AHMMSNQYOPMLSX-KEZAGTACSA-N');
    assert.strictEqual(allSpectra.find((s) => s.file_name === 'MSBNK-Univ_Connecticut-CO000081.jdx')?.csid, 883);
  });

  it('round-trips a sample of source records: InChIKey, formula, exact mass, peak list byte for byte', async () => {
    const readme = fs.readFileSync(path.join(SHIPPED_DATA_DIR, 'README.md'), 'utf8');
    for (const source of sample) {
      assert.ok(OPEN.has(source.license), `${source.accession} is an open fixture`);
      const spcId = byFile.get(`${source.accession}.jdx`);
      assert.ok(spcId, `${source.accession} is shipped`);
      const info = (await spectra.get(spcId))!;
      const record = byId.get(info.csid)!;
      if (source.inchiKey && record.inchiKey !== source.inchiKey) {
        assert.ok(
          readme.includes(`${source.accession}:`),
          `${source.accession}: InChIKey ${record.inchiKey} differs from ${source.inchiKey} and is not reported`,
        );
      }
      assert.strictEqual(record.formula, plainFormula(source.formula), `${source.accession} formula`);
      if (AVERAGE_MASS_AS_EXACT.test(source.accession)) {
        // a source quirk: these records give the average mass under CH$EXACT_MASS (228.31522 for C15H16O2)
        assert.ok(Math.abs(record.averageMass - source.exactMass) < 0.01, `${source.accession}: ${record.averageMass} vs ${source.exactMass}`);
      } else {
        assert.ok(
          Math.abs(record.monoisotopicMass - source.exactMass) < 0.001,
          `${source.accession}: ${record.monoisotopicMass} vs ${source.exactMass}`,
        );
      }
      const names = new Set([record.commonName, ...record.synonyms].map((n) => n.toLowerCase()));
      for (const name of source.names) assert.ok(names.has(name.toLowerCase()), `${source.accession}: name ${name}`);
      const data = (await spectra.readData(spcId))!;
      const table = data.slice(data.indexOf('##PEAK TABLE=(XY..XY)\n') + 22, data.indexOf('##END='));
      assert.strictEqual(table, source.peaks.map(([mz, y]) => `${mz}, ${y}\n`).join(''), `${source.accession} peaks`);
      assert.match(data, new RegExp(`##NPOINTS=${source.peaks.length}\\n`));
    }
  });

  it('every spectrum carries its attribution and an open licence; no non-commercial record appears', () => {
    const licences = /licence (CC0 1\.0|CC BY 4\.0|CC BY-SA 4\.0|Data licence Germany – attribution – version 2\.0) \(/;
    for (const info of allSpectra) {
      assert.match(info.comments ?? '', licences, `spectrum ${info.spc_id}`);
      assert.match(info.comments ?? '', /From MassBank record MSBNK-[\w-]+; authors: /);
      assert.match(info.original_url ?? '', /^https:\/\/massbank\.eu\/MassBank\/RecordDisplay\?id=MSBNK-/);
      assert.ok(byId.has(info.csid));
    }
    // records of release 2025.05.1 under CC BY-NC, CC BY-NC-SA and CC BY-NC-ND (their IDs only)
    for (const accession of [
      'MSBNK-BS-BS001000',
      'MSBNK-Fac_Eng_Univ_Tokyo-JP001120',
      'MSBNK-Keio_Univ-KO002906',
      'MSBNK-RIKEN-PR301941',
      'MSBNK-RIKEN_ReSpect-PS043304',
    ]) {
      assert.strictEqual(byFile.get(`${accession}.jdx`), undefined, `${accession} is not open and must not be shipped`);
    }
    const licenses = fs.readFileSync(path.join(SHIPPED_DATA_DIR, 'LICENSES.md'), 'utf8');
    assert.ok(!/\| CC BY-NC/.test(licenses));
    for (const source of sample)
      assert.ok(licenses.includes(source.accession.replace(/-[^-]*$/, '')), `${source.accession}'s contributor is attributed`);
  });

  it('spectrum types are in the spec vocabulary and data files are JCAMP-DX peak tables', async () => {
    const types = new Set(allSpectra.map((s) => s.spc_type));
    for (const type of types) assert.match(type, /^(EI|EI-|ESI[+-]|APCI[+-]|APPI[+-]|MALDI[+-]|CI\+ve|CI-ve|FAB[+-]|FD[+-]|FI[+-]|SIMS[+-]|MS)$/);
    assert.ok(types.has('ESI+') && types.has('ESI-') && types.has('EI'));
    const first = allSpectra[0];
    const data = (await spectra.readData(first.spc_id))!;
    assert.match(data, /^##TITLE=.*\n##JCAMP-DX=5\.01\n##DATA TYPE=MASS SPECTRUM\n##DATA CLASS=PEAK TABLE\n/);
    assert.match(data, /##\$LICENSE=/);
    assert.match(data, /##END=\n$/);
  });

  it('no InChIKey twice in the whole collection', () => {
    // That each record's SMILES, 2D and 3D MOL give its InChIKey is checked on a fixed sample by the chemistry suite
    // (test/service/toolkits/chemistry.test.ts) and on every record by `npm run check:data`.
    const keys = records.map((r) => r.inchiKey);
    assert.strictEqual(new Set(keys).size, keys.length, 'no InChIKey twice');
  });

  it('names agree with structures: no name is given to compounds of two molecular formulas', () => {
    // The largest component of the standard InChI's formula layer: a salt and its parent agree (data/README.md).
    const formulaOf = (inchi: string) =>
      inchi
        .split('/')[1]
        .split('.')
        .map((p) => p.replace(/^\d+/, ''))
        .sort((a, b) => b.length - a.length)[0];
    const formulasByName = new Map<string, Set<string>>();
    for (const r of records) {
      for (const name of [r.commonName, ...r.synonyms]) {
        const key = name.toLowerCase().replace(/\s+/g, ' ').trim();
        formulasByName.set(key, (formulasByName.get(key) ?? new Set()).add(formulaOf(r.inchi)));
      }
    }
    assert.deepStrictEqual(
      [...formulasByName].filter(([, formulas]) => formulas.size > 1).map(([name, formulas]) => `${name}: ${[...formulas].join(', ')}`),
      [],
    );
    // MassBank's Osaka_Univ OUF00222 names 1-ethylnaphthalene's structure "Elaidic acid": the name goes to elaidic acid.
    const elaidic = records.filter((r) => [r.commonName, ...r.synonyms].some((n) => n.toLowerCase() === 'elaidic acid'));
    assert.deepStrictEqual(
      elaidic.map((r) => r.formula),
      ['C18H34O2'],
    );
    assert.ok(!byId.has(8508), 'the record whose only name belonged to another structure is left out');
    // "Homoserine lactone" is given once to its structure (GL_Sciences GLS00152) and once to an oxime (Osaka_Univ
    // OUF00268): OPSIN reads homoserine, and its lactone is homoserine less one water, so the name stays with 5840.
    const lactone = records.filter((r) => [r.commonName, ...r.synonyms].some((n) => n.toLowerCase() === 'homoserine lactone'));
    assert.deepStrictEqual(
      lactone.map((r) => [r.id, r.formula]),
      [[5840, 'C4H7NO2']],
    );
    // Twistane is tricyclo[4.4.0.0^3,8]decane: OPSIN reads that name to this InChIKey (libopsin-java 2.7.0).
    assert.strictEqual(records.find((r) => r.commonName === 'Twistane')?.inchiKey, 'AEVSQVUUXPSWPL-UHFFFAOYSA-N');
  });

  it('has no reference to a service of the kind this project implements', () => {
    const sources = new Set(records.flatMap((r) => r.externalReferences.map((x) => x.source)));
    for (const s of ['CAS', 'ChEBI', 'KEGG', 'PubChem', 'MassBank']) assert.ok(sources.has(s), s);
    assert.deepStrictEqual(
      [...sources].filter(
        (s) =>
          !/^(chemical-structures-data|ketcher-react|MassBank|CAS|ChEBI|KEGG|PubChem|CompTox|HMDB|KNApSAcK|LIPID MAPS|ChEMBL|ZINC|NIKKAJI|LipidBank)$/.test(
            s,
          ),
      ),
      [],
    );
  });

  describe('through the service', () => {
    let svc: RunningService;
    before(async () => {
      svc = await startService({ port: 0 });
    });
    after(() => svc.close());

    it('loads within the budget', () => {
      console.log(`      service load: ${svc.loadMs} ms, ${svc.records} records, rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
      assert.ok(svc.loadMs < 6000, `${svc.loadMs} ms (2 s on an idle machine; generous here for a shared CI core)`);
    });

    it('finds common names, the exact name first, quickly', async () => {
      for (const name of ['aspirin', 'paracetamol', 'ibuprofen', 'carbamazepine', 'atrazine', 'caffeine']) {
        const t = Date.now();
        const ids = await runFilter(svc.baseUrl, 'filter/name', { name });
        const ms = Date.now() - t;
        assert.ok(ids.length >= 1, `${name} found`);
        const first = byId.get(ids[0])!;
        assert.ok(
          first.commonName.toLowerCase() === name || first.synonyms.some((s) => s.toLowerCase() === name),
          `${name}: first result is ${first.commonName}`,
        );
        const exact = records.filter((r) => r.commonName.toLowerCase() === name).map((r) => r.id);
        assert.deepStrictEqual(ids.slice(0, exact.length).sort(), exact.sort(), `${name}: records named exactly so come first`);
        assert.ok(ms < 3000, `${name}: ${ms} ms`);
      }
    });

    it('pages the spectrum info list to those who ask: a paged request for more than a page is refused with the rule', async () => {
      const refused = await legacy(svc.baseUrl, 'Spectra.asmx/GetAllSpectraInfo', [
        ['start', '0'],
        ['count', '-1'],
      ]);
      assert.strictEqual(refused.status, 500);
      assert.match(refused.text, /Too many spectra for one answer \(\d+ from start 0\): ask for them in pages/);
      const last = await legacy(svc.baseUrl, 'Spectra.asmx/GetAllSpectraInfo', [
        ['start', String(allSpectra.length - 3)],
        ['count', '-1'],
      ]);
      assert.deepStrictEqual(
        parseXml(last.text).ArrayOfCSSpectrumInfo.CSSpectrumInfo.map((s: { spc_id: string }) => Number(s.spc_id)),
        allSpectra.slice(-3).map((s) => s.spc_id),
      );
      const started = Date.now();
      const client = new CompoundDbClient({ baseUrl: svc.baseUrl, token: DEV_TOKEN });
      const all = await client.getAllSpectraInfo();
      console.log(`      the client read ${all.length} spectrum infos in pages in ${Date.now() - started} ms`);
      assert.deepStrictEqual(
        all.map((s) => s.spc_id),
        allSpectra.map((s) => s.spc_id),
      );
    });

    it('answers the whole spectrum info list to a request without paging, streamed, gzip-compressed when accepted', async () => {
      // Each on a connection of its own, as an older client makes them.
      const whole = (gzip: boolean) =>
        new Promise<{ status: number; encoding?: string; body: Buffer }>((resolve, reject) => {
          const url = `${svc.baseUrl}/Spectra.asmx/GetAllSpectraInfo?token=${DEV_TOKEN}`;
          http
            .get(url, { agent: false, headers: gzip ? { 'Accept-Encoding': 'gzip' } : {} }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
              res.on('error', reject);
            })
            .on('error', reject);
        });
      const started = Date.now();
      const plain = await whole(false);
      assert.strictEqual(plain.status, 200);
      assert.strictEqual(plain.encoding, undefined);
      const text = plain.body.toString('utf8');
      // 60 MB of XML: the IDs are read with a pattern (a DOM of it would take gigabytes in this process).
      assert.ok(text.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfCSSpectrumInfo xmlns='), text.slice(0, 200));
      assert.ok(text.endsWith('</CSSpectrumInfo></ArrayOfCSSpectrumInfo>'));
      const ids = [...text.matchAll(/<spc_id>(\d+)<\/spc_id>/g)].map((m) => Number(m[1]));
      assert.deepStrictEqual(
        ids,
        allSpectra.map((s) => s.spc_id),
      );
      console.log(
        `      the whole list unpaged: ${ids.length} infos, ${(plain.body.length / 1048576).toFixed(1)} MB of XML in ${Date.now() - started} ms`,
      );
      const zipped = await whole(true);
      assert.strictEqual(zipped.encoding, 'gzip');
      console.log(`      gzip: ${(zipped.body.length / 1048576).toFixed(1)} MB on the wire`);
      assert.ok(gunzipSync(zipped.body).equals(plain.body), 'the same document, compressed on the wire');
    });

    it('lists and serves the measured spectra of a record (older interface)', async () => {
      const [caffeine] = await runFilter(svc.baseUrl, 'filter/inchikey', { inchikey: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N' });
      const list = parseXml((await legacy(svc.baseUrl, 'Spectra.asmx/GetCompoundSpectraInfo', [['csid', String(caffeine)]])).text)
        .ArrayOfCSSpectrumInfo.CSSpectrumInfo;
      assert.ok(Array.isArray(list) && list.length > 10, 'caffeine has many measured spectra');
      const file = await request(`${svc.baseUrl}/FilesHandler.ashx?type=blob&disp=1&id=${list[0].spc_id}`);
      assert.strictEqual(file.status, 200);
      assert.match(file.text, /##PEAK TABLE=\(XY\.\.XY\)\n\d/);
    });
  });
});
