import { describe, expect, it } from 'vitest';
import { loginBannerFor, looksLikeConsultantEmail } from './login-banners';

describe('loginBannerFor (spec section 8)', () => {
  it.each([
    [
      'user_not_found',
      null,
      'Account Not Found',
      'Your account has not been created yet. Please contact your administrator to set up your account.',
    ],
    ['user_not_found', 'Ask Grace to invite you', 'Account Not Found', 'Ask Grace to invite you'],
    [
      'oauth_failed',
      'ignored',
      'Authentication Failed',
      'There was a problem with Microsoft authentication. Please try again.',
    ],
    [
      'invalid_token',
      null,
      'Invalid Authentication',
      'The authentication token was invalid. Please try signing in again.',
    ],
    ['no_token', null, 'Authentication Incomplete', 'The authentication process did not complete. Please try again.'],
    ['invalid_user', null, 'User Account Error', 'There was a problem with your user account. Please contact support.'],
    ['auth_failed', null, 'Login Failed', 'Please try again or contact support.'],
    ['auth_failed', 'Google said no', 'Login Failed', 'Google said no'],
    ['something_else', null, 'Authentication Error', 'An error occurred during authentication. Please try again.'],
    ['something_else', 'Custom text', 'Authentication Error', 'Custom text'],
  ])('%s with message %s', (error, message, title, text) => {
    expect(loginBannerFor(error, message)).toEqual({ title, text });
  });

  it('shows nothing without an error parameter', () => {
    expect(loginBannerFor(null, 'a message alone')).toBeNull();
  });
});

describe('looksLikeConsultantEmail', () => {
  it.each([
    ['jane.consultant@firm.com', true],
    ['implementer@anything.io', true],
    ['jane@example.com', false],
  ])('%s → %s', (email, expected) => {
    expect(looksLikeConsultantEmail(email)).toBe(expected);
  });
});
