import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the server does instead of answering as SK would:
 * - status: this HTTP status with a body (JSON unless contentType says otherwise);
 * - hang: reads the request and never answers;
 * - hang-body: sends 200, the headers and half of a JSON body, then nothing more;
 * - drop: closes the connection without an answer;
 * - drop-body: sends 200, the headers and half of a JSON body, then resets the connection;
 * - redirect: 307 to `location`, which keeps the method and body (the relying party's UUID is in it).
 */
export type Fault =
  | { kind: 'status'; status: number; body?: string; contentType?: string }
  | { kind: 'hang' }
  | { kind: 'hang-body' }
  | { kind: 'drop' }
  | { kind: 'drop-body' }
  | { kind: 'redirect'; location: string };

export type SkRequest = { method: string; path: string };

type Rule = { match: (request: SkRequest) => boolean; fault: Fault; remaining: number };

export type FaultySkServer = {
  /** http://127.0.0.1:port, without a trailing slash. */
  url: string;
  /** Every request that reached this server, in order. */
  requests: SkRequest[];
  /** Origin of a real SK simulator that requests without a fault go to; unset: they answer 502. */
  upstream: string | undefined;
  /** The next `times` requests that `match` meet `fault` instead of SK (all of them by default). */
  inject(match: (request: SkRequest) => boolean, fault: Fault, times?: number): void;
  /** Removes every fault: requests reach SK again. */
  heal(): void;
  close(): Promise<void>;
};

/** SK's paths, by what the call does (docs/eid-facts.md sections 1.9 and 3.2). */
export const isSessionPoll = (request: SkRequest): boolean => request.method === 'GET' && request.path.includes('/session/');
export const isStart = (request: SkRequest): boolean => request.method === 'POST' && !request.path.endsWith('/certificate');
export const isMobileIdCertificate = (request: SkRequest): boolean => request.method === 'POST' && request.path.endsWith('/certificate');
export const isCertificateChoice = (request: SkRequest): boolean => request.method === 'POST' && request.path.includes('/certificate-choice/');
// Smart-ID v3 signs under signature/notification/…, Mobile-ID at /signature; certificate choice is no signature.
export const isSignatureStart = (request: SkRequest): boolean =>
  request.method === 'POST' && (request.path.includes('/signature/notification/') || request.path.endsWith('/mid-api/signature'));

/** Half of what an SK status answer looks like: valid up to the cut, then nothing. */
const HALF_A_BODY = '{"state":"COMPLETE","result":{"endResult":"OK","documentNumber":"PNOEE-';

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * An HTTP server that speaks SK's paths: by default it passes each request to
 * a real simulator (so a whole sign-in or signing works through it), and the
 * test injects faults into the calls it chooses: slow, 5xx, cut off, malformed.
 */
export async function startFaultySkServer(): Promise<FaultySkServer> {
  const rules: Rule[] = [];
  const requests: SkRequest[] = [];
  const sockets = new Set<Socket>();
  let upstream: string | undefined;

  async function passThrough(request: IncomingMessage, response: ServerResponse, body: Buffer): Promise<void> {
    if (!upstream) {
      response.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"no upstream"}');
      return;
    }
    const answer = await fetch(new URL(request.url ?? '/', upstream), {
      method: request.method ?? 'GET',
      headers: { accept: 'application/json', ...(body.length > 0 ? { 'content-type': request.headers['content-type'] ?? 'application/json' } : {}) },
      ...(body.length > 0 ? { body: body.toString('utf8') } : {}),
    });
    const text = await answer.text();
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
  }

  function answerWith(fault: Fault, response: ServerResponse): void {
    switch (fault.kind) {
      case 'status':
        response.writeHead(fault.status, { 'content-type': fault.contentType ?? 'application/json' }).end(fault.body ?? '');
        return;
      case 'hang':
        return;
      case 'hang-body':
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(HALF_A_BODY.length * 2) });
        response.write(HALF_A_BODY);
        return;
      case 'drop':
        response.socket?.destroy();
        return;
      case 'drop-body':
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(HALF_A_BODY.length * 2) });
        response.write(HALF_A_BODY, () => response.socket?.resetAndDestroy());
        return;
      case 'redirect':
        response.writeHead(307, { location: fault.location }).end();
        return;
    }
  }

  const server = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      const seen: SkRequest = { method: request.method ?? '', path: new URL(request.url ?? '/', 'http://sk').pathname };
      requests.push(seen);
      const rule = rules.find((candidate) => candidate.remaining > 0 && candidate.match(seen));
      if (rule) {
        rule.remaining -= 1;
        answerWith(rule.fault, response);
        return;
      }
      await passThrough(request, response, body).catch(() => response.socket?.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    get upstream() {
      return upstream;
    },
    set upstream(value) {
      upstream = value;
    },
    inject(match, fault, times = Number.POSITIVE_INFINITY) {
      rules.unshift({ match, fault, remaining: times });
    },
    heal() {
      rules.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging answers keep their connections open: end them, or close() would wait for ever.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
