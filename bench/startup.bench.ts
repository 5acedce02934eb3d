/**
 * `npm run serve` start-up when the build is current (bin/compound-db.js compiles only when a source changed):
 * time from spawning `npm run serve` to the service's "listening" line, in fresh processes; and the same for
 * `node out/src/service/cli.js` to show what npm and the freshness check add.
 */
import { spawn } from 'child_process';
import * as path from 'path';

const root = path.resolve(__dirname, '..', '..');

function timeToListening(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (/records, .* loaded in/.test(out)) {
        resolve(performance.now() - started);
        child.kill();
      }
    });
    child.on('exit', (code) => reject(new Error(`exited ${code} before listening: ${out.slice(-300)}`)));
  });
}

(async () => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const serve: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < 5; i++) {
    serve.push(await timeToListening(npm, ['run', 'serve', '--silent', '--', '--port', '0']));
    direct.push(await timeToListening(process.execPath, ['out/src/service/cli.js', '--port', '0']));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log('Start-up to listening with the shipped collection, build current, 5 runs each (interleaved):');
  console.log(`  npm run serve:              median ${median(serve).toFixed(0)} ms (${serve.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(`  node out/src/service/cli.js: median ${median(direct).toFixed(0)} ms (${direct.map((x) => x.toFixed(0)).join(', ')})`);
})().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
