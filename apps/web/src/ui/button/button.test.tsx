import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a plain button unless asked to submit', () => {
    render(
      <>
        <Button>Plain</Button>
        <Button type="submit">Send</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Plain' })).toHaveProperty('type', 'button');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('type', 'submit');
  });

  it('while loading is disabled, busy, shows the spinning loading icon and keeps its name', async () => {
    const onClick = vi.fn();
    render(
      <Button isLoading onClick={onClick}>
        Continue
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    const spinner = screen.getByTestId('button-spinner');
    expect(spinner.getAttribute('data-icon')).toBe('loading');
    expect(spinner.getAttribute('aria-hidden')).toBe('true');
    expect(button.contains(spinner)).toBe(true);

    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is enabled and not busy when not loading', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Continue</Button>);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toHaveProperty('disabled', false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(screen.queryByTestId('button-spinner')).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('stays disabled when disabled explicitly', () => {
    render(<Button disabled>Continue</Button>);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
  });

  it('hides its icons from assistive technology', () => {
    const { container } = render(
      <Button leadingIcon="arrowLeft" trailingIcon="chevronRight">
        Back
      </Button>,
    );
    const icons = container.querySelectorAll('svg');
    expect(icons).toHaveLength(2);
    icons.forEach((icon) => expect(icon.getAttribute('aria-hidden')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Back' })).toBeDefined();
  });

  it('passes the ref to the button element', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Go</Button>);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Go' }));
  });
});
