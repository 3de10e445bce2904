import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, BADGE_SIZES, BADGE_VARIANTS } from './badge';

describe('Badge', () => {
  it('covers the sizes and variants of the specification', () => {
    expect(BADGE_SIZES).toEqual(['small', 'large']);
    expect(BADGE_VARIANTS).toEqual(['default', 'error']);
  });

  it.each(BADGE_VARIANTS.flatMap((variant) => BADGE_SIZES.map((size) => [variant, size] as const)))('shows its text (%s, %s)', (variant, size) => {
    render(
      <Badge variant={variant} size={size}>
        Pending
      </Badge>,
    );
    expect(screen.getByText('Pending').tagName).toBe('SPAN');
  });
});
