import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request sent exactly as written: the path reaches the server untouched (no client-side
 * normalizing of dot segments or encodings), which is what traversal tests need.
 */
export function rawRequest(
  base: string,
  method: string,
  rawPath: string,
  headers: http.OutgoingHttpHeaders = {},
  agent?: http.Agent,
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, method, path: rawPath, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
