/** Typed objects of the older interface's XML responses (contract 2.2). */
import {
  type LegacyCompoundInfo,
  type LegacyExtendedCompoundInfo,
  type LegacyExtendedMolCompoundInfo,
  type LegacyExternalReference,
  type LegacyRequestStatus,
  type LegacySpectrumInfo,
} from '../wire';
import { elementOf, itemsOf, numberOf, textOf, type XmlNode } from './xml';
import { plainFormula } from '../chemistry/formula/text';

const text = (e: Record<string, XmlNode>, key: string): string => textOf(e[key]) ?? '';
const optionalText = (e: Record<string, XmlNode>, key: string): string | undefined => textOf(e[key]) || undefined;
const optionalNumber = (e: Record<string, XmlNode>, key: string): number | undefined => (e[key] === undefined ? undefined : numberOf(e[key]));

export function compoundInfoOf(node: XmlNode): LegacyCompoundInfo {
  const e = elementOf(node);
  return { CSID: numberOf(e.CSID), InChI: text(e, 'InChI'), InChIKey: text(e, 'InChIKey'), SMILES: text(e, 'SMILES') };
}

export function extendedInfoOf(node: XmlNode): LegacyExtendedCompoundInfo {
  const e = elementOf(node);
  return {
    CSID: numberOf(e.CSID),
    MF: plainFormula(text(e, 'MF')), // plain whatever the server wrote: one format per field
    SMILES: text(e, 'SMILES'),
    InChI: text(e, 'InChI'),
    InChIKey: text(e, 'InChIKey'),
    AverageMass: numberOf(e.AverageMass),
    MolecularWeight: numberOf(e.MolecularWeight),
    MonoisotopicMass: numberOf(e.MonoisotopicMass),
    NominalMass: numberOf(e.NominalMass),
    ALogP: numberOf(e.ALogP),
    XLogP: numberOf(e.XLogP),
    CommonName: text(e, 'CommonName'),
  };
}

function externalReferenceOf(node: XmlNode): LegacyExternalReference {
  const e = elementOf(node);
  return { ds_name: text(e, 'ds_name'), ds_url: text(e, 'ds_url'), ext_id: text(e, 'ext_id'), ext_url: text(e, 'ext_url') };
}

export function molInfoOf(node: XmlNode): LegacyExtendedMolCompoundInfo {
  const e = elementOf(node);
  const info: LegacyExtendedMolCompoundInfo = { ...extendedInfoOf(node) };
  const mol2d = textOf(e.MOL2d);
  const mol3d = textOf(e.MOL3d);
  if (mol2d !== undefined) info.MOL2d = mol2d;
  if (mol3d !== undefined) info.MOL3d = mol3d;
  for (const key of ['ReferenceCount', 'DataSourceCount', 'ArticleCount', 'OrgCount'] as const) {
    const value = optionalNumber(e, key);
    if (value !== undefined) info[key] = value;
  }
  if (e.ExternalReferences !== undefined) info.ExternalReferences = itemsOf(e.ExternalReferences).map(externalReferenceOf);
  return info;
}

export function requestStatusOf(node: XmlNode): LegacyRequestStatus {
  const e = elementOf(node);
  const status: LegacyRequestStatus = { Status: text(e, 'Status').trim(), Count: numberOf(e.Count), Elapsed: text(e, 'Elapsed').trim() };
  const message = optionalText(e, 'Message');
  if (message !== undefined) status.Message = message;
  return status;
}

export function spectrumInfoOf(node: XmlNode): LegacySpectrumInfo {
  const e = elementOf(node);
  const info: LegacySpectrumInfo = {
    spc_id: numberOf(e.spc_id),
    spc_type: text(e, 'spc_type'),
    csid: numberOf(e.csid),
    file_name: text(e, 'file_name'),
  };
  for (const key of ['comments', 'original_url', 'submitted_date'] as const) {
    const value = optionalText(e, key);
    if (value !== undefined) info[key] = value;
  }
  return info;
}

export function intsOf(node: XmlNode): number[] {
  return itemsOf(node).map((n) => numberOf(n));
}

export function stringsOf(node: XmlNode): string[] {
  return itemsOf(node).map((n) => textOf(n) ?? '');
}
