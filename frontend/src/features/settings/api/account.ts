import { apiPost } from '@/lib/api-client';
import type { AccountExport } from '@contract/account';

/** Your data: the export's link, and closing the account with the password typed again. */
export const exportMyData = () => apiPost<AccountExport>('/api/account/export');

export const deleteMyAccount = (password: string) => apiPost<{ message: string }>('/api/account/delete', { password });
