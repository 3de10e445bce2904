import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('toggles from its label', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="I agree" />);
    const checkbox = screen.getByRole('checkbox', { name: 'I agree' });
    await user.click(screen.getByText('I agree'));
    expect((checkbox as HTMLInputElement).checked).toBe(true);
  });

  it('shows its error only after being touched, wired to the checkbox', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="I agree" hint="Read the terms first." error="Confirm to continue." />);
    const checkbox = screen.getByRole('checkbox', { name: 'I agree' });
    expect(screen.queryByText('Confirm to continue.')).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(checkbox);
    await user.tab();
    expect(screen.getByText('Confirm to continue.').closest('[aria-live="polite"]')).not.toBeNull();
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    const ids = checkbox.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(['Read the terms first.', 'Confirm to continue.']);
  });
});
