/**
 * A built site served to Lighthouse as the checks see it: the static server with the build's
 * headers (tests/e2e/static-server.ts) behind the gzip proxy (compressing-proxy.ts), both in a
 * thread of their own. In the thread that runs Lighthouse, each response waited for Lighthouse's
 * own work on the trace it was recording: on this 2-core machine under load the document of the
 * home page came after 147 ms instead of 28, and Lantern, which takes each origin's server
 * response time from the observed responses, added that wait to the document and to the largest
 * image alike (docs/performance-history.md, "The favicon and the client entry").
 */
import { Worker } from 'node:worker_threads';
import type { HostReply, HostRequest } from './page-host-thread.ts';

export interface PageHost {
  /** The proxy's origin, e.g. `http://127.0.0.1:41733`. */
  url: string;
  /** The body bytes sent so far, by request path (see startCompressingProxy). */
  bodyBytes(): Promise<ReadonlyMap<string, number>>;
  close(): Promise<void>;
}

export async function startPageHost(distDir: string): Promise<PageHost> {
  const worker = new Worker(new URL('./page-host-thread.ts', import.meta.url), { workerData: { distDir } });
  const replies: Array<(reply: HostReply) => void> = [];
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  worker.on('message', (reply: HostReply) => replies.shift()?.(reply));
  const ask = (request: HostRequest) =>
    Promise.race([
      failed,
      new Promise<HostReply>((resolve) => {
        replies.push(resolve);
        worker.postMessage(request);
      }),
    ]);
  const started = await ask({ type: 'start' });
  if (started.type !== 'started') throw new Error(`page host: expected started, got ${started.type}`);
  return {
    url: started.url,
    async bodyBytes() {
      const reply = await ask({ type: 'bytes' });
      return new Map(reply.type === 'bytes' ? reply.entries : []);
    },
    async close() {
      await ask({ type: 'close' });
      await worker.terminate();
    },
  };
}
