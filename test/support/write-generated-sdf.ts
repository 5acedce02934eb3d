/**
 * `node write-generated-sdf.js FILE COUNT [ID...]`: writes a generated SDF (structure-files.ts) and prints
 * `{"bytes": N, "names": [...]}`, the names of the records asked for. Run in its own process by the VS Code suite, so
 * the extension host whose memory the grid bench weighs never holds the shipped collection the records come from.
 */
import { generatedRecord, writeGeneratedSdf } from './structure-files';

const [file, count, ...ids] = process.argv.slice(2);
const bytes = writeGeneratedSdf(file, Number(count));
const names = ids.map((id) => generatedRecord(Number(id), 0).split('\n', 1)[0]);
process.stdout.write(JSON.stringify({ bytes, names }));
