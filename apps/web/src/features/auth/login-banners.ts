export interface LoginBanner {
  title: string;
  text: string;
}

/** Spec section 8: the banner for each `error` query value, `message` overriding where the spec allows. */
export function loginBannerFor(error: string | null, message: string | null): LoginBanner | null {
  if (!error) return null;
  const custom = message?.trim() ? message.trim() : null;
  switch (error) {
    case 'user_not_found':
      return {
        title: 'Account Not Found',
        text:
          custom ?? 'Your account has not been created yet. Please contact your administrator to set up your account.',
      };
    case 'oauth_failed':
      return {
        title: 'Authentication Failed',
        text: 'There was a problem with Microsoft authentication. Please try again.',
      };
    case 'invalid_token':
      return {
        title: 'Invalid Authentication',
        text: 'The authentication token was invalid. Please try signing in again.',
      };
    case 'no_token':
      return {
        title: 'Authentication Incomplete',
        text: 'The authentication process did not complete. Please try again.',
      };
    case 'invalid_user':
      return {
        title: 'User Account Error',
        text: 'There was a problem with your user account. Please contact support.',
      };
    case 'auth_failed':
      return { title: 'Login Failed', text: custom ?? 'Please try again or contact support.' };
    default:
      return {
        title: 'Authentication Error',
        text: custom ?? 'An error occurred during authentication. Please try again.',
      };
  }
}

/** The consultant badge condition, kept as loose as the spec describes it. */
export const looksLikeConsultantEmail = (email: string) => /consultant|implementer/i.test(email);
