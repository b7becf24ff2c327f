import { subscriptionDetailRoute } from "@/features/plans/payments/routes";

export const POST = subscriptionDetailRoute;
