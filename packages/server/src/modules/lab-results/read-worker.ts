// The worker thread a structured lab upload is read in (read-isolated.ts, issue 34 item 2): it
// gets the file's bytes and the client's sex and birth date, reads the file as parse.ts does and
// posts the result back. Whatever the file makes the reader do, only this thread pays for it.
import { parentPort, workerData } from 'node:worker_threads';
import { readLabFile } from './parse.ts';
import type { LabSubject } from '@halsa/api/fhir/lab-read';

const input = workerData as {
  data: Uint8Array;
  name: string | undefined;
  subject: LabSubject | undefined;
};
const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
parentPort!.postMessage(readLabFile(data, input.name, true, input.subject));
