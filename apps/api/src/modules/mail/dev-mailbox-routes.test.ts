import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { mailOutbox } from '../../db/schema.js';
import { createTestDatabase } from '../../test/database.js';
import { createDevMailboxRoutes } from './dev-mailbox-routes.js';
import { createOutboxRepository, type NewOutboxMessage, type OutboxRepository } from './outbox-repository.js';

let database: Database & { drop: () => Promise<void> };
let repository: OutboxRepository;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  repository = createOutboxRepository(database.db, { maxAttempts: 2 });
  app = Fastify();
  await app.register(createDevMailboxRoutes(repository));
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

const message = (overrides: Partial<NewOutboxMessage> = {}): NewOutboxMessage => ({
  recipient: 'mari@example.com',
  subject: 'Saved',
  text: 'Continue here:\n\nhttp://localhost:3000/start/?processId=abc\n',
  html: '<!doctype html><html lang="en"><body><p>Continue</p></body></html>',
  template: 'SAVE_AND_CONTINUE_LATER',
  language: 'en',
  ...overrides,
});

describe('GET /dev/mailbox', () => {
  it('lists the outbox newest first with recipient, subject, created, status and the body in a sandboxed iframe', async () => {
    const older = await repository.enqueue(message({ recipient: 'older@example.com', subject: 'Older' }));
    const newer = await repository.enqueue(message({ recipient: 'newer@example.com', subject: 'Newer' }));
    await repository.claimDue(1);
    await repository.markSent(older.id);

    const response = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.body;
    expect(page.indexOf('newer@example.com')).toBeLessThan(page.indexOf('older@example.com'));
    expect(page).toContain(`<time datetime="${newer.createdAt.toISOString()}">`);
    expect(page).toMatch(/class="status-SENT">sent \d{4}-/);
    expect(page).toContain('class="status-PENDING">pending</dd>');
    expect(page).toContain('<iframe sandbox="" title="Message');
    expect(page).toContain('srcdoc="&lt;!doctype html&gt;&lt;html lang=&quot;en&quot;&gt;');
    expect(page).toContain('<a href="http://localhost:3000/start/?processId=abc">');
  });

  it('escapes everything taken from the outbox', async () => {
    await repository.enqueue(
      message({
        recipient: '"<script>alert(1)</script>"@example.com',
        subject: '<img src=x onerror=alert(1)>',
        text: '</pre><script>alert(2)</script>',
        html: '<p>"quoted" & <b>bold</b></p><script>alert(3)</script>',
      }),
    );
    const page = (await app.inject({ method: 'GET', url: '/dev/mailbox' })).body;
    expect(page).not.toMatch(/<script|<img|<b>|<\/pre><script/);
    expect(page).toContain('&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;@example.com');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('srcdoc="&lt;p&gt;&quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;&lt;/p&gt;&lt;script&gt;alert(3)&lt;/script&gt;"');
  });

  it('works under a CSP of self only: no inline style or script, its stylesheet served beside it', async () => {
    await repository.enqueue(message());
    const page = (await app.inject({ method: 'GET', url: '/dev/mailbox' })).body;
    expect(page).not.toMatch(/<style|<script|\sstyle=|\son[a-z]+=/i);
    expect(page).toContain('<link rel="stylesheet" href="/dev/mailbox/mailbox.css">');
    const css = await app.inject({ method: 'GET', url: '/dev/mailbox/mailbox.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('iframe');
  });

  it('says so when there is no mail', async () => {
    const page = (await app.inject({ method: 'GET', url: '/dev/mailbox' })).body;
    expect(page).toContain('No mail yet.');
  });
});

describe('GET /dev/mailbox/messages.json', () => {
  it('returns the messages newest first with status, links and times', async () => {
    const failed = await repository.enqueue(message({ recipient: 'failed@example.com' }));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await repository.claimDue(1);
      await repository.markFailed(failed.id, '550 Mailbox unavailable');
      await database.db.update(mailOutbox).set({ nextAttemptAt: new Date(0) });
    }
    const pending = await repository.enqueue(message({ recipient: 'pending@example.com', processId: '5f0c6a8e-1b2c-4d3e-8f90-a1b2c3d4e5f6' }));

    const response = await app.inject({ method: 'GET', url: '/dev/mailbox/messages.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: pending.id,
        recipient: 'pending@example.com',
        subject: 'Saved',
        text: message().text,
        html: message().html,
        template: 'SAVE_AND_CONTINUE_LATER',
        language: 'en',
        processId: '5f0c6a8e-1b2c-4d3e-8f90-a1b2c3d4e5f6',
        status: 'PENDING',
        attempts: 0,
        lastError: null,
        createdAt: pending.createdAt.toISOString(),
        nextAttemptAt: expect.any(String),
        sentAt: null,
        links: ['http://localhost:3000/start/?processId=abc'],
      },
      expect.objectContaining({ id: failed.id, status: 'FAILED', attempts: 2, lastError: '550 Mailbox unavailable' }),
    ]);
  });

  it('filters by recipient and limits the count', async () => {
    for (const recipient of ['a@example.com', 'b@example.com', 'a@example.com']) await repository.enqueue(message({ recipient }));
    const byRecipient = await app.inject({ method: 'GET', url: '/dev/mailbox/messages.json?recipient=a%40example.com' });
    expect(byRecipient.json().map((entry: { recipient: string }) => entry.recipient)).toEqual(['a@example.com', 'a@example.com']);
    const limited = await app.inject({ method: 'GET', url: '/dev/mailbox/messages.json?limit=1' });
    expect(limited.json()).toHaveLength(1);
    const nonsense = await app.inject({ method: 'GET', url: '/dev/mailbox/messages.json?limit=-4' });
    expect(nonsense.json()).toHaveLength(3);
  });
});
