import { describe, expect, it, vi } from 'vitest';
import type { AuthRepository } from './auth-repository.js';
import { createAuthService, type AuthServiceOptions } from './auth-service.js';

const IDLE_SECONDS = 1800;
const start = new Date('2026-11-21T10:00:00Z').getTime();

/** The service's session check over a stand-in database that answers "alive, refreshed at `refreshedAt`" or nothing. */
function setUp(sessionCheckCacheMs: number) {
  let now = start;
  const alive = new Map<string, number>([['s-1', start]]);
  const repository = {
    liveSessionRefreshedAt: vi.fn(async (id: string, idleSince: Date) => {
      const refreshedAt = alive.get(id);
      return refreshedAt !== undefined && refreshedAt > idleSince.getTime() ? new Date(refreshedAt) : undefined;
    }),
    revokeSessionByRefreshToken: vi.fn(async () => {
      alive.delete('s-1');
      return 's-1';
    }),
  };
  const service = createAuthService({
    repository: repository as unknown as AuthRepository,
    providers: {} as AuthServiceOptions['providers'],
    deviceLinks: {} as AuthServiceOptions['deviceLinks'],
    accessTokens: {} as AuthServiceOptions['accessTokens'],
    sessionIdleTimeoutSeconds: IDLE_SECONDS,
    sessionCheckCacheMs,
    now: () => new Date(now),
  });
  return {
    service,
    repository,
    /** Another instance (or the database) ends the session. */
    revokeElsewhere: () => alive.delete('s-1'),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('the session check of every authenticated request', () => {
  it('asks the database on every request when SESSION_CHECK_CACHE_MS is 0', async () => {
    const { service, repository, revokeElsewhere } = setUp(0);
    expect(await service.isSessionLive('s-1')).toBe(true);
    expect(await service.isSessionLive('s-1')).toBe(true);
    expect(repository.liveSessionRefreshedAt).toHaveBeenCalledTimes(2);
    revokeElsewhere();
    expect(await service.isSessionLive('s-1')).toBe(false);
  });

  it('trusts a live session for SESSION_CHECK_CACHE_MS, so a revocation on another instance counts from then on', async () => {
    const { service, repository, revokeElsewhere, advance } = setUp(1000);
    expect(await service.isSessionLive('s-1')).toBe(true);
    revokeElsewhere();
    advance(999);
    expect(await service.isSessionLive('s-1')).toBe(true);
    expect(repository.liveSessionRefreshedAt).toHaveBeenCalledTimes(1);
    // Past SESSION_CHECK_CACHE_MS (1,001 ms after the check): asked again.
    advance(2);
    expect(await service.isSessionLive('s-1')).toBe(false);
    expect(await service.isSessionLive('s-1')).toBe(false);
    expect(repository.liveSessionRefreshedAt).toHaveBeenCalledTimes(3);
  });

  it('ends a session at once when this instance logs it out', async () => {
    const { service } = setUp(60_000);
    expect(await service.isSessionLive('s-1')).toBe(true);
    await service.logout('refresh-token');
    expect(await service.isSessionLive('s-1')).toBe(false);
  });

  it('checks the idle timeout at every request, cached or not', async () => {
    const { service, repository, advance } = setUp(60_000);
    advance(IDLE_SECONDS * 1000 - 10_000);
    expect(await service.isSessionLive('s-1')).toBe(true);
    advance(10_000);
    expect(await service.isSessionLive('s-1')).toBe(false);
    expect(repository.liveSessionRefreshedAt).toHaveBeenCalledTimes(2);
  });

  it('never remembers an unknown session', async () => {
    const { service, repository } = setUp(60_000);
    expect(await service.isSessionLive('s-2')).toBe(false);
    expect(await service.isSessionLive('s-2')).toBe(false);
    expect(repository.liveSessionRefreshedAt).toHaveBeenCalledTimes(2);
  });
});
