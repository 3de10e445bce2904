import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLOUDEVENTS_JSON_MEDIA_TYPE, integrationEventSchema, type IntegrationEvent } from '@onboarding/domain';
import { Webhook } from 'standardwebhooks';

export type ReceivedEvent = {
  /** The webhook-id header (the CloudEvent's id). */
  webhookId: string;
  event: IntegrationEvent;
  headers: Record<string, string>;
};

export type TestWebhookReceiver = {
  /** Where to POST: WEBHOOK_URL. */
  url: string;
  /** The secret it verifies with: WEBHOOK_SECRET. */
  secret: string;
  /** Each event once, in the order they were first acknowledged. */
  received: ReceivedEvent[];
  /** Deliveries of an event that had already been acknowledged (at least once: the receiver drops them). */
  duplicates: number;
  /** Every request that reached the handler, answered or not. */
  requests: number;
  /** Deliveries that arrived while another of the same application (CloudEvent subject) was still being answered. */
  overlaps: number;
  /** Requests that failed verification or the event schema, with the reason; answered 400. */
  refused: string[];
  /**
   * What to answer a verified delivery (default 204; anything else is not an acknowledgement and records nothing).
   * A function decides per delivery: it gets the event and how many times that id has come before.
   */
  answer: number | ((event: IntegrationEvent, earlierDeliveries: number) => number);
  /** Time taken before answering. */
  delayMs: number;
  /** Closes the port (connections refused) until up(). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const headersOf = (request: IncomingMessage): Record<string, string> =>
  Object.fromEntries(Object.entries(request.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));

/**
 * A bank system's webhook endpoint, for tests: a real HTTP server on
 * 127.0.0.1 that verifies every request with the `standardwebhooks` library
 * (signature and timestamp), checks the body against the domain's event
 * schemas, and deduplicates by webhook-id as a receiver must.
 */
export async function startWebhookReceiver(options: { secret?: string } = {}): Promise<TestWebhookReceiver> {
  const secret = options.secret ?? `whsec_${randomBytes(32).toString('base64')}`;
  const webhook = new Webhook(secret);
  const deliveries = new Map<string, number>();
  const acknowledged = new Set<string>();
  const inFlight = new Map<string, number>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    receiver.requests += 1;
    const body = await bodyOf(request);
    const headers = headersOf(request);
    const refuse = (reason: string) => {
      receiver.refused.push(reason);
      response.writeHead(400).end(reason);
    };
    if (request.method !== 'POST') return refuse(`method ${String(request.method)}`);
    if (headers['content-type'] !== CLOUDEVENTS_JSON_MEDIA_TYPE) return refuse(`content-type ${String(headers['content-type'])}`);
    let payload: unknown;
    try {
      payload = webhook.verify(body, headers);
    } catch (error) {
      return refuse(`verification: ${(error as Error).message}`);
    }
    const parsed = integrationEventSchema.safeParse(payload);
    if (!parsed.success) return refuse(`schema: ${parsed.error.message}`);
    const webhookId = headers['webhook-id'] ?? '';
    if (parsed.data.id !== webhookId) return refuse('webhook-id is not the event id');

    const earlier = deliveries.get(webhookId) ?? 0;
    deliveries.set(webhookId, earlier + 1);
    const subject = parsed.data.subject;
    if ((inFlight.get(subject) ?? 0) > 0) receiver.overlaps += 1;
    inFlight.set(subject, (inFlight.get(subject) ?? 0) + 1);
    try {
      await answer({ webhookId, event: parsed.data, headers }, earlier, response);
    } finally {
      inFlight.set(subject, (inFlight.get(subject) ?? 1) - 1);
    }
  }

  async function answer(delivery: ReceivedEvent, earlier: number, response: ServerResponse): Promise<void> {
    if (receiver.delayMs > 0) await sleep(receiver.delayMs);
    const status = typeof receiver.answer === 'function' ? receiver.answer(delivery.event, earlier) : receiver.answer;
    if (status >= 200 && status < 300) {
      if (acknowledged.has(delivery.webhookId)) receiver.duplicates += 1;
      else {
        acknowledged.add(delivery.webhookId);
        receiver.received.push(delivery);
      }
    }
    response.writeHead(status).end();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      receiver.refused.push(`handler: ${String(error)}`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  let port = 0;
  let isListening = false;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (isListening) return resolve();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as AddressInfo).port;
        isListening = true;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!isListening) return resolve();
      isListening = false;
      server.close(() => resolve());
      server.closeAllConnections();
    });

  await listen();
  const receiver: TestWebhookReceiver = {
    url: `http://127.0.0.1:${String(port)}/webhooks/onboarding`,
    secret,
    received: [],
    duplicates: 0,
    requests: 0,
    overlaps: 0,
    refused: [],
    answer: 204,
    delayMs: 0,
    down: stop,
    up: listen,
    close: stop,
  };
  return receiver;
}
