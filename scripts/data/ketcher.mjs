// The named structure libraries bundled (as SDF strings) inside the npm package ketcher-react.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** Unpacks `npm pack ketcher-react@version` into a temp folder (nothing is installed) and returns its dist bundle. */
export function readKetcherBundle(version) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ketcher-react-'));
  try {
    const tgz = execFileSync('npm', ['pack', `ketcher-react@${version}`, '--silent', '--pack-destination', tmp], { encoding: 'utf8' }).trim().split('\n').pop();
    execFileSync('tar', ['xzf', path.join(tmp, tgz), '-C', tmp, 'package/dist/index.js', 'package/package.json'], { stdio: 'ignore' });
    const pkg = JSON.parse(fs.readFileSync(path.join(tmp, 'package/package.json'), 'utf8'));
    const licensePath = path.join(tmp, 'package/LICENSE');
    return {
      version: pkg.version,
      license: pkg.license,
      licenseText: fs.existsSync(licensePath) ? fs.readFileSync(licensePath, 'utf8') : '',
      bundle: fs.readFileSync(path.join(tmp, 'package/dist/index.js'), 'utf8'),
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** String constants of the bundle that hold SDF text: [{variable, text}]. */
export function sdfStringsOf(bundle) {
  const found = [];
  const re = /(?:var|const|let)\s+([A-Za-z_$][\w$]*)\s*=\s*"((?:[^"\\]|\\.)*?M {2}END(?:[^"\\]|\\.)*)"/g;
  for (let m; (m = re.exec(bundle)); ) found.push({ variable: m[1], text: JSON.parse(`"${m[2]}"`) });
  return found;
}

/** SDF entries: [{molfile, fields: {group, name, abbreviation, ...}}]. */
export function sdfEntries(text) {
  return text
    .split(/^\$\$\$\$\r?\n?/m)
    .filter((chunk) => chunk.includes('M  END'))
    .map((chunk) => {
      const end = chunk.indexOf('M  END') + 'M  END'.length;
      const molfile = `${chunk.slice(0, end)}\n`;
      const fields = {};
      for (const m of chunk.slice(end).matchAll(/^>\s*<([^>]+)>[^\n]*\n([\s\S]*?)(?=\n\s*\n|\n>|$)/gm)) fields[m[1]] = m[2].trim();
      return { molfile, fields };
    });
}
