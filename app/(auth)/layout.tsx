import { BrandCardPage } from "@/components/ui/brand-card-page";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return <BrandCardPage cardClassName="max-w-sm p-6">{children}</BrandCardPage>;
}
