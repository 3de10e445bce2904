export { TOAST_DURATION_MS, TOAST_VARIANTS, useToast, type ToastApi, type ToastOptions, type ToastVariant } from './toast-context';
export { ToastProvider } from './toast-provider';
