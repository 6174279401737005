import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../test-utils/fetch-stub';
import {
  clearTokens,
  decodeTokenExpiry,
  getAccessToken,
  getRefreshToken,
  isRefreshDue,
  isTokenExpired,
  storeTokens,
} from './tokens';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const nowSeconds = NOW / 1000;

describe('decodeTokenExpiry', () => {
  it('reads exp from a JWT payload, including base64url characters', () => {
    expect(decodeTokenExpiry(fakeJwt(nowSeconds + 900))).toBe(nowSeconds + 900);
  });

  it.each([['not-a-token'], ['a.b.c'], [''], [`x.${btoa('{"sub":"1"}')}.y`], [`x.${btoa('{"exp":"soon"}')}.y`]])(
    'returns null for %s',
    (token) => {
      expect(decodeTokenExpiry(token)).toBeNull();
    },
  );
});

describe('isTokenExpired (spec section 5)', () => {
  it('counts a token expiring within 300 s as expired', () => {
    expect(isTokenExpired(fakeJwt(nowSeconds + 300), NOW)).toBe(true);
    expect(isTokenExpired(fakeJwt(nowSeconds + 120), NOW)).toBe(true);
  });

  it('counts a token with more than 300 s left as valid', () => {
    expect(isTokenExpired(fakeJwt(nowSeconds + 301), NOW)).toBe(false);
  });

  it('counts an already expired, an undecodable and a missing token as expired', () => {
    expect(isTokenExpired(fakeJwt(nowSeconds - 10), NOW)).toBe(true);
    expect(isTokenExpired('garbage', NOW)).toBe(true);
    expect(isTokenExpired(null, NOW)).toBe(true);
  });
});

describe('isRefreshDue (spec section 9)', () => {
  it('is due inside the 5-minute margin while the token is still valid', () => {
    expect(isRefreshDue(fakeJwt(nowSeconds + 299), NOW)).toBe(true);
    expect(isRefreshDue(fakeJwt(nowSeconds + 1), NOW)).toBe(true);
  });

  it('is not due far from expiry, once expired, or for an unreadable token', () => {
    expect(isRefreshDue(fakeJwt(nowSeconds + 900), NOW)).toBe(false);
    expect(isRefreshDue(fakeJwt(nowSeconds - 1), NOW)).toBe(false);
    expect(isRefreshDue('garbage', NOW)).toBe(false);
  });
});

describe('token storage', () => {
  it('stores and clears both tokens under the spec keys', () => {
    storeTokens('access', 'refresh');
    expect(localStorage.getItem('accessToken')).toBe('access');
    expect(localStorage.getItem('refreshToken')).toBe('refresh');
    expect(getAccessToken()).toBe('access');
    expect(getRefreshToken()).toBe('refresh');
    clearTokens();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });
});
