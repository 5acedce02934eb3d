/**
 * `compound-db resolve … | head -1` through a real pipe closed early: the command stops its requests as soon as its
 * reader has gone, exits 141 with the one documented line on stderr (no stack trace), and the answers it journaled
 * stay usable: the same run started again with the cache finishes the list.
 */
import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { DEV_API_KEY, startService, type RunningService } from '../../../src/service';
import { STDOUT_CLOSED_EXIT } from '../../../src/cli/main';
import { RESOLVE_HEADER } from '../../../src/client';
import { tempDir } from '../../support/temp';

const BIN = path.resolve(__dirname, '../../../../bin/compound-db.js');
const ROWS = 500;

function shell(script: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  const child = spawn('bash', ['-c', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr, ms: performance.now() - started })));
}

describe('compound-db resolve into a pipe closed early', function () {
  this.timeout(180_000);
  let service: RunningService;
  let dir: string;

  before(async () => {
    service = await startService({ port: 0, rateLimitPerMinute: 1_000_000 });
    dir = tempDir('cli-epipe');
    fs.writeFileSync(path.join(dir, 'in.txt'), Array.from({ length: ROWS }, (_, i) => `no-such-compound-${i}`).join('\n'));
  });
  after(async () => {
    await service?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(`stops at once, exits ${STDOUT_CLOSED_EXIT} with one line on stderr, and its cache resumes the list`, async () => {
    const env = { COMPOUND_DB_API_KEY: DEV_API_KEY, COMPOUND_DB_TOKEN: '' };
    const common = `--cache ${JSON.stringify(path.join(dir, 'cache'))} --server ${service.baseUrl} --rate 40`;
    const cut = await shell(
      `cd ${JSON.stringify(dir)} && node ${JSON.stringify(BIN)} resolve in.txt ${common} | head -1; echo "exit \${PIPESTATUS[0]}" >&2`,
      env,
    );
    const lines = cut.stderr.trimEnd().split('\n');
    console.log(`      | head -1: ${cut.ms.toFixed(0)} ms, stderr ${JSON.stringify(lines)}`);
    assert.strictEqual(cut.stdout, RESOLVE_HEADER);
    assert.deepStrictEqual(lines, ['compound-db: stopped: standard output was closed by its reader (EPIPE)', `exit ${STDOUT_CLOSED_EXIT}`]);
    // At 40 requests a second the whole list takes 40 s; the command stopped with its first rows.
    assert.ok(cut.ms < 30_000, `it ran ${cut.ms} ms after its reader had gone`);

    const whole = await shell(
      `cd ${JSON.stringify(dir)} && node ${JSON.stringify(BIN)} resolve in.txt out.csv ${common.replace('--rate 40', '--rate 10000')}`,
      env,
    );
    assert.strictEqual(whole.status, 0, whole.stderr);
    const out = fs.readFileSync(path.join(dir, 'out.csv'), 'utf8').trimEnd().split('\n');
    assert.strictEqual(out.length, ROWS + 1);
    assert.ok(
      out.slice(1).every((row) => row.includes(',not_found,')),
      out.slice(0, 3).join('\n'),
    );
    const summary = whole.stderr.trim().split('\n').pop() ?? '';
    console.log(`      the run again with the cache: ${summary}`);
    // An unknown name costs three requests (filter, status, results); the answers journaled before the pipe closed are not asked again.
    const requests = Number(/(\d+) requests/.exec(summary)?.[1]);
    assert.ok(requests < 3 * ROWS, summary);
  });
});
