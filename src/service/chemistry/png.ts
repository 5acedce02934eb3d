/** PNG depictions: RDKit draws SVG (labels as paths, no fonts needed), resvg (WASM) rasterises it. */
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { Once } from '../../shared/in-flight';
import { readWasm } from './wasm';

const resvgReady = new Once<void>();

/** resvg's initWasm may run once per process. */
export function loadResvg(wasmDir?: string): Promise<void> {
  return resvgReady.get(() => initWasm(readWasm('resvg', wasmDir)));
}

export function svgToPng(svg: string, size: number): Uint8Array {
  const resvg = new Resvg(svg, { background: 'white', fitTo: { mode: 'width', value: size } });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
