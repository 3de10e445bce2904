import path from 'node:path';
import { freePort } from '../cluster/cluster.js';
import { spawnServer, TSX_NODE_ARGS, type ChildServer } from './processes.js';

const floorServer = path.join(import.meta.dirname, 'floor-server.ts');

/** The trivial-route floor: what Fastify and the loopback do at most on this machine. */
export async function startTrivialFloor(): Promise<ChildServer> {
  const port = await freePort();
  return spawnServer({
    name: 'floor: trivial route',
    command: process.execPath,
    args: [...TSX_NODE_ARGS, floorServer, 'trivial', String(port)],
    env: {},
    port,
    readyPath: '/healthz',
  });
}

/** The database floor: one point select through pg per request, on the same PostgreSQL. */
export async function startPostgresFloor(databaseUrl: string): Promise<ChildServer> {
  const port = await freePort();
  return spawnServer({
    name: 'floor: pg point select',
    command: process.execPath,
    args: [...TSX_NODE_ARGS, floorServer, 'pg', String(port), databaseUrl],
    env: {},
    port,
    readyPath: '/healthz',
  });
}

/** The write floor's n-th row (1-based): a fixed uuid, so the load process knows the ids without asking. */
export const writeFloorRowId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The write floor: a step save without the app, one UPDATE ... RETURNING + INSERT statement through pg, on `rows` rows of its own. */
export async function startWriteFloor(databaseUrl: string, rows: number): Promise<ChildServer> {
  const port = await freePort();
  return spawnServer({
    name: 'floor: pg write',
    command: process.execPath,
    args: [...TSX_NODE_ARGS, floorServer, 'pg-write', String(port), databaseUrl, String(rows)],
    env: {},
    port,
    readyPath: '/healthz',
  });
}
