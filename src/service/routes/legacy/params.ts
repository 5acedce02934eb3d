/**
 * Fields of an older-interface request: query string and form body together, names matched
 * case-insensitively, lists as repeated keys, booleans in any case (contract 2.1).
 */
import { LIMITS, checkRecordId } from '../../../wire';
import { LegacyError, invalidParameter, missingParameter } from './legacy-error';

export class LegacyParams {
  private readonly values = new Map<string, string[]>();

  constructor(...sources: URLSearchParams[]) {
    for (const source of sources) {
      for (const [k, v] of source) {
        const key = k.toLowerCase();
        const list = this.values.get(key);
        if (list) list.push(v);
        else this.values.set(key, [v]);
      }
    }
  }

  /** The first value, trimmed; undefined when the field is absent or empty. Longer than `max` characters: an error. */
  optional(name: string, max: number = LIMITS.textChars): string | undefined {
    const v = this.values.get(name.toLowerCase())?.[0]?.trim();
    if (v !== undefined && v.length > max) throw new LegacyError(`Invalid value for parameter: ${name} (at most ${max} characters).`);
    return v === undefined || v === '' ? undefined : v;
  }

  required(name: string, max?: number): string {
    const v = this.optional(name, max);
    if (v === undefined) throw missingParameter(name);
    return v;
  }

  /** Every value of a repeated field; comma-separated values are split too. */
  list(name: string): string[] {
    return (this.values.get(name.toLowerCase()) ?? [])
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
  }

  bool(name: string, fallback: boolean): boolean {
    const v = this.optional(name);
    if (v === undefined) return fallback;
    const lower = v.toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
    throw invalidParameter(name);
  }

  int(name: string, fallback?: number): number {
    const v = fallback === undefined ? this.required(name) : this.optional(name);
    if (v === undefined) return fallback as number;
    if (!/^-?\d{1,15}$/.test(v)) throw invalidParameter(name);
    return Number(v);
  }

  /** A value of an enumeration read by `parse` (which gives undefined for a name it does not know). */
  choice<T>(name: string, fallback: string, parse: (value: string) => T | undefined): T {
    const value = parse(this.optional(name) ?? fallback);
    if (value === undefined) throw invalidParameter(name);
    return value;
  }

  /** A record ID (`csid`, `id`): a positive whole number, as the current interface checks it. */
  recordId(name: string): number {
    const v = this.required(name);
    if (checkRecordId(name, v).length) throw invalidParameter(name);
    return Number(v);
  }

  /** The record IDs of a repeated field, each once, in the order asked; at most `max` of them. */
  recordIds(name: string, max?: number): number[] {
    const raw = this.list(name);
    if (raw.some((v) => checkRecordId(name, v).length)) throw invalidParameter(name);
    if (max !== undefined && raw.length > max) throw new LegacyError(`Too many values for parameter: ${name} (at most ${max}).`);
    return [...new Set(raw.map(Number))];
  }
}
