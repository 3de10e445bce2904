import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { FIXTURE_COMPANIES } from '../../modules/registry/fixture/companies.js';
import type { FixtureCompany } from '../../modules/registry/fixture/types.js';
import { rikRoutes, type RikMode } from './rik-routes.js';

/** The stand-in's own user of the register, as a contract would create one (docs/register-facts.md section 1.3). */
export const RIK_STAND_IN_USERNAME = 'pank-demo';
export const RIK_STAND_IN_PASSWORD = 'demo-parool';

export type RikStandInOptions = {
  companies?: readonly FixtureCompany[];
  username?: string;
  password?: string;
  isSingleItemObject?: boolean;
  slowMs?: number;
};

export type RikStandIn = {
  /** The address every operation is posted to. */
  url: string;
  username: string;
  password: string;
  setMode(mode: RikMode): void;
  /** Queries posted to it so far, answered or not: what a client's cache and breaker save are counted by. */
  queryCount(): number;
  close(): Promise<void>;
};

/** The register's stand-in on a listener of its own, on a free port: for tests of the register client. */
export const startRikStandIn = async (options: RikStandInOptions = {}): Promise<RikStandIn> => {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  let mode: RikMode = 'NORMAL';
  let queries = 0;
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST') queries += 1;
  });
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());
  const username = options.username ?? RIK_STAND_IN_USERNAME;
  const password = options.password ?? RIK_STAND_IN_PASSWORD;
  await app.register(
    rikRoutes({
      companies: options.companies ?? FIXTURE_COMPANIES,
      username,
      password,
      mode: () => mode,
      closing: closing.signal,
      ...(options.isSingleItemObject === undefined ? {} : { isSingleItemObject: options.isSingleItemObject }),
      ...(options.slowMs === undefined ? {} : { slowMs: options.slowMs }),
    }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    username,
    password,
    setMode: (next) => {
      mode = next;
    },
    queryCount: () => queries,
    close: () => app.close(),
  };
};
