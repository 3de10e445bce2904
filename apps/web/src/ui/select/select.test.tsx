import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Select } from './select';

const countries = [
  { value: 'EE', label: 'Estonia' },
  { value: 'LV', label: 'Latvia' },
];

describe('Select', () => {
  it('is a native select bound to its label, with an empty placeholder option', async () => {
    const user = userEvent.setup();
    render(<Select label="Country" placeholder="Choose a country" options={countries} defaultValue="" />);
    const select = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a country', 'Estonia', 'Latvia']);
    await user.selectOptions(select, 'LV');
    expect(select.value).toBe('LV');
  });

  it('shows its error only after being touched', async () => {
    const user = userEvent.setup();
    render(<Select label="Country" options={countries} error="Choose a country." />);
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(screen.queryByText('Choose a country.')).toBeNull();
    await user.click(select);
    await user.tab();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Choose a country.');
  });
});
