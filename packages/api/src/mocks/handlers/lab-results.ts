// Lab results (spec §7): a client's lab files, history, upload and download.
import { answer, errorResponse, HttpResponse, scenariosFor } from './utils.ts';
import { fileHandlers } from './file-history.ts';

export const labHandlers = fileHandlers(
  'labFiles',
  { list: 'labData', history: 'labHistory', upload: 'uploadLab', download: 'downloadLab' },
  'LAB_RESULT_UPLOADED',
);

export const labScenarios = {
  ...scenariosFor(['labData', 'labHistory', 'uploadLab', 'downloadLab']),
  /** No lab files. */
  empty: [
    answer('labData', () => HttpResponse.json([])),
    answer('labHistory', () => HttpResponse.json([])),
  ],
  /** Upload fails without a message (→ 'Något gick fel' on screen). */
  uploadFailure: [answer('uploadLab', () => errorResponse(500))],
  /** Upload refused: 413 'Filen är för stor.' */
  uploadTooLarge: [answer('uploadLab', () => errorResponse(413, 'Filen är för stor.'))],
};
