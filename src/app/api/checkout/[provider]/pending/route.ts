import { pendingCheckRoute } from "@/features/plans/payments/routes";

export const POST = pendingCheckRoute;
