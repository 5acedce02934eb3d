/** `compound-db db start|stop [--dir DIR]`: a throwaway local PostgreSQL with the RDKit cartridge. */
import { runDatabaseCommand } from '../database-commands';
import { USAGES } from '../usages';

export const usage = USAGES.db;

export function run(args: string[]): Promise<number> {
  return runDatabaseCommand(['db', ...args]);
}
