/** Text of the grid's records and messages: names, record ends, titles, masses. */

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function formatMass(n: number | undefined): string {
  return n === undefined ? '' : n.toFixed(4);
}

/** The title line of an SDF record (the name when the index has none to hand). */
export function recordName(text: string | undefined, isSdf: boolean): string {
  if (!text || !isSdf) return '';
  const nl = text.indexOf('\n');
  return (nl < 0 ? text : text.slice(0, nl)).trim();
}

export function withRecordEnd(record: string): string {
  if (/^\$\$\$\$\s*$/m.test(record)) return record.endsWith('\n') ? record : `${record}\n`;
  return `${record}${record.endsWith('\n') ? '' : '\n'}$$$$\n`;
}

/** A generated MOL block titled with the record's name (its first line). */
export function retitle(molblock: string, name: string): string {
  const nl = molblock.indexOf('\n');
  return nl < 0 ? molblock : `${name.replace(/[\r\n]/g, ' ')}${molblock.slice(nl)}`;
}

/** `1 record`, `3 records`. */
export function records(n: number): string {
  return `${n} record${n === 1 ? '' : 's'}`;
}
