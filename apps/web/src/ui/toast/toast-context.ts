import { createContext, useContext } from 'react';

export const TOAST_VARIANTS = ['success', 'error', 'info'] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];

/** Long enough to read two lines twice; hovering or focusing a toast pauses it (WCAG 2.2.1). */
export const TOAST_DURATION_MS = 6000;

export type ToastOptions = {
  variant?: ToastVariant;
  /** Already translated. */
  title: string;
  /** Already translated. */
  message?: string;
  /** Milliseconds before it dismisses itself; null keeps it until closed. */
  duration?: number | null;
};

export type ToastApi = {
  /** Returns the toast's id, for dismissToast. */
  showToast: (options: ToastOptions) => string;
  dismissToast: (id: string) => void;
};

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
