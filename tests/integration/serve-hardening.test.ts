import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, stopDevServer } from '../e2e/global-setup.ts';
import { rawRequest } from '../helpers/http.ts';

/** `site serve` on the small fixture site, attacked and prodded with raw requests. */
describe('site serve answers hostile and unusual requests sanely', () => {
  let server: { child: ChildProcess; url: string };
  const get = (path: string, headers = {}) => rawRequest(server.url, 'GET', path, headers);

  beforeAll(async () => {
    server = await startDevServer(['serve', '--port', '0', '--content', 'tests/fixtures/small-site/content']);
  }, 120_000);
  afterAll(async () => {
    if (server) await stopDevServer(server.child);
  });

  it.each([
    '/../package.json',
    '/../../../../etc/passwd',
    '/%2e%2e/package.json',
    '/%2e%2e%2fpackage.json',
    '/..%2fpackage.json',
    '/images/..%2f..%2fpackage.json',
    '/%252e%252e/package.json',
    '/%252e%252e%252fpackage.json',
    '/..%5cpackage.json',
    '/%5c..%5cpackage.json',
    '/..\\package.json',
    '/images\\..\\..\\package.json',
    '/%00',
    '/package.json%00.html',
    '/a%00b',
    '//etc/passwd',
    '/etc/passwd',
    '/src/serve.ts',
    '/templates/site.ts',
    '/_headers',
    '/%E0%A4%A',
    '/%',
  ])('serves nothing outside the build: %s', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const body = response.body.toString();
    expect(body).not.toContain('"devDependencies"');
    expect(body).not.toContain('root:x:0:0');
    expect(body).not.toContain('startServer');
    expect(body).not.toContain('Content-Security-Policy:');
  });

  it('refuses an absolute-form request target that climbs, without leaving the build', async () => {
    const response = await get(`${server.url}/../package.json`);
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('"devDependencies"');
  });

  it.each(['/', '/about/company', '/nowhere', '/__site/events', '/__site/live-reload.js'])(
    'refuses %s to a request addressed to another host name (DNS rebinding), with a short explanation',
    async (path) => {
      for (const host of ['evil.example', `evil.example:${new URL(server.url).port}`]) {
        const response = await get(path, { host });
        expect(response.status, host).toBe(403);
        expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(response.body.toString()).toMatch(
          /^Blocked request: this server answers only requests addressed to localhost, an IP address or 127\.0\.0\.1, and this one was addressed to "evil\.example(:\d+)?"\. /,
        );
        expect(response.body.toString()).not.toMatch(/<html|data:/i);
      }
    },
  );

  it.each(['localhost', '127.0.0.1', '[::1]'])('answers a request addressed to %s, on any port', async (name) => {
    for (const host of [name, `${name}:${new URL(server.url).port}`, `${name}:1`])
      expect((await get('/about/company', { host })).status, host).toBe(200);
  });

  it('sends the security headers with every answer, errors included', async () => {
    for (const response of [
      await get('/'),
      await get('/nowhere'),
      await rawRequest(server.url, 'DELETE', '/'),
      await get(`/${'a'.repeat(9000)}`),
    ]) {
      expect(response.headers['content-security-policy'], String(response.status)).toMatch(/default-src 'none'/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
    }
  });

  it('answers HEAD like GET without the body', async () => {
    const [head, full] = [await rawRequest(server.url, 'HEAD', '/about/company'), await get('/about/company')];
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(full.body.byteLength);
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers['content-security-policy']).toBe(full.headers['content-security-policy']);
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const full = await get('/');
    const size = full.body.byteLength;
    const part = await get('/', { range: 'bytes=10-109' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${size}`);
    expect(part.body.equals(full.body.subarray(10, 110))).toBe(true);
    const tail = await get('/', { range: 'bytes=-20' });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(full.body.subarray(size - 20))).toBe(true);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const size = (await get('/')).body.byteLength;
    const response = await get('/', { range: `bytes=${size}-` });
    expect(response.status).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('answers several ranges, a malformed range or a stale If-Range with the whole file', async () => {
    const full = await get('/');
    for (const headers of [{ range: 'bytes=0-9,20-29' }, { range: 'bytes=oops' }, { range: 'bytes=0-9', 'if-range': '"stale"' }]) {
      const response = await get('/', headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.body.equals(full.body)).toBe(true);
    }
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const { headers } = await get('/contact');
    const response = await get('/contact', { 'if-none-match': headers.etag });
    expect(response.status).toBe(304);
    expect(response.body.byteLength).toBe(0);
  });

  it('refuses a very long URL with 414, a head over 16 KB with 431 or a closed connection, and keeps serving', async () => {
    expect((await get(`/${'a'.repeat(9_000)}`)).status).toBe(414);
    expect((await get(`/${'%2e'.repeat(3_000)}`)).status).toBe(414);
    // Node's parser answers 431 and drops the connection, sometimes before the client reads the answer.
    const huge = await get(`/${'a'.repeat(100_000)}`).then(
      (response) => response.status,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(huge).toBeOneOf([431, 'ECONNRESET', 'EPIPE']);
    expect((await get('/')).status).toBe(200);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'TRACE'])('refuses %s with 405 and the allowed methods', async (method) => {
    const response = await rawRequest(server.url, method, '/');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('answers OPTIONS with the allowed methods and no CORS grant', async () => {
    const response = await rawRequest(server.url, 'OPTIONS', '/', {
      origin: 'https://elsewhere.example',
      'access-control-request-method': 'GET',
    });
    expect(response.status).toBe(204);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('turns away a method HTTP does not know with 400, and keeps serving', async () => {
    expect((await rawRequest(server.url, 'BREW', '/')).status).toBe(400);
    expect((await get('/')).status).toBe(200);
  });
});
