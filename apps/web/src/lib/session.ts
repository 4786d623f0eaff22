import type { PublicUser } from '@painel/shared/schemas/user';
import { useSyncExternalStore } from 'react';

import { publicUserShape } from '@/lib/first-load-schemas';

/**
 * The signed-in session (docs/product/sessions.md#sessions): token and user kept in localStorage under the
 * keys 'token' and 'user', mirrored in a tiny external store so every component re-renders on
 * sign-in, profile refresh and sign-out.
 */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface Session {
  token: string;
  user: PublicUser;
}

/**
 * Why the last session ended. The route guard reads it so that a guarded page that loses its
 * session sends the user to the same place the API client does (/sessao-encerrada on eviction).
 */
export type SessionEndReason = 'logout' | 'evicted' | 'expired' | 'unauthorized';

export interface SessionState {
  session: Session | null;
  endReason: SessionEndReason | null;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let state: SessionState = { session: null, endReason: null };

function emit(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function parseStoredUser(raw: string | null): PublicUser | null {
  if (raw === null) return null;
  try {
    const parsed = publicUserShape.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function removeStored() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/**
 * Reads the session from localStorage. A token without a valid user (or a user without a token)
 * is not a session: both keys are removed so the next load starts clean. Another tab's writes
 * are only read (`removeInvalid: false`), never undone, since that tab may be mid-sign-in.
 */
export function restoreSession({ removeInvalid = true } = {}): SessionState {
  const token = localStorage.getItem(TOKEN_KEY);
  const user = parseStoredUser(localStorage.getItem(USER_KEY));
  if (token && user) {
    emit({ session: { token, user }, endReason: null });
  } else {
    const leftovers = token !== null || localStorage.getItem(USER_KEY) !== null;
    if (removeInvalid && leftovers) removeStored();
    emit({ session: null, endReason: null });
  }
  return state;
}

export function getSession(): Session | null {
  return state.session;
}

export function getSessionState(): SessionState {
  return state;
}

export function signIn(token: string, user: PublicUser) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  emit({ session: { token, user }, endReason: null });
}

/** Writes a fresher copy of the signed-in user (from GET /profile) back to the store. */
export function updateSessionUser(user: PublicUser) {
  if (!state.session) return;
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  emit({ session: { token: state.session.token, user }, endReason: null });
}

/** Ends the session: both keys go, whatever the reason. */
export function clearSession(reason: SessionEndReason = 'logout') {
  removeStored();
  emit({ session: null, endReason: reason });
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current session state; re-renders the caller whenever it changes. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

export function useSession(): Session | null {
  return useSessionState().session;
}

let watchingOtherTabs = false;

/** Signing in or out in another tab changes localStorage; follow it here too. */
export function followSessionAcrossTabs() {
  if (watchingOtherTabs) return;
  watchingOtherTabs = true;
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) {
      restoreSession({ removeInvalid: false });
    }
  });
}

restoreSession();
