import { startRoute } from "@/features/plans/payments/routes";

export const POST = startRoute;
