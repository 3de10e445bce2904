import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n';
import { Combobox, filterOptions, type ComboboxOption } from './combobox';
import { MultiCombobox } from './multi-combobox';

const activities: ComboboxOption[] = [
  { value: '62011', label: '62011 Computer programming' },
  { value: '62021', label: '62021 Computer consultancy activities' },
  { value: '47911', label: '47911 Retail sale via mail order houses or via Internet' },
  { value: '10711', label: '10711 Pärnu leib' },
];

function Single({ onValue }: { onValue?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <Combobox
        label="Main field of activity"
        options={activities}
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </form>
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('Combobox', () => {
  it('filters by code and by name, diacritics and case aside', () => {
    expect(filterOptions(activities, '620').map((option) => option.value)).toEqual(['62011', '62021']);
    expect(filterOptions(activities, 'PROGRAMMING').map((option) => option.value)).toEqual(['62011']);
    expect(filterOptions(activities, 'parnu').map((option) => option.value)).toEqual(['10711']);
    expect(filterOptions(activities, '')).toHaveLength(4);
  });

  it('puts the options that begin with what was typed first: the code, then a word of the name', () => {
    const options: ComboboxOption[] = [
      { value: '16231', label: '16231 Manufacture of wooden doors and windows (6200)' },
      { value: '62011', label: '62011 Computer programming' },
      { value: '58291', label: '58291 Publishing of computer games' },
    ];
    expect(filterOptions(options, '62').map((option) => option.value)).toEqual(['62011', '16231']);
    expect(filterOptions(options, 'comp').map((option) => option.value)).toEqual(['62011', '58291']);
    expect(filterOptions(options, 'games').map((option) => option.value)).toEqual(['58291']);
  });

  it('follows the WAI-ARIA combobox pattern: type, move with arrows, choose with Enter', async () => {
    const user = userEvent.setup();
    render(<Single />);
    const input = screen.getByRole('combobox', { name: 'Main field of activity' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    await user.type(input, '620');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['62011 Computer programming', '62021 Computer consultancy activities']);
    expect(screen.getByText(/Matches: 2/)).toBeTruthy();
    // The first match is active while typing; Down moves on, Up back, wrapping at the ends.
    expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('62011 Computer programming');
    await user.keyboard('{ArrowDown}');
    expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('62021 Computer consultancy activities');
    await user.keyboard('{ArrowDown}');
    expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('62011 Computer programming');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('62021');
    expect((input as HTMLInputElement).value).toBe('62021 Computer consultancy activities');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(input);
  });

  it('Escape closes the list, a second Escape drops what was typed; leaving keeps the last choice', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Single />
        <button type="button">Next</button>
      </>,
    );
    const input = screen.getByRole('combobox', { name: 'Main field of activity' }) as HTMLInputElement;
    await user.type(input, 'internet');
    await user.keyboard('{Enter}');
    expect(input.value).toBe('47911 Retail sale via mail order houses or via Internet');
    await user.type(input, 'xyz');
    expect(screen.getAllByText('No matches').length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Escape}');
    expect(input.value).toBe('47911 Retail sale via mail order houses or via Internet');
    await user.type(input, 'prog');
    await user.tab();
    expect(input.value).toBe('47911 Retail sale via mail order houses or via Internet');
    expect(screen.getByTestId('value').textContent).toBe('47911');
  });

  it('opens with Down and chooses with a click', async () => {
    const user = userEvent.setup();
    render(<Single />);
    const input = screen.getByRole('combobox', { name: 'Main field of activity' });
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')).toHaveLength(4);
    await user.click(screen.getByRole('option', { name: '10711 Pärnu leib' }));
    expect(screen.getByTestId('value').textContent).toBe('10711');
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(screen.getByRole('option', { name: '10711 Pärnu leib' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: '62011 Computer programming' }).getAttribute('aria-selected')).toBe('false');
  });
});

describe('MultiCombobox', () => {
  function Multi({ max = 10 }: { max?: number }) {
    const [values, setValues] = useState<string[]>(['EE']);
    return (
      <MultiCombobox
        label="Target market countries"
        options={[
          { value: 'EE', label: 'Estonia' },
          { value: 'FI', label: 'Finland' },
        ]}
        values={values}
        onChange={setValues}
        repeatMessage="Country already added"
        isRepeat={(current, value) => current.includes(value)}
        max={max}
      />
    );
  }

  it('adds chips, refuses a repeat with the message and removes a chip by its button', async () => {
    const user = userEvent.setup();
    render(<Multi />);
    const input = screen.getByRole('combobox', { name: 'Target market countries' }) as HTMLInputElement;
    await user.type(input, 'fin{Enter}');
    expect(input.value).toBe('');
    const chips = screen.getByRole('list', { name: 'Chosen' });
    expect(chips.textContent).toContain('Estonia');
    expect(chips.textContent).toContain('Finland');
    await user.type(input, 'est{Enter}');
    expect(screen.getByText('Country already added')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Remove Estonia' }));
    expect(screen.queryByRole('button', { name: 'Remove Estonia' })).toBeNull();
    expect(screen.queryByText('Country already added')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('adds none beyond the limit and says so with the domain message', async () => {
    const user = userEvent.setup();
    render(<Multi max={1} />);
    const input = screen.getByRole('combobox', { name: 'Target market countries' }) as HTMLInputElement;
    await user.type(input, 'fin{Enter}');
    expect(screen.getByRole('list', { name: 'Chosen' }).textContent).not.toContain('Finland');
    expect(screen.getByText('Choose less than or equal to 1 options')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
