import { cancelRoute } from "@/features/plans/payments/routes";

export const POST = cancelRoute();
