/** Product facts the screens need. Deployment-specific values come from Vite env variables. */
export const PRODUCT_NAME = 'Keel';
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@keel.app';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Spec section 2: on an organization's subdomain of the product domain (not www, not the bare
 * domain) the home page sends visitors to sign-in. localhost and IP addresses count as bare.
 * Without VITE_PRODUCT_DOMAIN, the product domain is taken as the host's last two labels.
 */
export function isTenantSubdomain(
  hostname: string,
  productDomain: string | undefined = import.meta.env.VITE_PRODUCT_DOMAIN,
): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || IPV4.test(host) || host.includes(':')) return false;
  const domain = productDomain?.toLowerCase() ?? host.split('.').slice(-2).join('.');
  if (host === domain || !host.endsWith(`.${domain}`)) return false;
  const sub = host.slice(0, -(domain.length + 1));
  return sub !== 'www' && sub !== '';
}
