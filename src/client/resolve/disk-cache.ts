/**
 * The bulk resolver's cache on disk: an append-only journal of JSON lines, one per answer, written synchronously as
 * each answer arrives. A run killed at any moment leaves every answer it had received; a torn last line is skipped
 * when the file is read again. One file per cache scope (server and interface) inside the cache folder.
 */
import * as fs from 'fs';
import * as path from 'path';
import { IDENTITY_LEVELS } from '../../wire';
import { MemoryResolveCache, type ResolvedRecord, type ResolveMatch } from './resolve-cache';

/** 2: searches keep the level they matched at (a journal of format 1 predates the looser levels and starts afresh). */
const FORMAT = 2;

type Line = { v: number; scope: string } | { s: string; ids: number[]; m?: string } | { r: number; rec: ResolvedRecord | null };

function isMatch(value: unknown): value is ResolveMatch {
  return value === 'id' || value === 'name' || (IDENTITY_LEVELS as readonly unknown[]).includes(value);
}

export class DiskResolveCache extends MemoryResolveCache {
  private fd: number | undefined;

  /** Opens (or creates) the journal of `scope` inside `dir`. */
  static inFolder(dir: string, scope: string): DiskResolveCache {
    fs.mkdirSync(dir, { recursive: true });
    // crypto loads with the first journal, not with the extension (it was most of the bundle's load time)
    const name = `resolve-${process.getBuiltinModule('crypto').createHash('sha256').update(scope).digest('hex').slice(0, 16)}.jsonl`;
    return new DiskResolveCache(path.join(dir, name), scope);
  }

  constructor(
    readonly file: string,
    private readonly scope: string,
  ) {
    super();
    this.load();
    this.fd = fs.openSync(file, 'a');
    if (fs.fstatSync(this.fd).size === 0) this.append({ v: FORMAT, scope });
  }

  override putSearch(identifier: string, recordIds: readonly number[], match?: ResolveMatch): void {
    super.putSearch(identifier, recordIds, match);
    this.append({ s: identifier, ids: [...recordIds], ...(match ? { m: match } : {}) });
  }

  override putRecord(recordId: number, record: ResolvedRecord | null): void {
    super.putRecord(recordId, record);
    this.append({ r: recordId, rec: record });
  }

  /** Entries held: searches plus records. */
  get size(): number {
    return this.searches.size + this.records.size;
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private append(line: Line): void {
    if (this.fd === undefined) return;
    fs.writeSync(this.fd, `${JSON.stringify(line)}\n`);
  }

  private load(): void {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      return;
    }
    const lines = text.split('\n');
    const head = parseLine(lines[0]);
    if (!head || !('v' in head) || head.v !== FORMAT || head.scope !== this.scope) {
      if (text.length) fs.writeFileSync(this.file, ''); // another format or scope: start afresh rather than misread it
      return;
    }
    let torn = false;
    for (const raw of lines.slice(1)) {
      if (!raw) continue;
      const line = parseLine(raw);
      if (line && 's' in line && typeof line.s === 'string' && Array.isArray(line.ids))
        super.putSearch(line.s, line.ids.filter(Number.isInteger), isMatch(line.m) ? line.m : undefined);
      else if (line && 'r' in line && Number.isInteger(line.r) && isRecordOrNull(line.rec)) super.putRecord(line.r, line.rec);
      else torn = true;
    }
    if (torn || !text.endsWith('\n')) this.rewrite();
  }

  /** Writes the journal anew from what was read (drops a torn line so later appends start on a line of their own). */
  private rewrite(): void {
    const out = [JSON.stringify({ v: FORMAT, scope: this.scope })];
    for (const [s, ids] of this.searches) {
      const m = this.matches.get(s);
      out.push(JSON.stringify({ s, ids, ...(m ? { m } : {}) }));
    }
    for (const [r, rec] of this.records) out.push(JSON.stringify({ r, rec }));
    const temp = `${this.file}.tmp`;
    fs.writeFileSync(temp, `${out.join('\n')}\n`);
    fs.renameSync(temp, this.file);
  }
}

function parseLine(raw: string | undefined): Line | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Line) : undefined;
  } catch {
    return undefined;
  }
}

function isRecordOrNull(value: unknown): value is ResolvedRecord | null {
  if (value === null) return true;
  const r = value as Partial<ResolvedRecord> | undefined;
  return !!r && Number.isInteger(r.recordId) && typeof r.name === 'string' && typeof r.inchikey === 'string' && typeof r.smiles === 'string';
}
