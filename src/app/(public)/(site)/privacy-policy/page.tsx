import { PolicyPage, policyMetadata } from "@/features/site/components/policy-page";

export const generateMetadata = () => policyMetadata("privacy-policy");

export default function PrivacyPolicyPage() {
  return <PolicyPage path="privacy-policy" />;
}
