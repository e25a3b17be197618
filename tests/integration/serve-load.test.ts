import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, stopDevServer } from '../e2e/global-setup.ts';
import { rawRequest, type RawResponse } from '../helpers/http.ts';

const TOTAL = 10_000;
const CONCURRENCY = 50;

/** One kind of request of the mix, and what a correct answer to it is. */
interface Probe {
  method: 'GET' | 'HEAD';
  path: string;
  headers?: http.OutgoingHttpHeaders;
  check(response: RawResponse): string | undefined;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * 10,000 requests, 50 at a time over kept-alive connections, against `site serve` on loopback:
 * pages, assets, HEAD, ranges, conditional requests and misses. Every answer is checked against
 * the reference fetched first; the time is printed, never asserted (the machine is shared).
 */
describe('site serve under load', () => {
  let server: { child: ChildProcess; url: string };

  beforeAll(async () => {
    server = await startDevServer(['serve', '--port', '0', '--content', 'tests/fixtures/small-site/content']);
  }, 120_000);
  afterAll(async () => {
    if (server) await stopDevServer(server.child);
  });

  async function probes(): Promise<Probe[]> {
    const sitemap = (await rawRequest(server.url, 'GET', '/sitemap.xml')).body.toString();
    const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
    const home = (await rawRequest(server.url, 'GET', '/')).body.toString();
    const assets = [...new Set([...home.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!))];
    expect(pages.length).toBeGreaterThan(5);
    expect(assets.length).toBeGreaterThan(1);
    const list: Probe[] = [];
    for (const path of [...pages, ...assets]) {
      const reference = await rawRequest(server.url, 'GET', path);
      expect(reference.status, path).toBe(200);
      const { etag } = reference.headers;
      const size = reference.body.byteLength;
      const digest = sha(reference.body);
      list.push(
        {
          method: 'GET',
          path,
          check: (r) => (r.status !== 200 ? `status ${r.status}` : sha(r.body) !== digest ? 'different body' : undefined),
        },
        {
          method: 'HEAD',
          path,
          check: (r) =>
            r.status !== 200 || r.body.byteLength !== 0 || Number(r.headers['content-length']) !== size
              ? `HEAD ${r.status} ${r.body.byteLength}`
              : undefined,
        },
        {
          method: 'GET',
          path,
          headers: { range: 'bytes=5-54' },
          check: (r) => (r.status !== 206 || !r.body.equals(reference.body.subarray(5, 55)) ? `range ${r.status}` : undefined),
        },
        {
          method: 'GET',
          path,
          headers: { 'if-none-match': etag },
          check: (r) => (r.status !== 304 || r.body.byteLength ? `conditional ${r.status}` : undefined),
        },
      );
    }
    list.push({
      method: 'GET',
      path: '/no/such/page',
      check: (r) => (r.status !== 404 || !r.headers['content-security-policy'] ? `miss ${r.status}` : undefined),
    });
    list.push({ method: 'GET', path: '/%2e%2e/package.json', check: (r) => (r.status !== 404 ? `traversal ${r.status}` : undefined) });
    return list;
  }

  it(`answers ${TOTAL} mixed requests at ${CONCURRENCY} concurrent with zero errors`, { timeout: 300_000 }, async () => {
    const mix = await probes();
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const failures: string[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < TOTAL) {
        const probe = mix[next++ % mix.length]!;
        try {
          const problem = probe.check(await rawRequest(server.url, probe.method, probe.path, probe.headers, agent));
          if (problem) failures.push(`${probe.method} ${probe.path}: ${problem}`);
        } catch (error) {
          failures.push(`${probe.method} ${probe.path}: ${(error as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    console.log(
      `${TOTAL} requests (${mix.length} kinds) at ${CONCURRENCY} concurrent in ${seconds.toFixed(2)} s, ${Math.round(TOTAL / seconds)} requests/s, ${failures.length} errors`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(next).toBeGreaterThanOrEqual(TOTAL);
  });
});
