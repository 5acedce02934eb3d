/**
 * Fields of an older-interface request: query string and form body together, names matched
 * case-insensitively, lists as repeated keys, booleans in any case (contract 2.1).
 */
import { LegacyError } from './legacy-error';

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

  /** The first value, trimmed; undefined when the field is absent or empty. */
  optional(name: string): string | undefined {
    const v = this.values.get(name.toLowerCase())?.[0]?.trim();
    return v === undefined || v === '' ? undefined : v;
  }

  required(name: string): string {
    const v = this.optional(name);
    if (v === undefined) throw new LegacyError(`Missing parameter: ${name}.`);
    return v;
  }

  /** Every value of a repeated field; comma-separated values are split too. */
  list(name: string): string[] {
    return (this.values.get(name.toLowerCase()) ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
  }

  bool(name: string, fallback: boolean): boolean {
    const v = this.optional(name);
    if (v === undefined) return fallback;
    const lower = v.toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
    throw new LegacyError(`Invalid value for parameter: ${name}.`);
  }

  int(name: string, fallback?: number): number {
    const v = fallback === undefined ? this.required(name) : this.optional(name);
    if (v === undefined) return fallback as number;
    if (!/^-?\d{1,15}$/.test(v)) throw new LegacyError(`Invalid value for parameter: ${name}.`);
    return Number(v);
  }

  /** A record ID (`csid`, `id`): a positive whole number. */
  recordId(name: string): number {
    const id = this.int(name);
    if (id <= 0) throw new LegacyError(`Invalid value for parameter: ${name}.`);
    return id;
  }
}
