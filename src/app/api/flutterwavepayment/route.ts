import { checkoutRoute } from "@/features/plans/payments/routes";

export const POST = checkoutRoute("flutterwave", "inline");
