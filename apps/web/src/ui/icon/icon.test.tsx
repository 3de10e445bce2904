import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon } from './icon';
import { ICON_NAMES, ICON_SIZES } from './icon-names';

// docs/requirements.md section 9, verbatim.
const SPEC_ICONS =
  'add, addCircleFilled, arrowLeft, check, checkCircle, checkboxCheck, checkboxOn, chevronDown, chevronRight, clock, close, coins, creditCard, download, edit, error, idCard, infoBubble, infoCircle, loading, location, mobileId, pencil, person, remove, search, smartId, wallet, work, world, x';

describe('Icon', () => {
  it('has exactly the 31 icons the specification names', () => {
    expect(ICON_NAMES).toHaveLength(31);
    expect(ICON_NAMES.join(', ')).toBe(SPEC_ICONS);
  });

  it.each(ICON_NAMES)('draws %s as a 24x24 SVG with content', (name) => {
    const { container } = render(<Icon name={name} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.getAttribute('data-icon')).toBe(name);
    expect(svg?.querySelectorAll('path, circle, rect, ellipse').length).toBeGreaterThan(0);
  });

  it('draws every icon differently', () => {
    const drawings = ICON_NAMES.map((name) => render(<Icon name={name} />).container.querySelector('svg')?.innerHTML);
    expect(new Set(drawings).size).toBe(ICON_NAMES.length);
  });

  it('is decorative unless labelled', () => {
    const { container } = render(<Icon name="check" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.hasAttribute('role')).toBe(false);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('becomes an image with a name when labelled', () => {
    render(<Icon name="error" label="Error" />);
    const img = screen.getByRole('img', { name: 'Error' });
    expect(img.hasAttribute('aria-hidden')).toBe(false);
  });

  it.each(ICON_SIZES)('renders at size %s', (size) => {
    const { container } = render(<Icon name="world" size={size} />);
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
