import { LOGO_HEIGHT_PX, LOGO_MAX_WIDTH_PX, LOGO_SIZE_DEFAULT } from '@keel/contract';
import { logoSrc } from '../organization.api';

interface OrganizationLogoProps {
  organizationId: string;
  organizationName: string;
  logoUrl: string | null;
  /** Percent of the 96 px base height. */
  logoSize: number | null | undefined;
  /** A local preview (object URL) shown instead of the stored logo. */
  previewSrc?: string;
  /** Shrinks the base height on narrow screens so the top bar still fits. */
  className?: string;
}

/** Spec section 9: height 96 px scaled by logo_size %, width at most 300 px; nothing without a logo. */
export function OrganizationLogo({
  organizationId,
  organizationName,
  logoUrl,
  logoSize,
  previewSrc,
  className,
}: OrganizationLogoProps) {
  if (!logoUrl && !previewSrc) return null;
  const height = Math.round((LOGO_HEIGHT_PX * (logoSize ?? LOGO_SIZE_DEFAULT)) / 100);
  return (
    <img
      src={previewSrc ?? logoSrc(organizationId, logoUrl)}
      alt={`${organizationName} logo`}
      style={{ height, maxWidth: LOGO_MAX_WIDTH_PX }}
      className={className ?? 'w-auto object-contain'}
    />
  );
}
