import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import { HeaderBlock } from './header-block';

const editLabel = () => i18n.t('UI.EDIT_TITLE');

function Editable({ onTitleChange }: { onTitleChange: (title: string) => void }) {
  const [title, setTitle] = useState('Example OÜ');
  return (
    <HeaderBlock
      title={title}
      onTitleChange={(next) => {
        onTitleChange(next);
        setTitle(next);
      }}
    />
  );
}

describe('HeaderBlock', () => {
  it('shows a heading and no pencil unless the title is editable', () => {
    render(<HeaderBlock title="Company" headingLevel={1} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Company' })).toBeDefined();
    expect(screen.queryByRole('button', { name: editLabel() })).toBeNull();
  });

  it('edits the title through the pencil button and returns focus to it', async () => {
    const onTitleChange = vi.fn();
    const user = userEvent.setup();
    render(<Editable onTitleChange={onTitleChange} />);
    await user.click(screen.getByRole('button', { name: editLabel() }));
    const input = screen.getByRole('textbox', { name: i18n.t('UI.TITLE') });
    expect(document.activeElement).toBe(input);
    await user.clear(input);
    await user.type(input, '  New name OÜ {Enter}');
    expect(onTitleChange).toHaveBeenCalledWith('New name OÜ');
    expect(screen.getByRole('heading', { name: 'New name OÜ' })).toBeDefined();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: editLabel() }));
  });

  it('cancels with Escape or the cancel button and ignores a blank title', async () => {
    const onTitleChange = vi.fn();
    const user = userEvent.setup();
    render(<Editable onTitleChange={onTitleChange} />);
    await user.click(screen.getByRole('button', { name: editLabel() }));
    await user.type(screen.getByRole('textbox'), 'xyz{Escape}');
    expect(screen.getByRole('heading', { name: 'Example OÜ' })).toBeDefined();

    await user.click(screen.getByRole('button', { name: editLabel() }));
    await user.click(screen.getByRole('button', { name: i18n.t('UI.CANCEL_EDIT') }));
    await user.click(screen.getByRole('button', { name: editLabel() }));
    await user.clear(screen.getByRole('textbox'));
    await user.click(screen.getByRole('button', { name: i18n.t('UI.SAVE_TITLE') }));
    expect(onTitleChange).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Example OÜ' })).toBeDefined();
  });

  it('marks the error variant with an icon and its text', () => {
    const { container } = render(
      <HeaderBlock title="Not verified" variant="error">
        Check the code.
      </HeaderBlock>,
    );
    expect(container.querySelector('[data-icon="error"]')).not.toBeNull();
    expect(screen.getByText('Check the code.')).toBeDefined();
  });
});
