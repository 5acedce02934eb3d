/** Reading spectra: MGF, MSP, mzML (streamed) and pasted peak lists. */
export { READ_LIMITS, type ParsedSpectrum, type SpectrumFormat, type SpectrumItem, type SpectrumReadError, type SpectrumReader } from './types';
export { formatOfName, formatOfText, parseSpectra, readSpectraFile, spectrumReader } from './read';
