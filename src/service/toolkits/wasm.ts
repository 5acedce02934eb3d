/** Where the chemistry WASM binaries live: beside a bundle (`wasmDir`) or in node_modules. */
import * as fs from 'fs';
import * as path from 'path';

export interface WasmFile {
  /** npm package name. */
  packageName: string;
  /** Path of the file inside its package. */
  source: string;
  /** File name beside the bundle (what `wasmDir` must hold). */
  fileName: string;
}

/** Every WASM file the chemistry layer loads; the extension's bundler copies these into its `wasmDir`. */
export const WASM_FILES: readonly WasmFile[] = [
  { packageName: '@rdkit/rdkit', source: 'dist/RDKit_minimal.wasm', fileName: 'RDKit_minimal.wasm' },
  { packageName: 'indigo-ketcher', source: 'indigo-ketcher-norender-1.46.0.wasm', fileName: 'indigo-ketcher-norender-1.46.0.wasm' },
  { packageName: '@resvg/resvg-wasm', source: 'index_bg.wasm', fileName: 'index_bg.wasm' },
];

export type WasmName = 'rdkit' | 'indigo' | 'resvg';
const INDEX: Record<WasmName, number> = { rdkit: 0, indigo: 1, resvg: 2 };

/** Root folder of an installed package, found along node's lookup paths (their `exports` maps hide package.json). */
export function packageRoot(packageName: string): string {
  for (const dir of require.resolve.paths(packageName) ?? []) {
    const root = path.join(dir, packageName);
    if (fs.existsSync(path.join(root, 'package.json'))) return root;
  }
  throw new Error(`package ${packageName} is not installed`);
}

/**
 * `wasmDir` when given; else beside this code when it runs from a bundle (the bundler copies the files next to
 * it); else the installed package.
 */
export function wasmPath(name: WasmName, wasmDir?: string): string {
  const file = WASM_FILES[INDEX[name]];
  if (wasmDir) return path.join(wasmDir, file.fileName);
  const beside = path.join(__dirname, file.fileName);
  return fs.existsSync(beside) ? beside : path.join(packageRoot(file.packageName), file.source);
}

export function readWasm(name: WasmName, wasmDir?: string): Buffer {
  return fs.readFileSync(wasmPath(name, wasmDir));
}
