/** A compound record (spec 2.1) built from a record ID: everything loads on first use, once. */
import type { LegacyCompoundInfo, RecordDetails } from '../wire';
import type { CallOptions } from './current-api';
import type { Identifiers } from './generation-mapping';
import { Once } from '../shared/in-flight';

/** What a compound needs from the client (CompoundDbClient implements it). */
export interface CompoundSource {
  compoundRecord(recordId: number, call?: CallOptions): Promise<{ details: RecordDetails; ids?: Identifiers }>;
  convert(input: string, inputFormat: 'SMILES', outputFormat: 'InChI', call?: CallOptions): Promise<string>;
  convert(input: string, inputFormat: 'InChI', outputFormat: 'InChIKey', call?: CallOptions): Promise<string>;
  compoundImage(recordId: number, call?: CallOptions): Promise<Uint8Array>;
  getOriginalMol(recordId: number, call?: CallOptions): Promise<string>;
  getCompoundInfo(recordId: number, call?: CallOptions): Promise<LegacyCompoundInfo>;
  imageUrl(recordId: number): string;
}

export interface CompoundMasses {
  averageMass?: number;
  molecularWeight?: number;
  monoisotopicMass?: number;
  nominalMass?: number;
}

export class Compound {
  private readonly record = new Once<{ details: RecordDetails; ids?: Identifiers }>();
  private readonly inchiOnce = new Once<string | undefined>();
  private readonly inchiKeyOnce = new Once<string | undefined>();
  private readonly imageOnce = new Once<Uint8Array>();
  private readonly rawMolOnce = new Once<string>();
  private readonly infoOnce = new Once<LegacyCompoundInfo>();

  constructor(
    private readonly source: CompoundSource,
    readonly recordId: number,
  ) {}

  /** All thirteen details fields (one request, the first time). */
  async details(call?: CallOptions): Promise<RecordDetails> {
    return (await this.loadRecord(call)).details;
  }

  private loadRecord(call?: CallOptions): Promise<{ details: RecordDetails; ids?: Identifiers }> {
    return this.record.get(() => this.source.compoundRecord(this.recordId, call), call?.signal);
  }

  /** TeX-like (`C_{9}H_{8}O_{4}`, as the current interface writes it) whatever the route; `plainFormula` (src/wire) for plain text. */
  async formula(call?: CallOptions): Promise<string | undefined> {
    return (await this.details(call)).formula;
  }
  async smiles(call?: CallOptions): Promise<string | undefined> {
    return (await this.details(call)).smiles;
  }
  async commonName(call?: CallOptions): Promise<string | undefined> {
    return (await this.details(call)).commonName;
  }
  async masses(call?: CallOptions): Promise<CompoundMasses> {
    const d = await this.details(call);
    return { averageMass: d.averageMass, molecularWeight: d.molecularWeight, monoisotopicMass: d.monoisotopicMass, nominalMass: d.nominalMass };
  }
  async mol2D(call?: CallOptions): Promise<string | undefined> {
    return (await this.details(call)).mol2D;
  }
  async mol3D(call?: CallOptions): Promise<string | undefined> {
    return (await this.details(call)).mol3D;
  }

  /** InChI: from the record when it carries one, else converted from its SMILES; kept after the first call. */
  inchi(call?: CallOptions): Promise<string | undefined> {
    return this.inchiOnce.get(async () => {
      const { details, ids } = await this.loadRecord(call);
      if (ids?.inchi) return ids.inchi;
      return details.smiles ? this.source.convert(details.smiles, 'SMILES', 'InChI', call) : undefined;
    }, call?.signal);
  }

  /** InChIKey: from the record when it carries one, else converted from the InChI; kept after the first call. */
  inchiKey(call?: CallOptions): Promise<string | undefined> {
    return this.inchiKeyOnce.get(async () => {
      const { ids } = await this.loadRecord(call);
      if (ids?.inchiKey) return ids.inchiKey;
      const inchi = await this.inchi(call);
      return inchi ? this.source.convert(inchi, 'InChI', 'InChIKey', call) : undefined;
    }, call?.signal);
  }

  /** PNG bytes of the 2D structure (the older thumbnail when only a token is configured). */
  image(call?: CallOptions): Promise<Uint8Array> {
    return this.imageOnce.get(() => this.source.compoundImage(this.recordId, call), call?.signal);
  }

  /** Address of the PNG (`ImagesHandler.ashx`). */
  get imageUrl(): string {
    return this.source.imageUrl(this.recordId);
  }

  /** The MOL file as first submitted (older interface; needs a token). */
  rawMol(call?: CallOptions): Promise<string> {
    return this.rawMolOnce.get(() => this.source.getOriginalMol(this.recordId, call), call?.signal);
  }

  /** Standard InChI of the older interface (answered through the current one when only an API key is set). */
  async stdInchi(call?: CallOptions): Promise<string> {
    return (await this.compoundInfo(call)).InChI;
  }
  async stdInchiKey(call?: CallOptions): Promise<string> {
    return (await this.compoundInfo(call)).InChIKey;
  }

  private compoundInfo(call?: CallOptions): Promise<LegacyCompoundInfo> {
    return this.infoOnce.get(() => this.source.getCompoundInfo(this.recordId, call), call?.signal);
  }
}
