import { wantToasts } from '../islands/store';

type ToastType = 'success' | 'error' | 'info';

/**
 * Toasts without their weight on the first screen: the region (Chakra and Zag's toast machine)
 * is drawn by the island host, which a page fetches with its first island or its first toast.
 */
function show(type: ToastType, title: string, description?: string) {
  wantToasts();
  void import('./toast-region').then(({ toaster }) => {
    // At most one toast: a new one replaces the one showing rather than queueing behind it.
    toaster.remove();
    toaster.create({ type, title, description, closable: true });
  });
}

export const toast = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
};
