import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { deflateSync } from 'zlib';
import { parseSpectra, readSpectraFile, spectrumReader, type SpectrumItem } from '../../../src/client/peaks';

const ok = (items: SpectrumItem[]) => items.filter((i) => i.spectrum).map((i) => i.spectrum!);
const errors = (items: SpectrumItem[]) => items.filter((i) => i.error).map((i) => i.error!);

function base64Of(values: number[], bits: 32 | 64, zlib: boolean): string {
  const bytes = Buffer.alloc(values.length * (bits / 8));
  values.forEach((v, i) => (bits === 64 ? bytes.writeDoubleLE(v, i * 8) : bytes.writeFloatLE(v, i * 4)));
  return (zlib ? deflateSync(bytes) : bytes).toString('base64');
}

function mzmlSpectrum(
  id: string,
  opts: { level?: number; profile?: boolean; bits?: 32 | 64; zlib?: boolean; mz?: number[]; intensity?: number[]; precursor?: number },
): string {
  const mz = opts.mz ?? [100.1, 150.2, 195.0877];
  const intensity = opts.intensity ?? [10, 50, 100];
  const bits = opts.bits ?? 64;
  const arr = (values: number[], kind: string) => `
        <binaryDataArray encodedLength="0">
          <cvParam cvRef="MS" accession="${bits === 64 ? 'MS:1000523' : 'MS:1000521'}" name="float"/>
          <cvParam cvRef="MS" accession="${opts.zlib ? 'MS:1000574' : 'MS:1000576'}" name="compression"/>
          <cvParam cvRef="MS" accession="${kind}" name="array"/>
          <binary>${base64Of(values, bits, opts.zlib ?? false)}</binary>
        </binaryDataArray>`;
  return `
    <spectrum index="0" id="${id}" defaultArrayLength="${mz.length}">
      <cvParam cvRef="MS" accession="MS:1000511" name="ms level" value="${opts.level ?? 2}"/>
      <cvParam cvRef="MS" accession="${opts.profile ? 'MS:1000128' : 'MS:1000127'}" name="spectrum"/>
      <cvParam cvRef="MS" accession="MS:1000130" name="positive scan"/>
      <precursorList count="1"><precursor><selectedIonList count="1"><selectedIon>
        <cvParam cvRef="MS" accession="MS:1000744" name="selected ion m/z" value="${opts.precursor ?? 195.0877}"/>
      </selectedIon></selectedIonList></precursor></precursorList>
      <binaryDataArrayList count="2">${arr(mz, 'MS:1000514')}${arr(intensity, 'MS:1000515')}
      </binaryDataArrayList>
    </spectrum>`;
}

const mzmlFile = (spectra: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<indexedmzML><mzML xmlns="http://psi.hupo.org/ms/mzml"><run><spectrumList count="${spectra.length}">${spectra.join('')}\n</spectrumList></run></mzML></indexedmzML>\n`;

describe('spectrum readers', () => {
  it('reads MGF with title, precursor, charge and ion mode; a bad spectrum does not stop the next', () => {
    const text = [
      'BEGIN IONS',
      'TITLE=caffeine',
      'PEPMASS=195.0877 12345',
      'CHARGE=1+',
      '138.0662 42.5',
      '195.0877\t100',
      'END IONS',
      'BEGIN IONS',
      'TITLE=bad',
      'PEPMASS=200',
      '100 NaN',
      'END IONS',
      'BEGIN IONS',
      'TITLE=third',
      'PEPMASS=300',
      '110 -5',
      'END IONS',
      'BEGIN IONS',
      'PEPMASS=300',
      '110,5',
      'END IONS',
    ].join('\n');
    const items = parseSpectra(text);
    assert.strictEqual(items.length, 4);
    const [first] = ok(items);
    assert.deepStrictEqual(first.peaks, [
      [138.0662, 42.5],
      [195.0877, 100],
    ]);
    assert.strictEqual(first.precursorMz, 195.0877);
    assert.strictEqual(first.ionMode, 'positive');
    const [nan, negative] = errors(items);
    assert.match(nan.message, /^spectrum 2 \("bad"\), line 11: .*not a peak/);
    assert.match(negative.message, /^spectrum 3 \("third"\), line 16: .*intensity -5.*not be negative/);
    assert.strictEqual(ok(items)[1].index, 4);
  });

  it('refuses an unclosed BEGIN IONS, naming it, and reads the spectrum after it', () => {
    const items = parseSpectra('BEGIN IONS\nPEPMASS=100\n50 1\nBEGIN IONS\nPEPMASS=200\n60 2\nEND IONS\nBEGIN IONS\n70 1\n');
    assert.strictEqual(items.length, 3);
    assert.match(errors(items)[0].message, /spectrum 1, line 4: BEGIN IONS of line 1 is not closed/);
    assert.strictEqual(ok(items)[0].precursorMz, 200);
    assert.match(errors(items)[1].message, /spectrum 3, line 9: BEGIN IONS of line 8 is never closed/);
  });

  it('refuses an empty spectrum and more than 10,000 peaks', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => `${100 + i * 0.001} 1`).join('\n');
    const items = parseSpectra(`BEGIN IONS\nPEPMASS=100\nEND IONS\nBEGIN IONS\nPEPMASS=100\n${many}\nEND IONS\n`);
    assert.match(errors(items)[0].message, /spectrum 1, line 3: it has no peaks/);
    assert.match(errors(items)[1].message, /spectrum 2, line 10006: more than 10000 peaks/);
  });

  it('skips a 5 MB line without keeping it, with an error naming the line', () => {
    const reader = spectrumReader('mgf');
    const out: SpectrumItem[] = [];
    out.push(...reader.push('BEGIN IONS\nTITLE=long\nPEPMASS=100\n'));
    const piece = '1'.repeat(1024 * 1024);
    for (let i = 0; i < 5; i++) out.push(...reader.push(piece));
    out.push(...reader.push('\n50 1\nEND IONS\nBEGIN IONS\nPEPMASS=100\n50 1\nEND IONS\n'));
    out.push(...reader.end());
    assert.strictEqual(out.length, 2);
    assert.match(errors(out)[0].message, /spectrum 1 \("long"\), line 4: the line is longer than 65536 characters/);
    assert.strictEqual(ok(out)[0].index, 2);
  });

  it('stops at binary content with one error', () => {
    const items = parseSpectra('BEGIN IONS\nPEPMASS=100\n50 1\n\u0000\u0001\u0002PNG\n', 'mgf');
    assert.strictEqual(items.length, 1);
    assert.match(errors(items)[0].message, /line 4: this is not a MGF text file \(binary content\)/);
  });

  it('reads MSP with several pairs a line and annotations, and checks Num Peaks', () => {
    const text = [
      'Name: Caffeine',
      'Precursor_type: [M+H]+',
      'PrecursorMZ: 195.0877',
      'Num Peaks: 3',
      '138.0662 42.5 "frag"; 110.07 5;',
      '195.0877 100',
      '',
      'Name: short',
      'PrecursorMZ: 100',
      'Num Peaks: 3',
      '50 1',
      '',
    ].join('\n');
    const items = parseSpectra(text);
    const [s] = ok(items);
    assert.strictEqual(s.title, 'Caffeine');
    assert.strictEqual(s.ionMode, 'positive');
    assert.deepStrictEqual(s.peaks, [
      [138.0662, 42.5],
      [110.07, 5],
      [195.0877, 100],
    ]);
    assert.match(errors(items)[0].message, /spectrum 2 \("short"\), line 11: Num Peaks says 3 but 1 peaks were read/);
  });

  it('reads pasted peak lists: two columns, MassBank lines, mz:intensity pairs', () => {
    const massbank =
      'MS$FOCUSED_ION: PRECURSOR_M/Z 195.0877\nAC$MASS_SPECTROMETRY: ION_MODE POSITIVE\nPK$NUM_PEAK: 2\nPK$PEAK: m/z int. rel.int.\n  138.0662 4250 425\n  195.0877 10000 999\n//\n';
    const [mb] = ok(parseSpectra(massbank));
    assert.deepStrictEqual(mb.peaks, [
      [138.0662, 4250],
      [195.0877, 10000],
    ]);
    assert.strictEqual(mb.precursorMz, 195.0877);
    assert.strictEqual(mb.ionMode, 'positive');
    const [pairs] = ok(parseSpectra('138.0662:42.5 195.0877:100'));
    assert.deepStrictEqual(pairs.peaks, [
      [138.0662, 42.5],
      [195.0877, 100],
    ]);
    const [cols] = ok(parseSpectra('m/z\tintensity\n138.0662\t42.5\n195.0877,100\n'));
    assert.strictEqual(cols.peaks.length, 2);
    assert.match(errors(parseSpectra(''))[0].message, /the peak list is empty/);
    assert.match(errors(parseSpectra('100 1\n100 x\n'))[0].message, /line 2: "100 x" is not a peak/);
  });

  it('reads centroided MS2 from mzML (32/64-bit, zlib or not), passes over MS1, refuses profile mode', () => {
    const text = mzmlFile([
      mzmlSpectrum('scan=1', { level: 1 }),
      mzmlSpectrum('scan=2', { zlib: true }),
      mzmlSpectrum('scan=3', { bits: 32 }),
      mzmlSpectrum('scan=4', { profile: true }),
      mzmlSpectrum('scan=5', { bits: 32, zlib: true, mz: [80, 90], intensity: [1, 2], precursor: 300.5 }),
    ]);
    const items = parseSpectra(text);
    assert.strictEqual(items.length, 4);
    const got = ok(items);
    assert.deepStrictEqual(
      got.map((s) => [s.index, s.title, s.precursorMz]),
      [
        [1, 'scan=2', 195.0877],
        [2, 'scan=3', 195.0877],
        [4, 'scan=5', 300.5],
      ],
    );
    assert.deepStrictEqual(got[0].peaks[2], [195.0877, 100]);
    assert.ok(Math.abs(got[1].peaks[2][0] - 195.0877) < 1e-4);
    assert.strictEqual(got[0].ionMode, 'positive');
    const [profile] = errors(items);
    assert.match(profile.message, /^spectrum 3 \("scan=4"\), line \d+: a profile-mode spectrum/);
  });

  it('streams an mzML file in pieces and gives the same spectra', async () => {
    const text = mzmlFile(Array.from({ length: 50 }, (_, i) => mzmlSpectrum(`scan=${i}`, { zlib: i % 2 === 0 })));
    const reader = spectrumReader('mzml');
    const out: SpectrumItem[] = [];
    for (let i = 0; i < text.length; i += 7) out.push(...reader.push(text.slice(i, i + 7)));
    out.push(...reader.end());
    assert.deepStrictEqual(out, parseSpectra(text));
    assert.strictEqual(ok(out).length, 50);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spectra-'));
    try {
      const file = path.join(dir, 'run.mzML');
      fs.writeFileSync(file, text);
      const read: SpectrumItem[] = [];
      for await (const item of readSpectraFile(file)) read.push(item);
      assert.deepStrictEqual(read, out);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an mzML without spectra, an unclosed spectrum and a non-mzML file', () => {
    assert.match(errors(parseSpectra('<mzML></mzML>', 'mzml'))[0].message, /no MS2 spectrum/);
    assert.match(errors(parseSpectra('hello', 'mzml'))[0].message, /not an mzML file/);
    const cut = mzmlFile([mzmlSpectrum('scan=1', {})]).split('</spectrum>')[0];
    assert.match(errors(parseSpectra(cut, 'mzml'))[0].message, /spectrum 1 \("scan=1"\), line \d+: the file ends inside this spectrum/);
  });
});
