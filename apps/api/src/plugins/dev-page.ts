// Brings in @fastify/swagger's `schema.hide`, which keeps these routes out of the OpenAPI document.
import type {} from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

// The server's CSP allows styles and scripts from our own origin only: no inline style or script, a stylesheet served here.
const BASE_STYLES = `body { font-family: system-ui, sans-serif; margin: 1rem auto; max-width: 60rem; padding: 0 1rem; }
article { border: 1px solid #ccc; border-radius: 4px; margin: 1rem 0; padding: 0.5rem 1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: bold; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: 0.5rem; }
code { overflow-wrap: anywhere; }
`;

export type DevPage<Item> = {
  /** Where the page is, e.g. /dev/mailbox; the JSON and the stylesheet are below it. */
  path: string;
  title: string;
  /** The JSON's file name below `path`, e.g. messages.json. */
  jsonName: string;
  /** The stylesheet's file name below `path`, e.g. mailbox.css. */
  stylesheetName: string;
  /** Rules of this page beyond the shared ones. */
  styles: string;
  /** The items to show, newest first; `limit` is the query's (default 50, at most 500), `query` the rest of it. */
  list: (limit: number, query: Record<string, unknown>) => Promise<Item[]>;
  /** The page's content below its heading (HTML, escaped by the caller). */
  render: (items: Item[]) => string;
};

/**
 * A developer's page of simulated mode (/dev/mailbox, /dev/webhooks): the HTML page, the same items as JSON,
 * and the page's stylesheet, never cached. The query is read leniently on purpose: a developer tool,
 * independent of the app's validator (it runs in a bare Fastify in tests too).
 */
export function devPageRoutes<Item>(page: DevPage<Item>): FastifyPluginAsync {
  const list = (query: unknown) => {
    const values = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
    return page.list(limitOf(values), values);
  };
  return async (app) => {
    app.get(page.path, { schema: { hide: true } }, async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderShell(page, page.render(await list(request.query)))),
    );
    app.get(`${page.path}/${page.jsonName}`, { schema: { hide: true } }, async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await list(request.query)),
    );
    app.get(`${page.path}/${page.stylesheetName}`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(`${BASE_STYLES}${page.styles}`),
    );
  };
}

function limitOf(values: Record<string, unknown>): number {
  const requested = typeof values.limit === 'string' ? Number.parseInt(values.limit, 10) : Number.NaN;
  return Number.isFinite(requested) && requested > 0 ? Math.min(requested, MAX_LIMIT) : DEFAULT_LIMIT;
}

function renderShell(page: Pick<DevPage<never>, 'path' | 'title' | 'stylesheetName'>, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<link rel="stylesheet" href="${page.path}/${page.stylesheetName}">
</head>
<body>
<main>
<h1>${page.title}</h1>
${content}
</main>
</body>
</html>
`;
}
