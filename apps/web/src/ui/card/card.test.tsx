import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card, CARD_WIDTHS } from './card';

describe('Card', () => {
  it('offers the widths of docs/requirements.md and a full one', () => {
    expect(CARD_WIDTHS).toEqual(['small', 'medium', 'large', 'full']);
  });

  it('renders as the element asked for', () => {
    render(
      <Card as="section" aria-label="Company" width="medium">
        Body
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Company' }).textContent).toBe('Body');
  });
});
