/** Wire formulas are TeX-like (`C_{9}H_{8}O_{4}`, contract 1.3): plain text for copying, subscripts for labels. */
export { plainFormula, prettyFormula } from '../../wire';
