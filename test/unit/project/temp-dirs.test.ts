/** The tests' temporary folders are removed however a test process ends: at exit, and when a signal stops it. */
import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const TEMP_MODULE = path.resolve(__dirname, '..', '..', 'support', 'temp.js');

describe('test temp folders', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`are removed when ${signal} stops the process, which still ends by that signal`, async () => {
      const script = `const d = require(${JSON.stringify(TEMP_MODULE)}).tempDir('signal-check'); require('fs').writeFileSync(d + '/file', 'x'); console.log(d); setInterval(() => {}, 1000);`;
      const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      const dir = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
      assert.ok(fs.existsSync(path.join(dir, 'file')), 'the folder was made');
      const ended = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, s) => resolve(s)));
      child.kill(signal);
      assert.strictEqual(await ended, signal);
      assert.ok(!fs.existsSync(dir), `${dir} is gone`);
    });
  }
});
