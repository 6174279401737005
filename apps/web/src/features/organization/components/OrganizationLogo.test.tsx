import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { OrganizationLogo } from './OrganizationLogo';

describe('OrganizationLogo', () => {
  it('is 96 px high scaled by logo_size, at most 300 px wide, served by the API', () => {
    render(<OrganizationLogo organizationId="org-1" organizationName="Acme" logoUrl="logo-v2" logoSize={50} />);
    const image = screen.getByRole<HTMLImageElement>('img', { name: 'Acme logo' });
    expect(image.style.height).toBe('48px');
    expect(image.style.maxWidth).toBe('300px');
    expect(image.getAttribute('src')).toBe('/api/v1/organizations/org-1/logo?v=logo-v2');
  });

  it('renders nothing without a logo', () => {
    const { container } = render(
      <OrganizationLogo organizationId="org-1" organizationName="Acme" logoUrl={null} logoSize={100} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
