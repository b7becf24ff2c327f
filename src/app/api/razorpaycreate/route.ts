import { razorpayCreateRoute } from "@/features/plans/payments/routes";

export const POST = razorpayCreateRoute;
