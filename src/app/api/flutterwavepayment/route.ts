import { flutterwaveRoute } from "@/features/plans/payments/routes";

export const POST = flutterwaveRoute;
