import type http from 'node:http';
import { SiteConfigError } from '../diagnostics/config-error.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

/** How many ports after the default one are tried when it is taken and no port was asked for. */
const PORTS_TRIED = 20;

export interface ListenOptions {
  port: number;
  host: string;
  /** True when the user named the port (`--port`): then a taken port is an error, never another port. */
  portGiven: boolean;
  /** The command's name, for the message (`site serve`, `site preview`). */
  command: string;
}

/**
 * Starts listening. A port the user named that is taken is one line saying what to do (a
 * `SiteConfigError`: printed without a stack, exit 1). The default port taken, the next free one
 * is used, as Vite does, and `note` says so in one line.
 */
export async function listen(server: http.Server, options: ListenOptions): Promise<{ port: number; note?: string }> {
  const last = options.portGiven || options.port === 0 ? options.port : Math.min(options.port + PORTS_TRIED, 65535);
  for (let port = options.port; port <= last; port++) {
    const error = await tryListen(server, port, options.host);
    if (!error) {
      const bound = (server.address() as { port: number }).port;
      return {
        port: bound,
        note: port === options.port ? undefined : `Port ${options.port} is in use, so ${options.command} uses ${bound}.`,
      };
    }
    if (error.code === 'EADDRINUSE' && port < last) continue;
    throw new SiteConfigError(listenFailure(error, port, options));
  }
  throw new Error('unreachable');
}

function tryListen(server: http.Server, port: number, host: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      resolve(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(undefined);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** One line: what went wrong with which port or address, and what to do about it. */
function listenFailure(error: NodeJS.ErrnoException, port: number, { host, portGiven, command }: ListenOptions): string {
  if (error.code === 'EADDRINUSE') {
    return portGiven
      ? phrase('listen-port-in-use', { port, host, command })
      : phrase('listen-ports-in-use', { first: port - PORTS_TRIED, last: port, host, command });
  }
  if (error.code === 'EACCES') return phrase('listen-privileged-port', { port, host });
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return phrase('listen-no-such-address', { host });
  return phrase('listen-failed', { host, port, reason: error.message });
}
