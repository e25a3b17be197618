import { parentPort, workerData } from 'node:worker_threads';
import { writeStagedFileSync } from '../output/write.ts';
import type { WriteReply, WriteRequest } from './page-writer.ts';

/** The thread of `page-writer.ts`: writes each page it is sent into the staging folder, in turn, and answers with its stamp. */
const { dir } = workerData as { dir: string };
parentPort!.on('message', ({ id, path, bytes }: WriteRequest) => {
  let reply: WriteReply;
  try {
    reply = { id, stamp: writeStagedFileSync(dir, { path, contents: bytes }) };
  } catch (thrown) {
    const { message, code, syscall, path: file } = thrown as NodeJS.ErrnoException;
    reply = { id, error: { message, code, syscall, path: file } };
  }
  parentPort!.postMessage(reply);
});
