import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { registerWebApp } from './routes.js';

export type WebPluginOptions = {
  config: Config;
  /** Origin of the eid listener (ID-card sign-in), for the page settings. */
  eidUrl: string;
};

/** The built web app under /start/ (routes.ts). */
export async function registerWeb(app: FastifyInstance, { config, eidUrl }: WebPluginOptions): Promise<void> {
  await registerWebApp(app, config, { eidUrl });
}
