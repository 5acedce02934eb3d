/** `compound-db db start|stop [--dir DIR]`: a throwaway local PostgreSQL with the RDKit cartridge. */
import { runDatabaseCommand } from '../../service/database/commands';

export const usage = 'compound-db db start|stop [--dir DIR]   (start prints the database URL as its last line)';

export function run(args: string[]): Promise<number> {
  return runDatabaseCommand(['db', ...args]);
}
