import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RikError } from '../modules/registry/rik/errors.js';
import { registerErrorHandlers } from './error-handler.js';

/** An app whose one route throws `error`, with every log line it writes. */
async function appThrowing(error: Error) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandlers(app);
  app.get('/', () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { response, lines: lines.filter((line) => line.msg !== 'incoming request' && line.msg !== 'request completed') };
}

describe('the error handler’s log', () => {
  it('says a register outage once per request as a warning, without a stack', async () => {
    const { response, lines } = await appThrowing(new RikError('detailandmed_v2', { kind: 'HTTP_STATUS', status: 503 }));
    expect(response.statusCode).toBe(503);
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'dependency unavailable', code: 'REGISTER_UNAVAILABLE' })]);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });

  it('keeps an unexpected failure an error with its stack', async () => {
    const { response, lines } = await appThrowing(new TypeError('cannot read x of undefined'));
    expect(response.statusCode).toBe(500);
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'request failed' })]);
    expect(JSON.stringify(lines)).toContain('"stack"');
  });
});
