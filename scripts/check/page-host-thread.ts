/** The page host's thread (see page-host.ts): serves `workerData.distDir` and answers its parent's requests in order. */
import { parentPort, workerData } from 'node:worker_threads';
import { serveStatic } from '../../tests/e2e/static-server.ts';
import { startCompressingProxy } from './compressing-proxy.ts';

export type HostRequest = { type: 'start' } | { type: 'bytes' } | { type: 'close' };
export type HostReply = { type: 'started'; url: string } | { type: 'bytes'; entries: Array<[string, number]> } | { type: 'closed' };

const { distDir } = workerData as { distDir: string };
let host: { server: Awaited<ReturnType<typeof serveStatic>>; proxy: Awaited<ReturnType<typeof startCompressingProxy>> } | undefined;

parentPort!.on('message', async (request: HostRequest) => {
  const reply = (message: HostReply) => parentPort!.postMessage(message);
  if (request.type === 'start') {
    const server = await serveStatic(distDir);
    host = { server, proxy: await startCompressingProxy(server.url) };
    reply({ type: 'started', url: host.proxy.url });
  } else if (request.type === 'bytes') {
    reply({ type: 'bytes', entries: [...(host?.proxy.bodyBytes ?? new Map())] });
  } else {
    await host?.proxy.close();
    await host?.server.close();
    reply({ type: 'closed' });
  }
});
