import { paypalRoute } from "@/features/plans/payments/routes";

export const POST = paypalRoute;
