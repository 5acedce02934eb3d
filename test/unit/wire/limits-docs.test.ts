import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DOCUMENTED_LIMITS } from '../../../src/wire';

const README = path.resolve(__dirname, '../../../../src/service/README.md');

/** `1,000 characters`, `1 MiB`, `256 KiB`. */
function shown(limit: number, unit: string): string {
  if (unit !== 'bytes') return `${limit.toLocaleString('en-US')} ${unit}`;
  return limit % (1024 * 1024) === 0 ? `${limit / (1024 * 1024)} MiB` : `${limit / 1024} KiB`;
}

describe('the documented limits are the ones the checks read', () => {
  it("src/service/README.md's table of limits is DOCUMENTED_LIMITS, row by row", () => {
    const lines = fs.readFileSync(README, 'utf8').split('\n');
    const header = lines.indexOf('| what | limit |');
    assert.ok(header > 0, 'the table is there');
    const rows: string[] = [];
    for (let i = header + 2; lines[i]?.startsWith('|'); i++) rows.push(lines[i]);
    assert.deepStrictEqual(
      rows,
      DOCUMENTED_LIMITS.map((row) => `| ${row.what} | ${shown(row.limit, row.unit)} |`),
    );
  });
});
