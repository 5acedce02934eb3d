import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { subset } from 'semver';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

/** `npm ci` warns EBADENGINE when a locked package wants a Node the project's `engines.node` allows but it does not. */
describe('declared engines', () => {
  it('every locked package runs on every Node version that engines.node allows', () => {
    const declared: string = read('package.json').engines.node;
    const packages = read('package-lock.json').packages as Record<string, { engines?: { node?: unknown } }>;
    const narrower = Object.entries(packages)
      .filter(([name, p]) => name !== '' && typeof p.engines?.node === 'string' && !subset(declared, p.engines.node as string))
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')} wants node ${String(p.engines?.node)}`);
    assert.deepStrictEqual(narrower, [], `engines.node is "${declared}"`);
  });

  it('the README states the same Node requirement', () => {
    const declared: string = read('package.json').engines.node;
    assert.ok(fs.readFileSync(path.join(root, 'README.md'), 'utf8').includes(`Node ${declared}`), `README names "Node ${declared}"`);
  });
});
