// The worker thread structured lab uploads are read in (read-isolated.ts, issue 34 item 2): it
// gets a file's bytes and the client's sex and birth date in a message, reads the file as
// parse.ts does and posts the result back, then waits for the next file (issue 38: the threads
// are kept warm, starting one per upload was most of an upload's time). Whatever a file makes the
// reader do, only this thread pays for it; a thread that fails or runs out of time is ended.
import { parentPort } from 'node:worker_threads';
import { readLabFile } from './parse.ts';
import type { LabSubject } from '@halsa/api/fhir/lab-read';

parentPort!.on(
  'message',
  (input: { data: Uint8Array; name: string | undefined; subject: LabSubject | undefined }) => {
    const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
    parentPort!.postMessage(readLabFile(data, input.name, true, input.subject));
  },
);
