/**
 * The second server of the journeys: the same app with no SMTP_URL, so mail is only logged. Its port
 * follows the main one (which uses +1 for the mail capture and +2 for the OpenID provider).
 */
export const NO_MAIL_PORT = Number(process.env.E2E_NO_MAIL_PORT ?? Number(process.env.E2E_PORT ?? 3917) + 3);
export const NO_MAIL_BASE_URL = `http://127.0.0.1:${NO_MAIL_PORT}`;
