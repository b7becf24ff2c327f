import { PolicyPage, policyMetadata } from "@/features/site/components/policy-page";

export const generateMetadata = () => policyMetadata("terms");

export default function TermsPage() {
  return <PolicyPage path="terms" />;
}
