/**
 * Whether the InChI library reads every wedged stereocentre of a 2D V2000 block as a configuration. Its rules for 2D
 * input (IUPAC InChI 1.04, `ichister.c`: `Get2DTetrahedralAmbiguity` and the planarity checks before it) call a centre
 * "undefined" when its wedges and bond directions do not pin a tetrahedron: in a crowded cage the layout can put the
 * wedged bond between two near-opposite plain bonds, or a plain bond on the far side of two wedges. RDKit reads such
 * wedges as meant, other readers (Open Babel, anything on the InChI library) do not, so a block is checked before use.
 *
 * Only the narrow end of a wedge counts, as in the InChI library; a centre with three drawn neighbours has its implicit
 * hydrogen or lone pair added by the library and is judged on the three. A wedged centre with a bond shorter than a fifth
 * of the block's median bond length (a layout that collapsed atoms onto each other, as CoordGen does in some cages)
 * also fails: the library's own limit there (3%) is lax, and other readers (Open Babel) give up sooner.
 */

const MIN_ANGLE = 0.1; // radians (5.73 degrees)
const MIN_SINE = 0.03;
/** Two in-plane bonds with a wedge up and one down between them: undefined within pi +/- 2 asin(1/sqrt 8). */
const IN_PLANE_PI_MAX_DIFF = 2 * Math.atan2(1, Math.sqrt(7));
const TWO_PI = 2 * Math.PI;

type Vector = [number, number, number];

interface Neighbour {
  direction: Vector;
  length: number;
  /** +1 wedge up from the centre, -1 hashed wedge down, 0 plain or pointing at the centre. */
  wedge: number;
}

/** False when some wedged centre of the block is one the InChI library reads as undefined; true for V3000 or 3D blocks. */
export function wedgesReadUnambiguously(block: string): boolean {
  const lines = block.split('\n');
  const counts = lines[3] ?? '';
  if (!/V2000/.test(counts)) return true;
  const atomCount = Number(counts.slice(0, 3));
  const bondCount = Number(counts.slice(3, 6));
  const coords = lines.slice(4, 4 + atomCount).map((l) => [Number(l.slice(0, 10)), Number(l.slice(10, 20)), Number(l.slice(20, 30))]);
  if (coords.some((c) => Math.abs(c[2]) > 1e-6)) return true;
  const neighbours: Neighbour[][] = coords.map(() => []);
  const wedged = new Set<number>();
  const lengths: number[] = [];
  for (const line of lines.slice(4 + atomCount, 4 + atomCount + bondCount)) {
    const a = Number(line.slice(0, 3)) - 1;
    const b = Number(line.slice(3, 6)) - 1;
    const stereo = Number(line.slice(9, 12));
    const wedge = stereo === 1 ? 1 : stereo === 6 ? -1 : 0;
    if (!coords[a] || !coords[b]) continue;
    const length = Math.hypot(coords[b][0] - coords[a][0], coords[b][1] - coords[a][1]);
    neighbours[a].push({ direction: unit(coords[a], coords[b], wedge), length, wedge });
    neighbours[b].push({ direction: unit(coords[b], coords[a], 0), length, wedge: 0 });
    lengths.push(length);
    if (wedge !== 0) wedged.add(a);
  }
  const median = lengths.sort((x, y) => x - y)[Math.floor(lengths.length / 2)] ?? 0;
  const evenBonds = (around: readonly Neighbour[]) => around.every((n) => n.length >= median / 5);
  return [...wedged].every((centre) => evenBonds(neighbours[centre]) && centreIsDefined(neighbours[centre]));
}

/** The bond from `from` to `to` as a unit vector, raised out of the plane as the InChI library does for a wedge. */
function unit(from: number[], to: number[], wedge: number): Vector {
  const x = to[0] - from[0];
  const y = to[1] - from[1];
  const flat = Math.hypot(x, y);
  const length = Math.hypot(flat, wedge * flat) || 1;
  return [x / length, y / length, (wedge * flat) / length];
}

function centreIsDefined(around: readonly Neighbour[]): boolean {
  if (around.length !== 3 && around.length !== 4) return true; // not a tetrahedral centre the library judges in 2D
  const vectors = around.map((n) => n.direction);
  if (around.length === 3 ? minAbsSine(vectors) <= MIN_SINE : fourInOnePlane(vectors)) return false;
  return !tetrahedralAmbiguity(around);
}

/** Get2DTetrahedralAmbiguity's "undefined" verdict. */
function tetrahedralAmbiguity(around: readonly Neighbour[]): boolean {
  const n = around.length;
  let types = around.map((a) => a.wedge);
  let up = types.filter((t) => t > 0).length;
  let down = types.filter((t) => t < 0).length;
  if (up < down) {
    types = types.map((t) => -t);
    [up, down] = [down, up];
  }
  if (up === 0) return true;
  const angle = around.map((a) => positive(Math.atan2(a.direction[1], a.direction[0])));
  const order = angle.map((_, i) => i).sort((i, j) => angle[i] - angle[j]);
  // The longest run of up bonds going round the centre.
  let first = 0;
  let runLength = up === n ? n : 0;
  if (up < n) {
    let current = 0;
    let start = 0;
    for (let i = 0; i < n || current > 0; i++) {
      if (types[order[i % n]] > 0) {
        if (current === 0) start = i % n;
        current++;
      } else if (current > 0) {
        if (current > runLength) [first, runLength] = [start, current];
        current = 0;
      }
    }
  }
  const turned = (k: number) => positive(angle[order[(first + k) % n]] - angle[order[first]]);
  const typeAt = (k: number) => types[order[(first + k) % n]];
  if (n === 3) {
    if (up === 1) return down > 0 || Math.abs(positive(turned(2) - turned(1)) - Math.PI) <= MIN_ANGLE;
    if (up === 2 && down > 0) {
      const alpha = positive(turned(1) - turned(0));
      if (alpha > Math.PI - MIN_ANGLE) return false;
      if (alpha < TWO_PI / 3 - MIN_ANGLE) return true;
      const bisector = positive((turned(0) + turned(1)) / 2 - Math.PI);
      const limit = alpha < TWO_PI / 3 + MIN_ANGLE ? (MIN_ANGLE * 3) / 2 : (alpha * 3) / 2 - Math.PI;
      return Math.abs(bisector - turned(2)) > limit;
    }
    return false;
  }
  if (up === 1) return down > 0 && typeAt(2) < 0 && Math.abs(positive(turned(3) - turned(1)) - Math.PI) < IN_PLANE_PI_MAX_DIFF + MIN_ANGLE;
  if (up === 2) {
    if (runLength === 1) return false;
    const outer = Math.abs(TWO_PI - (turned(3) - turned(0)));
    const inner = Math.abs(turned(2) - turned(1));
    return !((outer < 2e-6 && inner > MIN_ANGLE) || (inner < 2e-6 && outer > MIN_ANGLE));
  }
  return up === 4;
}

function positive(angle: number): number {
  return angle < 0 ? angle + TWO_PI : angle;
}

function cross(a: Vector, b: Vector): Vector {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** The sine of the angle between c and the plane of a and b. */
function sine(a: Vector, b: Vector, c: Vector): number {
  const ab = cross(a, b);
  const lengths = Math.hypot(...ab) * Math.hypot(...c);
  return lengths > 1e-7 ? (ab[0] * c[0] + ab[1] * c[1] + ab[2] * c[2]) / lengths : 0;
}

function minAbsSine([a, b, c]: Vector[]): number {
  return Math.min(Math.abs(sine(a, b, c)), Math.abs(sine(b, c, a)), Math.abs(sine(c, a, b)));
}

function fourInOnePlane(points: Vector[]): boolean {
  let least = Infinity;
  points.forEach((origin, k) => {
    const edges = points.filter((_, i) => i !== k).map((p) => [p[0] - origin[0], p[1] - origin[1], p[2] - origin[2]] as Vector);
    least = Math.min(least, minAbsSine(edges));
  });
  return least <= MIN_SINE;
}
