import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Input } from './input';

const describedTexts = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Input', () => {
  it('binds its label and hint to the input', () => {
    render(<Input label="E-mail" hint="We send the link here." name="email" type="email" />);
    const input = screen.getByLabelText('E-mail');
    expect(input).toBe(screen.getByRole('textbox', { name: 'E-mail' }));
    expect(input.getAttribute('name')).toBe('email');
    expect(input.getAttribute('type')).toBe('email');
    expect(describedTexts(input)).toEqual(['We send the link here.']);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('shows its error only after the field was touched (blurred)', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(<Input label="E-mail" hint="Hint" error="Enter a valid e-mail address." onBlur={onBlur} />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(screen.queryByText('Enter a valid e-mail address.')).toBeNull();
    expect(input.hasAttribute('aria-invalid')).toBe(false);

    await user.click(input);
    await user.type(input, 'name@');
    expect(screen.queryByText('Enter a valid e-mail address.')).toBeNull();

    await user.tab();
    expect(onBlur).toHaveBeenCalledOnce();
    const error = screen.getByText('Enter a valid e-mail address.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedTexts(input)).toEqual(['Hint', 'Enter a valid e-mail address.']);
    expect(error.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('follows isTouched when given, as react-hook-form passes fieldState.isTouched', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Input label="Name" error="Required" isTouched={false} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.click(input);
    await user.tab();
    expect(screen.queryByText('Required')).toBeNull();

    rerender(<Input label="Name" error="Required" isTouched />);
    expect(screen.getByText('Required')).toBeDefined();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps the live region in the page before the error appears', () => {
    const { rerender } = render(<Input label="Name" isTouched />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    const region = document.getElementById(`${input.id}-error`);
    expect(region?.getAttribute('aria-live')).toBe('polite');
    rerender(<Input label="Name" isTouched error="Required" />);
    expect(region?.textContent).toBe('Required');
    expect(describedTexts(input)).toEqual(['Required']);
  });

  it('hides the error again once it is fixed', () => {
    const { rerender } = render(<Input label="Name" isTouched error="Required" />);
    rerender(<Input label="Name" isTouched />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('works controlled and keeps a caller id and description', async () => {
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <>
          <p id="extra">Extra</p>
          <Input label="Code" id="code" aria-describedby="extra" value={value} onChange={(event) => setValue(event.target.value)} suffix="EUR" />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input.id).toBe('code');
    await user.type(input, '123');
    expect((input as HTMLInputElement).value).toBe('123');
    expect(describedTexts(input)).toEqual(['Extra', 'EUR']);
  });

  it('keeps a hidden label readable', () => {
    render(<Input label="Search" isLabelHidden variant="bubble" leadingIcon="search" type="search" />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeDefined();
  });
});
