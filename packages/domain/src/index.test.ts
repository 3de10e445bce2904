import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as domain from './index.js';

const sourceFiles = (directory: string): string[] =>
  readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });

describe('public API of @onboarding/domain', () => {
  it('exports the names other code relies on', () => {
    for (const name of [
      'isValidPersonalId',
      'parsePersonalId',
      'isValidPhone',
      'isValidEmail',
      'isValidRegistryCode',
      'smartIdVerificationCode',
      'mobileIdVerificationCode',
      'validateRelatedPersons',
      'stepToScreen',
      'createRichTextSanitizer',
      'toFieldIssues',
      'LOCALES',
      'DEFAULT_LOCALE',
    ]) {
      expect(typeof (domain as Record<string, unknown>)[name], name).not.toBe('undefined');
    }
  });

  it('imports nothing the browser lacks (no node: modules, no jsdom) outside tests', () => {
    for (const file of sourceFiles(import.meta.dirname)) {
      const source = readFileSync(file, 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? '');
      for (const specifier of imports) {
        expect(['zod', 'dompurify', '@noble/hashes/sha2.js'].includes(specifier) || specifier.startsWith('.'), `${file}: ${specifier}`).toBe(true);
      }
    }
  });
});
