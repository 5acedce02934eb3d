// A cache of generated 3D conformers (openchemlib takes seconds per compound), kept in node_modules/.cache so that
// rebuilding is quick. It is keyed by what the generator reads (openchemlib's version and the 2D MOL block), never by
// the compound: a block made from an earlier build's 2D layout is then never reused, so the output does not depend on
// the cache's history (the generator has a fixed seed). Delete the folder to regenerate.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function conformerCache(root) {
  const file = path.join(root, 'node_modules/.cache/compound-db-build/conformers-by-input.json.gz');
  const version = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/openchemlib/package.json'), 'utf8')).version;
  const entries = fs.existsSync(file) ? JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) : {};
  let unsaved = 0;
  const save = () => {
    if (!unsaved) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, zlib.gzipSync(JSON.stringify(entries)));
    unsaved = 0;
  };
  return {
    /** The cached conformer of `molBlock` (null = none could be made), or `make(molBlock)`'s, stored (saved every 10). */
    get(molBlock, make) {
      const key = crypto.createHash('sha256').update(`openchemlib ${version}\n${molBlock}`).digest('hex');
      if (!(key in entries)) {
        entries[key] = make(molBlock) ?? null;
        if (++unsaved >= 10) save();
      }
      return entries[key] ?? undefined;
    },
    save,
  };
}
