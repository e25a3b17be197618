import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteConfigError } from '../../src/diagnostics/config-error.ts';
import { hostAllowed } from '../../src/serve/host-check.ts';
import { listen } from '../../src/serve/listen.ts';

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});
const newServer = () => {
  const server = http.createServer();
  servers.push(server);
  return server;
};

describe('listen', () => {
  it('takes the next free port when the default one is taken, and says so in one line', async () => {
    const holder = newServer();
    const { port: taken } = await listen(holder, { port: 0, host: '127.0.0.1', portGiven: true, command: 'site serve' });
    const { port, note } = await listen(newServer(), { port: taken, host: '127.0.0.1', portGiven: false, command: 'site serve' });
    expect(port).toBeGreaterThan(taken);
    expect(note).toBe(`Port ${taken} is in use, so site serve uses ${port}.`);
  });

  it('refuses a taken port that was asked for, with one line naming it and what to do', async () => {
    const { port: taken } = await listen(newServer(), { port: 0, host: '127.0.0.1', portGiven: true, command: 'site preview' });
    const attempt = listen(newServer(), { port: taken, host: '127.0.0.1', portGiven: true, command: 'site preview' });
    await expect(attempt).rejects.toThrow(SiteConfigError);
    await expect(attempt).rejects.toThrow(
      `port ${taken} on 127.0.0.1 is in use by another program (perhaps another site preview): stop it, or choose another port with --port <n> (--port 0 picks a free one).`,
    );
  });

  it('says nothing when the port asked for is free', async () => {
    expect((await listen(newServer(), { port: 0, host: '127.0.0.1', portGiven: false, command: 'site serve' })).note).toBeUndefined();
  });
});

describe('hostAllowed (against DNS rebinding)', () => {
  it.each([
    'localhost',
    'localhost:4321',
    'LOCALHOST:1',
    '127.0.0.1',
    '127.0.0.1:80',
    '[::1]',
    '[::1]:4321',
    '192.168.1.20:4321',
    'localhost.',
  ])('allows %s', (host) => {
    expect(hostAllowed(host, '127.0.0.1')).toBe(true);
  });

  it.each([
    'evil.example',
    'evil.example:4321',
    'localhost.evil.example',
    '127.0.0.1.nip.io',
    'evil.example:4321@localhost',
    '',
    'local host',
    '[::1',
  ])('refuses %s', (host) => {
    expect(hostAllowed(host, '127.0.0.1')).toBe(false);
  });

  it('allows the host name the server was started with, and only that one', () => {
    expect(hostAllowed('devbox.lan:4321', 'devbox.lan')).toBe(true);
    expect(hostAllowed('other.lan:4321', 'devbox.lan')).toBe(false);
    expect(hostAllowed('[fe80::1]:4321', 'fe80::1')).toBe(true);
  });
});
