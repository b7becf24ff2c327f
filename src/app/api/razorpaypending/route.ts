import { pendingRoute } from "@/features/plans/payments/routes";

export const POST = pendingRoute("razorpay");
