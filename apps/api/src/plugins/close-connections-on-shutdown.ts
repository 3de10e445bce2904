import type { FastifyInstance } from 'fastify';

/**
 * During shutdown, a request still in flight is answered with `Connection: close`,
 * so its keep-alive socket ends with the response instead of holding the process
 * open until the keep-alive timeout. Idle sockets are closed by Fastify itself
 * (forceCloseConnections: 'idle'), and new requests get 503 (return503OnClosing).
 */
export function closeConnectionsOnShutdown(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) void reply.header('connection', 'close');
    done(null, payload);
  });
}
