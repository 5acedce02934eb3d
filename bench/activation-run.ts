/**
 * One activation in a fresh process (spawned by extension.bench.ts): loads dist/extension.js with the stand-in
 * `vscode` module and runs activate(); prints the extension's own figures (bundle load to end of activate, wall and CPU)
 * and the bundle files activation read (dist/extension.js and the parts it requires at once) as JSON.
 */
import * as fs from 'fs';
import Module from 'module';
import * as path from 'path';
import { standInContext, vscodeStandIn } from './vscode-stand-in';

const root = path.resolve(__dirname, '..', '..');
const standIn = vscodeStandIn();
const loader = Module as unknown as { _load: (this: unknown, request: string, parent: unknown, isMain: boolean) => unknown };
const original = loader._load;
loader._load = function (request, parent, isMain) {
  return request === 'vscode' ? standIn : original.call(this, request, parent, isMain);
};

const load = Module.createRequire(__filename);
const before = new Set(Object.keys(load.cache));
const started = performance.now();
const extension = load(path.join(root, 'dist', 'extension.js')) as {
  activate(context: unknown): { activationMs: number; activationCpuMs: number };
};
const context = standInContext(root);
const api = extension.activate(context);
const outerMs = performance.now() - started;
const read = Object.keys(load.cache).filter((f) => !before.has(f));
const readBytes = read.reduce((n, f) => n + fs.statSync(f).size, 0);
for (const d of context.subscriptions as Array<{ dispose(): unknown }>) d.dispose();
process.stdout.write(
  JSON.stringify({ activationMs: api.activationMs, activationCpuMs: api.activationCpuMs, outerMs, files: read.length, readBytes }),
);
process.exit(0);
