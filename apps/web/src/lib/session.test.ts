import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  clearSession,
  getSession,
  restoreSession,
  signIn,
  updateSessionUser,
  useSession,
} from '@/lib/session';
import { makeUser } from '@/test/fixtures';

describe('session store', () => {
  it('restores a stored token and valid user', () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('user', JSON.stringify(makeUser()));

    restoreSession();

    expect(getSession()).toEqual({ token: 'tok-1', user: makeUser() });
  });

  it.each([
    ['a user that fails the schema', JSON.stringify({ ...makeUser(), tipo: 'superuser' })],
    ['a user missing fields', JSON.stringify({ id: 7, nome: 'Maria' })],
    ['a user that is not JSON', '{not json'],
  ])('clears %s together with the token', (_, storedUser) => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('user', storedUser);

    restoreSession();

    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('clears a token stored without a user', () => {
    localStorage.setItem('token', 'tok-1');

    restoreSession();

    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs in, refreshes the user and signs out, re-rendering subscribers each time', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();

    act(() => signIn('tok-1', makeUser()));
    expect(result.current?.user.creditos).toBe(12.5);
    expect(localStorage.getItem('token')).toBe('tok-1');

    act(() => updateSessionUser(makeUser({ creditos: 3 })));
    expect(result.current?.user.creditos).toBe(3);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').creditos).toBe(3);

    act(() => clearSession());
    expect(result.current).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
