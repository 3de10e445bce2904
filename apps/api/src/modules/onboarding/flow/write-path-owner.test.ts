import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The flow's write path (write-path.ts) is the only code that writes the applications table: its status and step
 * change only by a transition of the flow. Every other module asks through onboarding's entry (the lint rule of
 * docs/decisions/0009 keeps their imports there); this keeps the writes there, whatever a file imports. A deletion
 * (the retention purge) is not a write of status or step and is not counted. Tests may write what they set up.
 */

const SOURCE_ROOT = path.resolve(import.meta.dirname, '../../..');
const WRITE_PATH = path.join('modules', 'onboarding', 'flow', 'write-path.ts');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The names the file gives the schema's `applications` table: its own, or what it is imported as. */
function tableNamesIn(source: string): string[] {
  const names = new Set<string>();
  for (const [, imported] of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*db\/schema\.js'/g)) {
    for (const part of (imported ?? '').split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name === 'applications') names.add(alias ?? name);
    }
  }
  return [...names];
}

/** Each write of the applications table in the source: drizzle's update/insert of the table, or SQL text doing either. */
export function applicationWritesIn(source: string): string[] {
  const writes: string[] = [];
  for (const name of tableNamesIn(source)) {
    for (const match of source.matchAll(new RegExp(String.raw`\.(?:update|insert)\(\s*${name}\s*\)`, 'g'))) writes.push(match[0]);
    for (const match of source.matchAll(new RegExp(String.raw`\b(?:update|insert\s+into)\s+\$\{\s*${name}\s*\}`, 'gi'))) writes.push(match[0]);
  }
  for (const match of source.matchAll(/\b(?:update|insert\s+into)\s+"?applications"?(?=[\s(])/gi)) writes.push(match[0]);
  return writes;
}

describe('the write path is the only writer of an application', () => {
  const files = sourceFiles(SOURCE_ROOT);
  const writers = files
    .map((file) => ({ file: path.relative(SOURCE_ROOT, file), writes: applicationWritesIn(readFileSync(file, 'utf8')) }))
    .filter(({ writes }) => writes.length > 0);

  it('finds the writes where they are: the write path creates, changes, supersedes and notes applications', () => {
    expect(files.length).toBeGreaterThan(100);
    const writePath = writers.find(({ file }) => file === WRITE_PATH);
    // Its prepared statement, the builder's update, the superseding update, the insert and the register check's update.
    expect(writePath?.writes.length).toBeGreaterThanOrEqual(5);
  });

  it('finds no write of the applications table anywhere else in the API', () => {
    expect(writers.filter(({ file }) => file !== WRITE_PATH)).toEqual([]);
  });

  it('catches each way of writing the table, under any name', () => {
    const imported = "import { applications } from '../../db/schema.js';\n";
    expect(applicationWritesIn(`${imported}await tx.update(applications).set({ status: 'APPROVED' });`)).toHaveLength(1);
    expect(applicationWritesIn(`${imported}await db.insert( applications ).values(row);`)).toHaveLength(1);
    expect(applicationWritesIn(`${imported}await db.execute(sql\`update \${applications} set status = 'X'\`);`)).toHaveLength(1);
    expect(applicationWritesIn("import { applications as rows } from '../db/schema.js';\nawait db.update(rows).set({ currentStep: 'X' });")).toHaveLength(1);
    expect(applicationWritesIn('await client.query(`UPDATE "applications" SET "status" = $1`);')).toHaveLength(1);
    expect(applicationWritesIn("await client.query('insert into applications (status) values ($1)');")).toHaveLength(1);
    // Reads, deletions and other tables are not writes of an application's state.
    expect(applicationWritesIn(`${imported}await db.select().from(applications); await tx.delete(applications);`)).toEqual([]);
    expect(
      applicationWritesIn(`${imported}await tx.update(signingSessions).set({ status: 'SIGNED' }); await tx.insert(applicationEvents).values(row);`),
    ).toEqual([]);
  });
});
