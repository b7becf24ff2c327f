import { PolicyPage, policyMetadata } from "@/features/site/components/policy-page";

export const generateMetadata = () => policyMetadata("refund-policy");

export default function RefundPolicyPage() {
  return <PolicyPage path="refund-policy" />;
}
