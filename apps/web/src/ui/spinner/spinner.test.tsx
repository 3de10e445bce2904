import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces the translated loading text as a status', () => {
    render(<Spinner variant="page" />);
    expect(screen.getByRole('status').textContent).toBe(i18n.t('UI.LOADING'));
  });

  it('uses a given label', () => {
    render(<Spinner label="Fetching companies" isLabelVisible />);
    expect(screen.getByRole('status').textContent).toBe('Fetching companies');
  });
});
