import { portalRoute } from "@/features/plans/payments/routes";

export const POST = portalRoute;
