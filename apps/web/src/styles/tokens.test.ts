// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BREAKPOINTS, CARD_MAX_WIDTHS } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';

// CSS cannot import the constants of docs/requirements.md section 9, so this test keeps the stylesheets in
// step with them.
const sourceDir = path.resolve(import.meta.dirname, '..');
const stylesheets = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => ({ file, css: readFileSync(path.join(sourceDir, file), 'utf8') }));
const tokens = readFileSync(path.join(import.meta.dirname, 'tokens.css'), 'utf8');

describe('design tokens follow packages/domain', () => {
  it('card widths', () => {
    for (const [size, width] of Object.entries(CARD_MAX_WIDTHS)) {
      expect(tokens).toContain(`--card-width-${size}: ${width};`);
    }
  });

  it('breakpoints: every media query uses SM or LG', () => {
    const allowed = new Set([BREAKPOINTS.SM, BREAKPOINTS.SM - 1, BREAKPOINTS.LG, BREAKPOINTS.LG - 1]);
    expect(stylesheets.length).toBeGreaterThan(5);
    for (const { file, css } of stylesheets) {
      for (const match of css.matchAll(/@media[^{]*?(?:min|max)-width:\s*(\d+)px/g)) {
        expect(allowed.has(Number(match[1])), `${file}: ${match[0]}`).toBe(true);
      }
    }
  });
});
