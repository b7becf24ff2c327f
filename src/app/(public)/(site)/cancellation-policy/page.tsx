import { PolicyPage, policyMetadata } from "@/features/site/components/policy-page";

export const generateMetadata = () => policyMetadata("cancellation-policy");

export default function CancellationPolicyPage() {
  return <PolicyPage path="cancellation-policy" />;
}
