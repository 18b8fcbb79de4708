/**
 * Tells the app's other tabs that the signed-in user's address was just verified (the
 * unverified banner goes once the address is verified, also in the tab that showed it while the link
 * was opened in another). A `storage` event reaches every other tab of the origin; the value is only
 * a time, never anything about the user.
 */
export const EMAIL_VERIFIED_SIGNAL_KEY = 'emailVerifiedAt';

export function announceEmailVerified(): void {
  try {
    localStorage.setItem(EMAIL_VERIFIED_SIGNAL_KEY, String(Date.now()));
  } catch {
    // Storage may be unavailable (private mode, quota): the other tabs then learn it on their next fetch.
  }
}

/** Calls `onVerified` when another tab announces a verification; answers the unsubscribe. */
export function onEmailVerifiedElsewhere(onVerified: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === EMAIL_VERIFIED_SIGNAL_KEY && event.newValue) onVerified();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
