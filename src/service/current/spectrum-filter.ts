/** filter/spectrum (shared/beyond-the-spec.md 5): checked like every filter. */
import { checkSpectrumFilter, type SpectrumFilterBody } from '../../wire';
import type { CurrentHandler } from './handler';
import { assertValid, notFound } from '../http/problem';

export const filterSpectrum: CurrentHandler<'filterSpectrum'> = async (_ctx, req) => {
  assertValid(checkSpectrumFilter(req.body as Partial<SpectrumFilterBody>));
  throw notFound('spectrum search is not offered by this server yet');
};
