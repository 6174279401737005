/**
 * Constants with no zod in sight: the web's entry chunk imports these (token timing, legal texts)
 * without pulling the schema library into the first page load.
 */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 256;
export const LEGAL_VERSION = '1.0';
export const LEGAL_REQUIRED_FOR_REGISTRATION =
  'You must accept both the Terms of Service and Privacy Policy to create an account';
export const LEGAL_REQUIRED_TO_CONTINUE = 'You must accept both the Terms of Service and Privacy Policy to continue';

/** Access tokens are JWTs; the web reads `exp` to refresh ahead of expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const TOKEN_REFRESH_MARGIN_SECONDS = 300;
export const TOKEN_REFRESH_CHECK_INTERVAL_MS = 120_000;
export const API_TIMEOUT_MS = 30_000;
