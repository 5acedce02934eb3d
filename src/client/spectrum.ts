/** A spectrum of the older interface (spec 2.5): built from an ID (info loaded on demand) or from an info object. */
import type { LegacySpectrumInfo } from '../wire';
import type { CallOptions } from './current-api';
import { Once } from '../shared/in-flight';

export interface SpectrumSource {
  getSpectrumInfo(spectrumId: number | string, call?: CallOptions): Promise<LegacySpectrumInfo>;
  getSpectrumData(spectrumId: number | string, call?: CallOptions): Promise<string>;
  spectrumUrl(spectrumId: number | string): string;
}

export class Spectrum {
  readonly id: number;
  private loaded?: LegacySpectrumInfo;
  private readonly infoOnce = new Once<LegacySpectrumInfo>();
  private readonly dataOnce = new Once<string>();

  private constructor(
    private readonly source: SpectrumSource,
    id: number,
  ) {
    this.id = id;
  }

  static fromId(source: SpectrumSource, spectrumId: number | string): Spectrum {
    return new Spectrum(source, Number(spectrumId));
  }

  static fromInfo(source: SpectrumSource, info: LegacySpectrumInfo): Spectrum {
    const spectrum = new Spectrum(source, info.spc_id);
    spectrum.loaded = info;
    spectrum.infoOnce.set(info);
    return spectrum;
  }

  get isLoaded(): boolean {
    return this.loaded !== undefined;
  }

  /** The info object (one request the first time, when built from an ID). */
  async info(call?: CallOptions): Promise<LegacySpectrumInfo> {
    this.loaded = await this.infoOnce.get(() => this.source.getSpectrumInfo(this.id, call), call?.signal);
    return this.loaded;
  }

  /** Loads the info, so the properties below can be read. */
  async load(call?: CallOptions): Promise<this> {
    await this.info(call);
    return this;
  }

  private get known(): LegacySpectrumInfo {
    if (!this.loaded) throw new Error(`Spectrum ${this.id} is not loaded yet: await spectrum.load() first`);
    return this.loaded;
  }

  get spectrumType(): string {
    return this.known.spc_type;
  }
  get fileName(): string {
    return this.known.file_name;
  }
  get comments(): string | null {
    return this.known.comments ?? null;
  }
  get originalUrl(): string | null {
    return this.known.original_url ?? null;
  }
  /** The record the spectrum belongs to. */
  get recordId(): number {
    return this.known.csid;
  }
  /** Submission time; the wire gives no zone, read as UTC. */
  get submittedDate(): Date | null {
    const text = this.known.submitted_date;
    if (!text) return null;
    const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  /** Address of the data file (known without loading). */
  get url(): string {
    return this.source.spectrumUrl(this.id);
  }

  /** Contents of the data file (JCAMP-DX text for the shipped spectra), fetched once on first use. */
  data(call?: CallOptions): Promise<string> {
    return this.dataOnce.get(() => this.source.getSpectrumData(this.id, call), call?.signal);
  }
}
