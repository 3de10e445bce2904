import { useRef, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import { MODAL_FADE_IN_MS, MODAL_FADE_OUT_MS } from '@onboarding/domain';
import { Modal, type ModalProps } from './modal';

function Harness(props: Partial<ModalProps>) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      <Modal
        title="Save for later?"
        {...props}
        isOpen={isOpen}
        onClose={() => {
          props.onClose?.();
          setIsOpen(false);
        }}
        footer={
          <>
            <button type="button">Cancel</button>
            <button type="button">Confirm</button>
          </>
        }
      >
        <input aria-label="Note" />
      </Modal>
    </>
  );
}

const closeLabel = () => i18n.t('UI.CLOSE');

afterEach(() => {
  vi.useRealTimers();
});

describe('Modal', () => {
  it('uses the fade durations of docs/requirements.md section 9', () => {
    expect(MODAL_FADE_IN_MS).toBe(300);
    expect(MODAL_FADE_OUT_MS).toBe(200);
  });

  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens as a modal dialog named by its title, in a portal on document.body', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness description="We e-mail you a link." />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Save for later?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(container.contains(dialog)).toBe(false);
    expect(document.body.contains(dialog)).toBe(true);
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('We e-mail you a link.');
  });

  it('moves focus into the modal and keeps Tab and Shift+Tab inside it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const note = screen.getByRole('textbox', { name: 'Note' });
    const close = screen.getByRole('button', { name: closeLabel() });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(document.activeElement).toBe(note);

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(note);
  });

  it('focuses the element given as initialFocusRef', () => {
    function WithInitialFocus() {
      const target = useRef<HTMLButtonElement>(null);
      return (
        <Modal isOpen onClose={() => {}} title="Title" initialFocusRef={target}>
          <button type="button">First</button>
          <button type="button" ref={target}>
            Second
          </button>
        </Modal>
      );
    }
    render(<WithInitialFocus />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Second' }));
  });

  it('closes on Escape and returns focus to the element that opened it', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from its labelled close button and from a backdrop click', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: closeLabel() }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const backdrop = screen.getAllByRole('dialog').at(-1)?.parentElement;
    if (!backdrop) throw new Error('no backdrop');
    await user.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('does not close from a press that starts inside and ends on the backdrop', () => {
    const onClose = vi.fn();
    render(
      <Modal isOpen onClose={onClose} title="Title">
        <p>Text</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog');
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog.parentElement as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('when not closable, has no close button and ignores Escape and backdrop clicks', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Modal isOpen isClosable={false} onClose={onClose} title="Session ends soon">
        <button type="button">Stay signed in</button>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Session ends soon' });
    expect(screen.queryByRole('button', { name: closeLabel() })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(dialog.parentElement as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('stays mounted through the 200 ms fade-out, then unmounts', () => {
    vi.useFakeTimers();
    const onExited = vi.fn();
    render(<Harness onExited={onExited} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.parentElement?.getAttribute('data-state')).toBe('open');

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    // Leaving, it is no longer focusable or exposed as the active dialog, but still on screen.
    expect(dialog.isConnected).toBe(true);
    expect(dialog.parentElement?.getAttribute('data-state')).toBe('closing');
    expect(dialog.hasAttribute('inert')).toBe(true);

    act(() => vi.advanceTimersByTime(MODAL_FADE_OUT_MS - 1));
    expect(dialog.isConnected).toBe(true);
    expect(onExited).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(dialog.isConnected).toBe(false);
    expect(onExited).toHaveBeenCalledOnce();
  });

  it('reopening during the fade-out keeps the same dialog open', () => {
    vi.useFakeTimers();
    const props = { onClose: () => {}, title: 'Title' };
    const { rerender } = render(<Modal {...props} isOpen />);
    rerender(<Modal {...props} isOpen={false} />);
    act(() => vi.advanceTimersByTime(MODAL_FADE_OUT_MS / 2));
    rerender(<Modal {...props} isOpen />);
    act(() => vi.advanceTimersByTime(MODAL_FADE_OUT_MS));
    expect(screen.getByRole('dialog').parentElement?.getAttribute('data-state')).toBe('open');
  });

  it('unmounts at once when the user prefers reduced motion', () => {
    vi.useFakeTimers();
    const matchMedia = vi.fn((query: string) => ({ matches: query.includes('reduce') }) as MediaQueryList);
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const props = { onClose: () => {}, title: 'Title' };
      const { rerender } = render(<Modal {...props} isOpen />);
      rerender(<Modal {...props} isOpen={false} />);
      act(() => vi.advanceTimersByTime(0));
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('locks page scrolling while open and restores it after', () => {
    vi.useFakeTimers();
    document.body.style.overflow = 'auto';
    const props = { onClose: () => {}, title: 'Title' };
    const { rerender } = render(<Modal {...props} isOpen />);
    expect(document.body.style.overflow).toBe('hidden');
    rerender(<Modal {...props} isOpen={false} />);
    act(() => vi.advanceTimersByTime(MODAL_FADE_OUT_MS));
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('lets only the innermost of two open modals answer Escape', async () => {
    const outer = vi.fn();
    const inner = vi.fn();
    const user = userEvent.setup();
    const tree = (isInnerOpen: boolean) => (
      <Modal isOpen onClose={outer} title="Outer">
        <Modal isOpen={isInnerOpen} onClose={inner} title="Inner">
          <button type="button">Inside</button>
        </Modal>
      </Modal>
    );
    const { rerender } = render(tree(false));
    rerender(tree(true));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    await user.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledOnce();
    expect(outer).not.toHaveBeenCalled();
  });
});
