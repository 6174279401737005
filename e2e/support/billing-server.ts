/**
 * The third server of the journeys: the same app billing through Stripe, played by the stand-in of
 * stripe-stand-in-server.ts on the next port (Checkout and the portal are its pages; it tells the server by
 * signed events). Ports follow the main one: +3 is the server without mail.
 */
export const BILLING_PORT = Number(process.env.E2E_BILLING_PORT ?? Number(process.env.E2E_PORT ?? 3917) + 4);
export const STRIPE_STAND_IN_PORT = BILLING_PORT + 1;
export const BILLING_BASE_URL = `http://127.0.0.1:${BILLING_PORT}`;
