/**
 * The RDKit cartridge in a database of the local cluster. Debian's cartridge 4.2 script defines `@=` with
 * `=` as its commutator and `<>` as its negator, which PostgreSQL 15.x minor releases since 2025 reject
 * ("commutator operator = is already the commutator of operator ="), so `CREATE EXTENSION rdkit` fails. Then
 * the same script runs with those two clauses of `@=` left out (the operator still works; the planner only
 * loses a hint), from the installed file: the types, functions, operators and index classes are the same,
 * they just do not belong to an extension.
 */
import * as fs from 'fs';
import type { Client } from 'pg';

const SCRIPT = '/usr/share/postgresql/15/extension/rdkit--4.2.0.sql';
const REJECTED = /is already the (commutator|negator) of operator/;

export function patchedCartridgeScript(script: string): string {
  return script
    .replace(/MODULE_PATHNAME/g, '$libdir/rdkit')
    .replace(/CREATE OPERATOR @= \([^;]*\);/g, (op) => op.replace(/\n\s*(COMMUTATOR|NEGATOR) = '[^']*',/g, ''));
}

/** Makes the cartridge available in the connected database (a no-op when its `mol` type is there). */
export async function installCartridge(client: Client): Promise<void> {
  const { rowCount } = await client.query(`SELECT 1 FROM pg_type WHERE typname = 'mol'`);
  if (rowCount) return;
  try {
    await client.query('CREATE EXTENSION rdkit');
  } catch (err) {
    if (!(err instanceof Error && REJECTED.test(err.message)) || !fs.existsSync(SCRIPT)) throw err;
    await client.query('BEGIN');
    try {
      await client.query(patchedCartridgeScript(fs.readFileSync(SCRIPT, 'utf8')));
      await client.query('COMMIT');
    } catch (inner) {
      await client.query('ROLLBACK');
      throw inner;
    }
  }
}
