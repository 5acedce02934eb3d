/**
 * An independent check of substructure search: Open Babel's SMARTS matcher (`obabel -s`, Debian `openbabel`) over the
 * shipped collection, for patterns whose meaning does not depend on a toolkit's aromaticity or hydrogen model
 * (elements, any-bond connectivity, rings of atoms). Where the models differ (aromatic atoms and bonds, implicit H
 * counts) the two toolkits do not agree by definition; src/service/README.md says so, and those patterns are
 * checked against RDKit brute force in structure-search.test.ts instead.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { execFile } from 'child_process';
import { promisify } from 'util';
import { startService, type RunningService } from '../../../../src/service';
import { runFilter } from '../../support/http';
import { tempDir } from '../../../support/temp';
import { loadShippedCollection } from '../../../../src/service/collection/shipped-collection';

const ROOT = path.resolve(__dirname, '../../../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureDebianPackages } = require(path.join(ROOT, 'scripts/vscode/apt.js')) as { ensureDebianPackages: (p: string[], log: string) => void };

const PATTERNS = [
  '[#7]',
  '[#16]',
  '[#9]',
  '[Cl,Br,I]',
  '[#15]~[#8]',
  '[#8]~[#6]~[#8]',
  '[#7]~[#6]~[#7]',
  '[#6]~[#7]~[#6]~[#8]',
  '[#6]1~[#6]~[#6]~[#6]~[#6]~[#6]~1',
  '[#6]1~[#6]~[#6]~[#6]~[#6]~1',
  '[#6]1~[#6]~[#6]~[#7]~[#6]~[#6]~1',
  '[#8]~[#6]~[#6]~[#8]',
];

describe('service: substructure search against Open Babel (an independent SMARTS matcher)', function () {
  this.timeout(240_000);
  let svc: RunningService;
  let smiFile: string;
  let readable: Set<number>;

  before(async () => {
    ensureDebianPackages(['openbabel'], path.join(ROOT, '.vscode-tools', 'apt.log'));
    const records = await loadShippedCollection();
    smiFile = path.join(tempDir('obabel'), 'records.smi');
    fs.writeFileSync(smiFile, records.map((r) => `${r.smiles}\t${r.id}\n`).join(''));
    svc = await startService({ port: 0, records: [...records] });
    readable = await obabelMatches('*');
  });
  after(async () => {
    await svc?.close();
  });

  /**
   * The record IDs (each SMILES line's title) Open Babel matches. Written as titles alone (`-otxt`): writing each
   * match's SMILES again took about 40% of a run. Asynchronous, so the service in this process keeps answering.
   */
  async function obabelMatches(smarts: string): Promise<Set<number>> {
    const { stdout } = await promisify(execFile)('obabel', ['-ismi', smiFile, '-otxt', '-s', smarts], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return new Set(
      stdout
        .split('\n')
        .filter((line) => line.trim())
        .map(Number),
    );
  }

  it('Open Babel reads the collection', () => {
    assert.ok(readable.size > 0.95 * svc.records);
  });

  for (const smarts of PATTERNS) {
    it(`${smarts}: the same records as obabel -s`, async () => {
      const ours = (await runFilter(svc.baseUrl, 'filter/substructure', { query: smarts, queryFormat: 'SMARTS' })).filter((id) => readable.has(id));
      assert.deepStrictEqual(
        ours,
        [...(await obabelMatches(smarts))].sort((a, b) => a - b),
      );
    });
  }
});
