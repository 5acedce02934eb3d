/**
 * The entropy term of a matched pair read from a table instead of computed with logarithms. A pair of halved weighted
 * intensities a (query) and b (library) adds (a + b) ln(a + b) − a ln a − b ln b nats to a spectrum's score. With
 * v = ln b − ln a that is a · H(v), where H(v) = ln(1 + e^v) + e^v · ln(1 + e^−v) is one smooth function for every
 * pair (0 < H' < 1; H → 0 as v → −∞, H ≈ v + 1 as v → ∞). ln b is kept with the index and ln a taken once per query
 * peak, so a pair costs a subtraction and a cubic through four table points a 32nd apart, within 2e-9 of H (the unit
 * test checks it over the whole range); outside the table's range (|v| ≥ 32: intensities 10^14 apart, which cleaning
 * does not leave) H is computed.
 */
const STEPS_PER_UNIT = 32;
const V_MIN = -32;
const V_MAX = 32;
const INTERVALS = (V_MAX - V_MIN) * STEPS_PER_UNIT;

/** ln(1 + e^x) without overflow or loss for large |x|. */
function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/** H(v) computed, for the table's points and outside its range. */
export function entropyTermExact(v: number): number {
  return softplus(v) + Math.exp(v) * softplus(-v);
}

/** Per interval [v_i, v_i + step): the cubic's four coefficients, in powers of the fraction of the step. */
const COEFFICIENTS = (() => {
  const c = new Float64Array(4 * INTERVALS);
  const point = (k: number) => entropyTermExact(V_MIN + k / STEPS_PER_UNIT);
  for (let i = 0; i < INTERVALS; i++) {
    const p0 = point(i - 1);
    const p1 = point(i);
    const p2 = point(i + 1);
    const p3 = point(i + 2);
    c[4 * i] = p1;
    c[4 * i + 1] = -p0 / 3 - p1 / 2 + p2 - p3 / 6;
    c[4 * i + 2] = p0 / 2 - p1 + p2 / 2;
    c[4 * i + 3] = (p3 - p0) / 6 + (p1 - p2) / 2;
  }
  return c;
})();

/** H(v): a matched pair's term in nats is a · entropyTerm(ln b − ln a). */
export function entropyTerm(v: number): number {
  const t = (v - V_MIN) * STEPS_PER_UNIT;
  if (!(t >= 0 && t < INTERVALS)) return entropyTermExact(v);
  const i = t | 0;
  const f = t - i;
  const at = 4 * i;
  const c = COEFFICIENTS;
  return c[at] + f * (c[at + 1] + f * (c[at + 2] + f * c[at + 3]));
}
