// A cache of generated 3D conformers (openchemlib takes seconds per compound), keyed by InChIKey, kept in
// node_modules/.cache so that rebuilding is quick; the generator has a fixed seed, so a cached block is the block a
// fresh run would make. Delete the folder to regenerate.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function conformerCache(root) {
  const file = path.join(root, 'node_modules/.cache/compound-db-build/conformers.json.gz');
  const entries = fs.existsSync(file) ? JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) : {};
  let unsaved = 0;
  const save = () => {
    if (!unsaved) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, zlib.gzipSync(JSON.stringify(entries)));
    unsaved = 0;
  };
  return {
    /** The cached block of `key` (null = no conformer could be made), or `make()`'s, stored (saved every 10). */
    get(key, make) {
      if (!(key in entries)) {
        entries[key] = make() ?? null;
        if (++unsaved >= 10) save();
      }
      return entries[key] ?? undefined;
    },
    save,
  };
}
