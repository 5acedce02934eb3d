/**
 * PNG depictions: RDKit draws SVG (labels as paths, no fonts needed), resvg (WASM) rasterises it, and the PNG is
 * written here with Node's zlib: resvg's own encoder (`asPng`) took longer than drawing and rasterising together,
 * and the image is most of an uncached hover's wait.
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { crc32, deflateSync } from 'zlib';
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
      return encodePng(image.pixels, image.width, image.height);
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOUR_RGBA = 6;

/**
 * An 8-bit RGBA PNG of RGBA pixels (rows top to bottom, alpha not premultiplied), rows unfiltered and deflated at
 * level 3: at 300 × 300 that takes about 0.3 ms against resvg's 4 ms, for files of about the same size (filters,
 * an RGB copy and higher levels each cost more time than the bytes they save are worth to a hover).
 */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  if (rgba.length !== width * height * 4) throw new RangeError(`${rgba.length} bytes are not ${width} × ${height} RGBA pixels`);
  const rowBytes = width * 4;
  const rows = Buffer.alloc(height * (rowBytes + 1)); // each row starts with its filter byte: 0, none
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = COLOUR_RGBA; // compression, filter method and interlace stay 0
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 3 })), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
