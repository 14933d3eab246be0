import type { TeamBrand } from "@/lib/branding/team-branding";
import { BrandingForm } from "./branding-form";
import { BrandLogoUpload } from "./brand-logo-upload";

/** The Team page's Branding card (admins and the owner): the logo, then the colour and the mark. */
export function BrandingCard({ brand }: { brand: TeamBrand }) {
  const logoSrc = brand.logo && `/api/dashboard/team/logo?v=${brand.logo.hash}`;
  return (
    <div className="space-y-6" data-testid="branding-card">
      <BrandLogoUpload logoSrc={logoSrc} />
      <BrandingForm accentColor={brand.accentColor} hidePagewiseMark={brand.hidePagewiseMark} logoSrc={logoSrc} />
    </div>
  );
}
