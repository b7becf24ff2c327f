import { PolicyPage, policyMetadata } from "@/features/site/components/policy-page";

export const generateMetadata = () => policyMetadata("subscription-billing-policy");

export default function SubscriptionBillingPolicyPage() {
  return <PolicyPage path="subscription-billing-policy" />;
}
