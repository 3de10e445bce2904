import path from 'node:path';
import { freePort, spawnServer, TSX_NODE_ARGS, type ChildServer } from './processes.js';

const floorServer = path.join(import.meta.dirname, 'floor-server.ts');

/** The trivial-route floor: what Fastify and the loopback do at most on this machine. */
export async function startTrivialFloor(): Promise<ChildServer> {
  const port = await freePort();
  return spawnServer({ name: 'floor: trivial route', command: process.execPath, args: [...TSX_NODE_ARGS, floorServer, 'trivial', String(port)], env: {}, port, readyPath: '/healthz' });
}

/** The database floor: one point select through pg per request, on the same PostgreSQL. */
export async function startPostgresFloor(databaseUrl: string): Promise<ChildServer> {
  const port = await freePort();
  return spawnServer({ name: 'floor: pg point select', command: process.execPath, args: [...TSX_NODE_ARGS, floorServer, 'pg', String(port), databaseUrl], env: {}, port, readyPath: '/healthz' });
}
