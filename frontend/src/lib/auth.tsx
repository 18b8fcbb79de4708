import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import useSWR, { useSWRConfig, type ScopedMutator } from 'swr';

import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { hideLoadingOverlay, showLoadingOverlay } from '@/components/loading-overlay';
import { showToast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { apiPost, clearCsrfToken, getUser, isCsrfError } from '@/lib/api-client';
import type { PublicUser } from '@contract/users';

/** The current user's query key (GET /api/user, a 401 gives null). */
export const USER_KEY = '/api/user';
/** The current user stays fresh 30 minutes. */
export const USER_FRESH_MS = 30 * 60 * 1000;
/** Delay before the page reloads after login or logout. */
export const REDIRECT_DELAY_MS = 800;
/** Session-storage key carrying the welcome toast across the reload after login (its value: the name). */
export const LOGIN_WELCOME_KEY = 'loginWelcome';
/** Local-storage keys cleared on logout ("emailTemplates (cleared on logout)"). */
export const LOGOUT_LOCAL_STORAGE_KEYS = ['emailTemplates'] as const;

function asUser(value: unknown): PublicUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  if (typeof id === 'number') return { ...(value as PublicUser), id: String(id) };
  return typeof id === 'string' && id ? (value as PublicUser) : null;
}

export async function fetchCurrentUser(): Promise<PublicUser | null> {
  return asUser(await getUser<unknown>());
}

/** The signed-in user: `data` is the user, null when signed out, undefined while loading. */
export function useUser() {
  return useSWR<PublicUser | null>(USER_KEY, fetchCurrentUser, {
    dedupingInterval: USER_FRESH_MS,
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

/** Full-screen spinner while the user loads, the page when there is one, otherwise /auth. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: user, isLoading } = useUser();
  if (isLoading) return <FullScreenSpinner />;
  if (!user) return <Navigate to={paths.auth.href} replace />;
  return <>{children}</>;
}

/** Forgets everything the browser holds for the session: cached data, CSRF token, email templates. */
export async function clearClientState(mutate: ScopedMutator): Promise<void> {
  await mutate(() => true, undefined, { revalidate: false });
  await mutate(USER_KEY, null, { revalidate: false });
  clearCsrfToken();
  for (const key of LOGOUT_LOCAL_STORAGE_KEYS) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // storage unavailable: nothing was stored
    }
  }
}

/**
 * Session expiry: clear the user and everything cached, say so, and go
 * to /login.
 */
export async function expireSession(mutate: ScopedMutator): Promise<void> {
  showLoadingOverlay('Session expired. You have been logged out.');
  await clearClientState(mutate);
  showToast({ type: 'error', title: 'Session expired', description: 'Your session has expired. You have been logged out.' });
  window.setTimeout(() => window.location.assign(paths.login.href), REDIRECT_DELAY_MS);
}

/**
 * Log out: "Logging you out...", POST /api/logout, clear cached data, the CSRF
 * token and stored email templates, "Redirecting...", reload after 800 ms. A CSRF validation failure
 * is treated as session expiry.
 */
export function useLogout(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    showLoadingOverlay('Logging you out...');
    try {
      await apiPost('/api/logout');
    } catch (error) {
      if (isCsrfError(error)) {
        await expireSession(mutate);
        return;
      }
      hideLoadingOverlay();
      showToast({ type: 'error', title: 'Logout failed', description: error instanceof Error ? error.message : undefined });
      return;
    }
    await clearClientState(mutate);
    showToast({ type: 'success', title: 'Logged out', description: 'You have been successfully logged out.' });
    showLoadingOverlay('Redirecting...');
    window.setTimeout(() => window.location.reload(), REDIRECT_DELAY_MS);
  }, [mutate]);
}

/**
 * Login: "Logging you in...", POST /api/login, then "Redirecting..." and a
 * full reload after 800 ms. The "Login successful" toast must survive that reload, so the name it greets
 * (the user's name, else the username) waits in session storage until `LoginWelcome` shows it. On
 * failure the overlay goes away and the error is rethrown for the form to report.
 */
export async function signIn(run: () => Promise<PublicUser | null | undefined>, fallbackName: string): Promise<void> {
  showLoadingOverlay('Logging you in...');
  let user: PublicUser | null | undefined;
  try {
    user = await run();
  } catch (error) {
    hideLoadingOverlay();
    throw error;
  }
  const name = user?.name?.trim() || user?.username?.trim() || fallbackName;
  try {
    window.sessionStorage.setItem(LOGIN_WELCOME_KEY, name);
  } catch {
    // storage unavailable: the reload simply comes without the welcome toast
  }
  showLoadingOverlay('Redirecting...');
  window.setTimeout(() => window.location.reload(), REDIRECT_DELAY_MS);
}

function readLoginWelcome(): string | null {
  try {
    return window.sessionStorage.getItem(LOGIN_WELCOME_KEY);
  } catch {
    return null;
  }
}

function WelcomeToast({ name }: { name: string }) {
  const { data: user } = useUser();
  useEffect(() => {
    if (user) showToast({ type: 'success', title: 'Login successful', description: `Welcome back, ${name}!` });
  }, [user, name]);
  return null;
}

/**
 * Rendered once by the app's providers: after the reload that follows a login, greets the user once
 * the session is confirmed (no toast if the sign-in did not hold, e.g. cookies blocked).
 */
export function LoginWelcome() {
  const [name] = useState(readLoginWelcome);
  useEffect(() => {
    try {
      window.sessionStorage.removeItem(LOGIN_WELCOME_KEY);
    } catch {
      // nothing stored
    }
  }, []);
  return name === null ? null : <WelcomeToast name={name} />;
}
