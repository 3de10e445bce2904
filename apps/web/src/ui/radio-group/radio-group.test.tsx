import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup, type RadioOption } from './radio-group';

const options: RadioOption[] = [
  { value: 'et', label: 'Estonian' },
  { value: 'en', label: 'English', hint: 'For international teams' },
  { value: 'ru', label: 'Russian' },
];

describe('RadioGroup', () => {
  it('is a group named by its legend, with labelled radios', () => {
    render(<RadioGroup legend="Contact language" name="language" options={options} defaultValue="en" />);
    const group = screen.getByRole('group', { name: 'Contact language' });
    expect(group.tagName).toBe('FIELDSET');
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);
    const english = screen.getByRole('radio', { name: 'English' });
    expect(document.getElementById(english.getAttribute('aria-describedby') ?? '')?.textContent).toBe('For international teams');
  });

  it('reports the chosen value when controlled', async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [value, setValue] = useState('et');
      return (
        <RadioGroup
          legend="Contact language"
          name="language"
          options={options}
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByText('Russian'));
    expect(onChange).toHaveBeenCalledWith('ru');
    expect((screen.getByRole('radio', { name: 'Russian' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows its error only once focus has left the whole group', async () => {
    const onBlur = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <RadioGroup legend="Contact language" name="language" options={options} error="Choose a language." onBlur={onBlur} />
        <button type="button">Next</button>
      </>,
    );
    await user.click(screen.getByRole('radio', { name: 'Estonian' }));
    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(onBlur).not.toHaveBeenCalled();
    expect(screen.queryByText('Choose a language.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onBlur).toHaveBeenCalledOnce();
    const group = screen.getByRole('group', { name: 'Contact language' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a language.').closest('[aria-live="polite"]')).not.toBeNull();
    const groupDescription = group.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(groupDescription)?.textContent).toBe('Choose a language.');
    const radioDescription = screen.getByRole('radio', { name: 'Russian' }).getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(radioDescription)?.textContent).toBe('Choose a language.');
  });

  it('gives its ref to the checked radio so a form can focus it', () => {
    const ref = { current: null as HTMLInputElement | null };
    render(<RadioGroup legend="Contact language" name="language" options={options} value="ru" onChange={() => {}} ref={ref} />);
    expect(ref.current).toBe(screen.getByRole('radio', { name: 'Russian' }));
  });
});
