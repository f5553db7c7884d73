/**
 * MALDI-TOF spectrum readers: Bruker flex folders (fid + acqu), zips of them (one spot or a plate),
 * mzML and text spectra, each checked and every problem reported as a bilingual
 * {@link SpectrumFileError} naming the file; plus the shared MALDI data sets and the built-in library.
 */
export { SpectrumFileError, formatBytes, type SpectrumProblem } from './errors';
export { DEFAULT_LIMITS, type MaldiSpectrum, type SpectrumFormat, type SpectrumLimits } from './types';
export { checkSpectrum, classifySpectrum } from './validate';
export { findFlexFolders, flexCalibration, parseAcqu, parseFlex, readFlexFolder, tofToMz, type FlexCalibration } from './flex';
export { formatMzml, parseMzml, type MzmlWriteOptions } from './mzml';
export { parseMzxml } from './mzxml';
export { formatSpectrumText, parseSpectrumText, type TextReadOptions } from './text';
export { parseSpectrumZip, SPECTRUM_FILE_ENDINGS } from './zip';
export { acceptedFormats, detectUploadFormat, parseSpectrumUpload, readSpectra, type UploadFormat } from './read';
export {
  buildBuiltinLibrary,
  readCitrobacterRki,
  readCsvRows,
  readMaldiquantExamples,
  readYangDecoys,
  readYangMixtures,
  readYangReferences,
  RKI_SOURCE,
  splitCsvLine,
  YANG_SOURCE,
} from './datasets';
export { BACTERIAMSLF_DIR, BACTERIAMSLF_SOURCE, parseGeneWeights, parseProteinTable, readBacteriaMslf } from './bacteriamslf';
