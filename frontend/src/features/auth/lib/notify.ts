import { showToast } from '@/components/ui/toaster';

import { isNetworkError, serverError } from '../api/accounts';

/**
 * The failure toast of an account call: the server's own error when it answered with one, else the
 * page's fallback text; a request that got no answer gets the page's network wording when it has one.
 */
export function toastFailure(error: unknown, options: { title: string; fallback: string; network?: { title?: string; description: string } }): void {
  if (isNetworkError(error) && options.network) {
    showToast({ type: 'error', title: options.network.title ?? options.title, description: options.network.description });
    return;
  }
  showToast({ type: 'error', title: options.title, description: serverError(error) ?? options.fallback });
}

export function toastSuccess(title: string, description?: string): void {
  showToast({ type: 'success', title, description });
}
