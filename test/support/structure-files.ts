/**
 * Large SDF files for the structure grid's tests and bench, written record by record (never held whole): the
 * shipped collection's 2D MOL blocks repeated with numbered names and SD fields, padded to `bytesPerRecord`
 * on average (the sizes: 10,000 records ≈ 25 MB, 100,000 ≈ 250 MB).
 */
import * as fs from 'fs';
import { readCollectionFile } from '../../src/service/collection/shipped-collection';

interface ShippedRecord {
  id: number;
  commonName: string;
  smiles: string;
  inchiKey: string;
  molecularWeight: number;
  mol2D: string;
}

let shipped: ShippedRecord[] | undefined;
export function shippedRecords(): ShippedRecord[] {
  shipped ??= readCollectionFile().records;
  return shipped;
}

/** Record `i` of a generated file (from 0): its SDF text. */
export function generatedRecord(i: number, bytesPerRecord = 2500): string {
  const records = shippedRecords();
  const r = records[i % records.length];
  const body = r.mol2D.slice(r.mol2D.indexOf('\n') + 1);
  const head = `${r.commonName} ${i + 1}\n${body}${body.endsWith('\n') ? '' : '\n'}`;
  const fields = `> <ID>\nCDB-${i + 1}\n\n> <NAME>\n${r.commonName}\n\n> <MW>\n${r.molecularWeight}\n\n> <SMILES>\n${r.smiles}\n\n> <INCHIKEY>\n${r.inchiKey}\n\n`;
  const used = Buffer.byteLength(head) + Buffer.byteLength(fields) + 30;
  const padding = Math.max(0, bytesPerRecord - used);
  const comment = padding > 0 ? `> <COMMENT>\n${'generated record for scale tests '.repeat(Math.ceil(padding / 33)).slice(0, padding)}\n\n` : '';
  return `${head}${fields}${comment}$$$$\n`;
}

/** Writes `count` generated records to `file` in batches; resolves with the file's size in bytes. */
export function writeGeneratedSdf(file: string, count: number, bytesPerRecord = 2500): number {
  const fd = fs.openSync(file, 'w');
  let size = 0;
  try {
    for (let i = 0; i < count; i += 1000) {
      let chunk = '';
      for (let j = i; j < Math.min(count, i + 1000); j++) chunk += generatedRecord(j, bytesPerRecord);
      size += fs.writeSync(fd, chunk);
    }
  } finally {
    fs.closeSync(fd);
  }
  return size;
}
