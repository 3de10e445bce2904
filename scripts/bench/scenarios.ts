import type { AutocannonRequest } from 'autocannon';
import { completeIncomes } from '@onboarding/domain/test-support';
import type { PreparedApplication } from './api-client.js';
import { writeFloorRowId } from './floors.js';
import type { LoadJob } from './load-types.js';

const json = { 'content-type': 'application/json' };

/** The floors: a trivial route, and a point select of one of 10,000 rows. */
export function floorRequests(scenario: 'floor-trivial' | 'floor-pg'): AutocannonRequest[] {
  if (scenario === 'floor-trivial') return [{ method: 'GET', path: '/' }];
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        next = (next % 10_000) + 1;
        return { ...request, path: `/items/${String(next)}` };
      },
    },
  ];
}

/** Reading: each request reads the next application (round robin) with its owner's bearer token. */
export function readRequests(applications: readonly PreparedApplication[]): AutocannonRequest[] {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        const application = applications[next % applications.length];
        next += 1;
        if (!application) throw new Error('no applications to read');
        return {
          ...request,
          path: `/onboarding/applications/${application.processId}`,
          headers: { ...request.headers, authorization: `Bearer ${application.accessToken}` },
        };
      },
    },
  ];
}

/**
 * Saving: each request takes an application that has no request in flight,
 * sends PUT steps/Incomes (or drafts/Incomes) with its current version, and
 * returns it with the version the answer gives. With at least twice as many
 * applications as connections there is always a free one, so every request
 * is a real save and none gets 409.
 */
export function saveRequests(applications: readonly PreparedApplication[], kind: 'steps' | 'drafts'): AutocannonRequest[] {
  const free = applications.map((application) => ({ ...application }));
  const data = completeIncomes();
  return [
    {
      method: 'PUT',
      setupRequest: (request, context) => {
        const application = free.pop();
        if (!application) throw new Error('no free application to save: give twice as many applications as connections');
        context.application = application;
        return {
          ...request,
          path: `/onboarding/applications/${application.processId}/${kind}/Incomes`,
          headers: { ...request.headers, ...json, authorization: `Bearer ${application.accessToken}` },
          body: JSON.stringify({ version: application.version, data }),
        };
      },
      onResponse: (status, body, context) => {
        const application = context.application as PreparedApplication | undefined;
        if (!application) return;
        // A 409 names the current version; take it so the next save of this application is real again.
        if (status === 200 || status === 409) {
          const answer = JSON.parse(body) as { version?: number; currentVersion?: number };
          application.version = answer.version ?? answer.currentVersion ?? application.version;
        }
        free.unshift(application);
      },
    },
  ];
}

export function requestsOf(job: LoadJob): AutocannonRequest[] {
  const applications = job.applications ?? [];
  switch (job.scenario) {
    case 'floor-trivial':
    case 'floor-pg':
      return floorRequests(job.scenario);
    case 'floor-pg-write':
      // The write floor answers the app's path and body, so its rows are taken and returned as the app's applications are.
      return saveRequests(
        Array.from({ length: job.rows ?? 2 * job.connections }, (_, index) => ({
          processId: writeFloorRowId(index + 1),
          version: 1,
          accessToken: '',
          refreshToken: '',
          personalId: '',
        })),
        'steps',
      );
    case 'read':
      return readRequests(applications);
    case 'save':
      return saveRequests(applications, 'steps');
    case 'draft':
      return saveRequests(applications, 'drafts');
    default:
      throw new Error(`${job.scenario} is a journey`);
  }
}
