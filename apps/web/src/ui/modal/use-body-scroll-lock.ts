import { useEffect } from 'react';

// Counted, so a modal opened over another does not unlock the page when it closes.
let lockCount = 0;
let savedStyle = { overflow: '', paddingRight: '' };

/** Locks page scrolling while the calling component is mounted. */
export function useBodyScrollLock(): void {
  useEffect(() => {
    const { body, documentElement } = document;
    if (lockCount === 0) {
      // Hiding the scrollbar would shift the page sideways; pad by its width instead.
      const scrollbarWidth = window.innerWidth - documentElement.clientWidth;
      savedStyle = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
      body.style.overflow = 'hidden';
      if (scrollbarWidth > 0) body.style.paddingRight = `${scrollbarWidth}px`;
    }
    lockCount += 1;
    return () => {
      lockCount -= 1;
      if (lockCount > 0) return;
      body.style.overflow = savedStyle.overflow;
      body.style.paddingRight = savedStyle.paddingRight;
    };
  }, []);
}
