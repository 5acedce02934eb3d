/**
 * mzML (HUPO-PSI 1.1), streamed: a scanner over the text as it comes, keeping only the tag being read and the base64
 * of the array being read (each bounded), never the file. Each MS2 (or higher) spectrum gives its peaks from the
 * m/z and intensity arrays (base64, zlib-compressed or not, 32- or 64-bit floats or integers). MS1 spectra and
 * chromatograms are passed over. A profile-mode spectrum, a compression it does not read (MS-Numpress) or an array
 * over the limits refuses that spectrum, naming it and its line; the others are read.
 */
import type { IonMode } from '../../wire';
import { READ_LIMITS, SpectrumDraft, clipped, numberOf, type SpectrumItem, type SpectrumReader } from './types';

interface Param {
  accession: string;
  value: string;
  unit?: string;
}

interface ArrayDraft {
  bits: 32 | 64;
  float: boolean;
  zlib: boolean;
  kind?: 'mz' | 'intensity';
  base64: string;
  tooLong: boolean;
  problem?: string;
}

interface SpectrumState {
  line: number;
  id: string;
  title?: string;
  arrayLength: number;
  msLevel?: number;
  profile: boolean;
  precursorMz?: number;
  isolationTarget?: number;
  charge?: number;
  ionMode?: IonMode;
  retentionTime?: number;
  arrays: ArrayDraft[];
  problem?: { line: number; rule: string };
}

const ACCESSION = {
  msLevel: 'MS:1000511',
  centroid: 'MS:1000127',
  profile: 'MS:1000128',
  positive: 'MS:1000130',
  negative: 'MS:1000129',
  selectedIonMz: 'MS:1000744',
  isolationTarget: 'MS:1000827',
  charge: 'MS:1000041',
  title: 'MS:1000796',
  scanStartTime: 'MS:1000016',
  float32: 'MS:1000521',
  float64: 'MS:1000523',
  int32: 'MS:1000519',
  int64: 'MS:1000522',
  zlib: 'MS:1000574',
  noCompression: 'MS:1000576',
  mzArray: 'MS:1000514',
  intensityArray: 'MS:1000515',
  minute: 'UO:0000031',
} as const;

/** Parameters a referenceable group may hold, and groups a file may define: bounded like everything else. */
const MAX_GROUP_PARAMS = 10_000;

export class MzmlReader implements SpectrumReader {
  private buffer = '';
  private line = 1;
  private out: SpectrumItem[] = [];
  private msnCount = 0;
  private stopped = false;
  private spectrum?: SpectrumState;
  private array?: ArrayDraft;
  private inBinary = false;
  private groups = new Map<string, Param[]>();
  private groupParams = 0;
  private group?: Param[];
  private sawMzml = false;
  private path: string[] = [];

  push(text: string): SpectrumItem[] {
    if (!this.stopped) {
      this.buffer += text;
      this.scan(false);
    }
    return this.take();
  }

  end(): SpectrumItem[] {
    if (!this.stopped) {
      this.scan(true);
      if (this.spectrum) this.refuseOpen('the file ends inside this spectrum (no </spectrum>)');
      else if (!this.sawMzml) this.fileError('no <mzML> element: this is not an mzML file');
      else if (this.msnCount === 0 && this.out.length === 0) this.fileError('the file has no MS2 spectrum');
      this.stopped = true;
    }
    return this.take();
  }

  private take(): SpectrumItem[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  private scan(atEnd: boolean): void {
    let pos = 0;
    const buf = this.buffer;
    while (!this.stopped) {
      const lt = buf.indexOf('<', pos);
      const textEnd = lt < 0 ? buf.length : lt;
      if (textEnd > pos) this.text(buf, pos, textEnd);
      if (lt < 0) {
        pos = buf.length;
        break;
      }
      pos = lt;
      const isComment = buf.startsWith('<!--', lt);
      const close = isComment ? buf.indexOf('-->', lt + 4) : buf.indexOf('>', lt + 1);
      if (close < 0) {
        if (buf.length - lt > READ_LIMITS.mzmlTagChars) this.stop(`a tag longer than ${READ_LIMITS.mzmlTagChars} characters`);
        else if (atEnd) this.stop('the file ends inside a tag');
        break;
      }
      const end = isComment ? close + 3 : close + 1;
      const tag = buf.slice(lt, end);
      if (!isComment) this.tag(tag);
      this.line += countNewlines(tag);
      pos = end;
    }
    this.buffer = buf.slice(pos);
  }

  /** Text between tags: the base64 of an array inside <binary>, else passed over (its newlines counted). */
  private text(buf: string, from: number, to: number): void {
    if (this.inBinary && this.array && !this.array.tooLong) {
      const piece = buf.slice(from, to);
      if (this.array.base64.length + piece.length > READ_LIMITS.mzmlBinaryChars) {
        this.array.tooLong = true;
        this.array.base64 = '';
      } else {
        this.array.base64 += piece;
      }
      this.line += countNewlines(piece);
      return;
    }
    for (let i = buf.indexOf('\n', from); i >= 0 && i < to; i = buf.indexOf('\n', i + 1)) this.line++;
    // A NUL or other control byte: not a text file at all.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/.test(buf.slice(from, Math.min(to, from + 4096))))
      this.stop('binary content: this is not an mzML text file');
  }

  private tag(tag: string): void {
    if (tag.startsWith('<?') || tag.startsWith('<!')) return;
    const closing = tag.startsWith('</');
    const m = /^<\/?\s*([\w:.-]+)/.exec(tag);
    if (!m) return;
    const name = m[1].replace(/^.*:/, '');
    const selfClosing = tag.endsWith('/>');
    if (closing) {
      this.closeTag(name);
      this.path.pop();
      return;
    }
    const attrs = attributesOf(tag);
    this.openTag(name, attrs);
    if (selfClosing) this.closeTag(name);
    else this.path.push(name);
  }

  private openTag(name: string, attrs: Record<string, string>): void {
    switch (name) {
      case 'mzML':
        this.sawMzml = true;
        return;
      case 'referenceableParamGroup':
        this.group = [];
        this.groups.set(attrs.id ?? '', this.group);
        return;
      case 'spectrum': {
        if (this.spectrum) this.refuseOpen('a <spectrum> starts inside this one');
        const length = Number(attrs.defaultArrayLength ?? '0');
        this.spectrum = {
          line: this.line,
          id: clipped(attrs.id ?? ''),
          arrayLength: Number.isFinite(length) ? length : 0,
          profile: false,
          arrays: [],
        };
        if (length > READ_LIMITS.peaks)
          this.fail(`defaultArrayLength ${length}: more than ${READ_LIMITS.peaks} peaks; a spectrum has at most ${READ_LIMITS.peaks}`);
        return;
      }
      case 'binaryDataArray':
        if (this.spectrum) {
          this.array = { bits: 64, float: true, zlib: false, base64: '', tooLong: false };
          this.spectrum.arrays.push(this.array);
        }
        return;
      case 'binary':
        this.inBinary = true;
        return;
      case 'cvParam':
        this.param({ accession: attrs.accession ?? '', value: attrs.value ?? '', unit: attrs.unitAccession });
        return;
      case 'referenceableParamGroupRef':
        for (const p of this.groups.get(attrs.ref ?? '') ?? []) this.param(p);
        return;
    }
  }

  private closeTag(name: string): void {
    switch (name) {
      case 'referenceableParamGroup':
        this.group = undefined;
        return;
      case 'binary':
        this.inBinary = false;
        return;
      case 'binaryDataArray':
        this.array = undefined;
        return;
      case 'spectrum':
        this.finishSpectrum();
        return;
    }
  }

  private param(p: Param): void {
    if (this.group) {
      if (++this.groupParams <= MAX_GROUP_PARAMS) this.group.push(p);
      return;
    }
    const s = this.spectrum;
    if (!s) return;
    const a = this.array;
    if (a) {
      switch (p.accession) {
        case ACCESSION.float32:
          Object.assign(a, { bits: 32, float: true });
          return;
        case ACCESSION.float64:
          Object.assign(a, { bits: 64, float: true });
          return;
        case ACCESSION.int32:
          Object.assign(a, { bits: 32, float: false });
          return;
        case ACCESSION.int64:
          Object.assign(a, { bits: 64, float: false });
          return;
        case ACCESSION.zlib:
          a.zlib = true;
          return;
        case ACCESSION.noCompression:
          return;
        case ACCESSION.mzArray:
          a.kind = 'mz';
          return;
        case ACCESSION.intensityArray:
          a.kind = 'intensity';
          return;
      }
      // Any other compression term (MS-Numpress, and zlib combined with it) cannot be read here.
      if (/^MS:100(2312|2313|2314|2746|2747|2748)$/.test(p.accession))
        a.problem = `its ${this.arrayName(a)} array uses a compression (${p.accession}, MS-Numpress) that is not read; write the file with zlib or no compression`;
      return;
    }
    switch (p.accession) {
      case ACCESSION.msLevel:
        s.msLevel = numberOf(p.value);
        return;
      case ACCESSION.profile:
        s.profile = true;
        return;
      case ACCESSION.positive:
        s.ionMode = 'positive';
        return;
      case ACCESSION.negative:
        s.ionMode = 'negative';
        return;
      case ACCESSION.selectedIonMz:
        s.precursorMz ??= numberOf(p.value);
        return;
      case ACCESSION.isolationTarget:
        s.isolationTarget ??= numberOf(p.value);
        return;
      case ACCESSION.charge:
        s.charge ??= numberOf(p.value);
        return;
      case ACCESSION.title:
        s.title = clipped(p.value);
        return;
      case ACCESSION.scanStartTime: {
        const t = numberOf(p.value);
        if (t !== undefined) s.retentionTime = p.unit === ACCESSION.minute ? t * 60 : t;
        return;
      }
    }
  }

  private arrayName(a: ArrayDraft): string {
    return a.kind === 'mz' ? 'm/z' : a.kind === 'intensity' ? 'intensity' : 'data';
  }

  private fail(rule: string): void {
    if (this.spectrum && !this.spectrum.problem) this.spectrum.problem = { line: this.line, rule };
  }

  /** A spectrum left open: refused as one of the file's spectra (its MS level may not be known yet). */
  private refuseOpen(rule: string): void {
    this.fail(rule);
    this.finishSpectrum(true);
  }

  private finishSpectrum(forceReport = false): void {
    const s = this.spectrum;
    this.spectrum = undefined;
    this.array = undefined;
    this.inBinary = false;
    if (!s) return;
    if (s.msLevel !== undefined && s.msLevel < 2 && !forceReport) return;
    const draft = new SpectrumDraft(++this.msnCount, s.line);
    const out = draft.spectrum;
    out.title = s.title || s.id || undefined;
    out.precursorMz = s.precursorMz ?? s.isolationTarget;
    if (s.ionMode) out.ionMode = s.ionMode;
    if (s.charge !== undefined) out.charge = s.charge;
    if (s.retentionTime !== undefined) out.retentionTime = s.retentionTime;
    if (s.problem) {
      draft.fail(s.problem.line, s.problem.rule);
    } else if (s.profile) {
      draft.fail(
        s.line,
        'a profile-mode spectrum (MS:1000128); only centroided spectra are searched: centroid it first (peak picking, e.g. msconvert --filter "peakPicking true 1-")',
      );
    } else {
      this.decode(s, draft);
    }
    this.out.push(draft.finish(this.line));
  }

  private decode(s: SpectrumState, draft: SpectrumDraft): void {
    const mzArray = s.arrays.find((a) => a.kind === 'mz');
    const intensityArray = s.arrays.find((a) => a.kind === 'intensity');
    if (!mzArray || !intensityArray) {
      draft.fail(s.line, 'it has no m/z array (MS:1000514) and intensity array (MS:1000515)');
      return;
    }
    let mz: ArrayLike<number>, intensity: ArrayLike<number>;
    try {
      mz = this.values(mzArray, s.arrayLength);
      intensity = this.values(intensityArray, s.arrayLength);
    } catch (error) {
      draft.fail(s.line, (error as Error).message);
      return;
    }
    if (mz.length !== intensity.length) {
      draft.fail(s.line, `its m/z array has ${mz.length} values and its intensity array ${intensity.length}`);
      return;
    }
    for (let i = 0; i < mz.length && !draft.problem; i++) draft.addPeak(mz[i], intensity[i], s.line, `peak ${i + 1}`);
  }

  private values(a: ArrayDraft, expected: number): ArrayLike<number> {
    const name = this.arrayName(a);
    if (a.problem) throw new Error(a.problem);
    if (a.tooLong) throw new Error(`its ${name} array is longer than ${READ_LIMITS.mzmlBinaryChars} base64 characters`);
    const width = a.bits / 8;
    const maxBytes = READ_LIMITS.peaks * width;
    let bytes: Buffer = Buffer.from(a.base64.replace(/\s+/g, ''), 'base64');
    if (a.zlib) {
      try {
        bytes = zlib().inflateSync(bytes, { maxOutputLength: maxBytes + width });
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw new Error(
          code === 'ERR_BUFFER_TOO_LARGE'
            ? `its ${name} array holds more than ${READ_LIMITS.peaks} values`
            : `its ${name} array is not valid zlib data`,
          {
            cause: error,
          },
        );
      }
    }
    if (bytes.length % width !== 0) throw new Error(`its ${name} array has ${bytes.length} bytes, not a whole number of ${a.bits}-bit values`);
    const count = bytes.length / width;
    if (count > READ_LIMITS.peaks) throw new Error(`its ${name} array holds ${count} values; a spectrum has at most ${READ_LIMITS.peaks} peaks`);
    if (expected > 0 && count !== expected) throw new Error(`its ${name} array holds ${count} values, but defaultArrayLength says ${expected}`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const out = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const at = i * width;
      out[i] = a.float
        ? a.bits === 64
          ? view.getFloat64(at, true)
          : view.getFloat32(at, true)
        : a.bits === 64
          ? Number(view.getBigInt64(at, true))
          : view.getInt32(at, true);
    }
    return out;
  }

  private fileError(rule: string): void {
    const index = this.msnCount + 1;
    this.out.push({ error: { index, line: this.line, message: `line ${this.line}: ${rule}` } });
  }

  private stop(rule: string): void {
    if (this.spectrum) this.refuseOpen(rule);
    else this.fileError(rule);
    this.stopped = true;
    this.buffer = '';
  }
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function attributesOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    out[m[1]] = (m[3] ?? m[4] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]);
  }
  return out;
}

/** zlib loads with the first compressed array, not with the client. */
function zlib(): typeof import('zlib') {
  return process.getBuiltinModule('zlib');
}
