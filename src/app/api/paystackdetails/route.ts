import { detailsRoute } from "@/features/plans/payments/routes";

export const POST = detailsRoute("paystack");
