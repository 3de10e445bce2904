// Lints both OpenAPI documents of the server with Redocly's recommended rules (redocly.yaml): builds the app in
// this process as a deployment serves it, fetches /onboarding/openapi.json and /integration/v1/openapi.json with
// app.inject, writes them to a temporary folder and runs the Redocly CLI on them. Any error or warning fails it.
// Part of `npm run lint`, so of `npm test` (docs/decisions/0028).
//   npm run lint:openapi
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { integrationEndpoints, onboardingEndpoints } from '@onboarding/domain';
import { buildTestApp } from '../apps/api/src/test/app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REDOCLY_CLI = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

/** The documents, by the file name they are linted under. */
const DOCUMENTS = { 'onboarding.json': onboardingEndpoints.openApi.path, 'integration.json': integrationEndpoints.openApi.path };

type LintReport = {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { source: { ref: string }; pointer: string }[] }[];
};

/** Redocly's report on one document of `dir` (one file a run: its JSON output is one report per file). */
function redoclyLint(dir: string, file: string): LintReport {
  let output: string;
  try {
    output = execFileSync(process.execPath, [REDOCLY_CLI, 'lint', '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json', file], {
      cwd: dir,
      encoding: 'utf8',
      // No network: no telemetry, no check for a newer version.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    // Redocly exits 1 when it finds an error; its report is still on stdout.
    output = String((error as { stdout?: string }).stdout ?? '');
    if (!output) throw error;
  }
  return JSON.parse(output) as LintReport;
}

// A deployment's public https address: the documents name it as their server (PUBLIC_URL), as they do in production.
const app = await buildTestApp({ PUBLIC_URL: 'https://onboarding.bank.test' });
const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
try {
  for (const [file, url] of Object.entries(DOCUMENTS)) {
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    writeFileSync(path.join(dir, file), response.body);
  }
  let errors = 0;
  let warnings = 0;
  for (const file of Object.keys(DOCUMENTS)) {
    const report = redoclyLint(dir, file);
    for (const problem of report.problems) {
      const where = problem.location.map((location) => `${location.source.ref}${location.pointer}`).join(', ');
      console.error(`${problem.severity} ${problem.ruleId}: ${problem.message} (${where})`);
    }
    console.log(`${file}: ${report.totals.errors} errors, ${report.totals.warnings} warnings (Redocly, recommended rules)`);
    errors += report.totals.errors;
    warnings += report.totals.warnings;
  }
  process.exitCode = errors + warnings > 0 ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
  await app.close();
}
