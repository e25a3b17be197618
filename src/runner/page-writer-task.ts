import { threadId } from 'node:worker_threads';
import { writeStagedFileSync } from '../output/write.ts';
import type { Task, TaskResults, WriteReply, WriteRequest } from './protocol.ts';

/**
 * A worker's side of `page-writer.ts`: from this `write` task on, the worker writes each page that
 * comes on the task's port into the staging folder, in turn, and answers with its stamp. The task
 * itself ends at once, so the pool sees an idle worker (which does not keep the process alive);
 * the port carries the pages until the writer closes it.
 */
export function becomePageWriter({ dir, port }: Extract<Task, { kind: 'write' }>): TaskResults['write'] {
  port.on('message', ({ id, path, bytes }: WriteRequest) => {
    let reply: WriteReply;
    try {
      reply = { id, stamp: writeStagedFileSync(dir, { path, contents: bytes }) };
    } catch (thrown) {
      const { message, code, syscall, path: file } = thrown as NodeJS.ErrnoException;
      reply = { id, error: { message, code, syscall, path: file } };
    }
    port.postMessage(reply);
  });
  port.once('close', () => port.removeAllListeners());
  return { thread: threadId };
}
