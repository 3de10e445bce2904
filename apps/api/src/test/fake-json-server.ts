import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; url: string; body: unknown };
export type FakeAnswer = { status: number; body?: unknown };

/**
 * A throwaway HTTP server for client tests: it answers whatever the test
 * decides, including statuses SK's simulators never give (471, 472, 480, 580).
 */
export const startFakeJsonServer = async (answer: (request: RecordedRequest) => FakeAnswer) => {
  const requests: RecordedRequest[] = [];
  const readBody = async (request: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  };
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const recorded = { method: request.method ?? '', url: request.url ?? '', body };
      requests.push(recorded);
      const { status, body: answerBody } = answer(recorded);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(answerBody === undefined ? '' : JSON.stringify(answerBody));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
