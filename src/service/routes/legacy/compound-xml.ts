/** Compound records as the older interface's XML objects (contract 2.2). */
import {
  LEGACY_EXTENDED_INFO_KEYS,
  type LegacyExtendedCompoundInfo,
  type LegacySpectrumInfo,
  LEGACY_SPECTRUM_INFO_KEYS,
  type MolType,
} from '../../../wire';
import type { CompoundRecord } from '../../record';
import { element, textElement, type XmlElement } from './xml';
import { plainFormula } from '../../../chemistry/formula/text';

export function extendedInfo(r: CompoundRecord): LegacyExtendedCompoundInfo {
  return {
    CSID: r.id,
    MF: plainFormula(r.formula), // plain, as the contract shows; the current interface's `formula` is TeX-like
    SMILES: r.smiles,
    InChI: r.inchi,
    InChIKey: r.inchiKey,
    AverageMass: r.averageMass,
    MolecularWeight: r.molecularWeight,
    MonoisotopicMass: r.monoisotopicMass,
    NominalMass: r.nominalMass,
    ALogP: r.alogp,
    XLogP: r.xlogp,
    CommonName: r.commonName,
  };
}

function extendedChildren(r: CompoundRecord): XmlElement[] {
  const info = extendedInfo(r);
  return LEGACY_EXTENDED_INFO_KEYS.map((k) => textElement(k, info[k]));
}

export function extendedInfoElement(r: CompoundRecord, name = 'ExtendedCompoundInfo'): XmlElement {
  return element(name, extendedChildren(r));
}

export interface MolInfoOptions {
  molType: MolType;
  referenceCounts: boolean;
  externalReferences: boolean;
}

export function extendedMolInfoElement(r: CompoundRecord, o: MolInfoOptions): XmlElement {
  const children = extendedChildren(r);
  if (o.molType !== '3d') children.push(textElement('MOL2d', r.mol2D));
  if (o.molType !== '2d') children.push(textElement('MOL3d', r.mol3D));
  if (o.referenceCounts) {
    children.push(
      textElement('ReferenceCount', r.referenceCount),
      textElement('DataSourceCount', r.dataSourceCount),
      textElement('ArticleCount', r.articleCount),
      textElement('OrgCount', r.orgCount),
    );
  }
  if (o.externalReferences) {
    children.push(
      element(
        'ExternalReferences',
        r.externalReferences.map((x) =>
          element('ExtRef', [
            textElement('ds_name', x.source),
            textElement('ds_url', x.sourceUrl),
            textElement('ext_id', x.externalId),
            textElement('ext_url', x.externalUrl),
          ]),
        ),
      ),
    );
  }
  return element('ExtendedMolCompoundInfo', children);
}

/** Empty values are left out (contract 2.2). */
export function spectrumInfoElement(info: LegacySpectrumInfo, name = 'CSSpectrumInfo'): XmlElement {
  const children: XmlElement[] = [];
  for (const k of LEGACY_SPECTRUM_INFO_KEYS) {
    const v = info[k];
    if (v !== undefined && v !== null && v !== '') children.push(textElement(k, v));
  }
  return element(name, children);
}
