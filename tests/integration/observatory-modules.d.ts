// Types for the parts of the MDN HTTP Observatory scanner (plain JavaScript, no declarations) the grading test uses.

declare module '@mdn/mdn-http-observatory/src/types.js' {
  export class Requests {
    constructor(hostname: string);
    hostname: string;
    resources: { path: string | null };
    responses: {
      auto: ObservatoryResponse | null;
      cors: ObservatoryResponse | null;
      http: ObservatoryResponse | null;
      https: ObservatoryResponse | null;
      httpRedirects: Array<{ url: URL; status: number }>;
      httpsRedirects: Array<{ url: URL; status: number }>;
    };
    session: unknown;
  }
  /** The parts of an axios response the tests read, plus what the retriever adds. */
  export interface ObservatoryResponse {
    status: number;
    statusText: string;
    headers: Record<string, string | string[] | undefined>;
    data: string;
    config: { url: string };
    request: { headers?: Record<string, string> };
    verified: boolean;
    httpEquiv?: Map<string, string[]>;
  }
  export interface TestOutput {
    result: string | null;
    pass: boolean | null;
    data?: unknown;
  }
}

declare module '@mdn/mdn-http-observatory/src/constants.js' {
  import type { Requests, TestOutput } from '@mdn/mdn-http-observatory/src/types.js';
  export const ALL_TESTS: Array<(requests: Requests) => TestOutput>;
}

declare module '@mdn/mdn-http-observatory/src/grader/grader.js' {
  export function getGradeForScore(score: number): { score: number; grade: string };
  export function getScoreModifier(expectation: string): number;
}

declare module '@mdn/mdn-http-observatory/src/grader/charts.js' {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
}

declare module '@mdn/mdn-http-observatory/src/retriever/utils.js' {
  export function parseHttpEquivHeaders(html: string, baseUrl: string): Map<string, string[]>;
}

declare module '@mdn/mdn-http-observatory/src/retriever/session.js' {
  export class Session {
    constructor(url: URL, options?: { headers?: string[] });
    url: URL;
    jar: { setCookieSync(cookie: string, url: string): unknown };
  }
}
