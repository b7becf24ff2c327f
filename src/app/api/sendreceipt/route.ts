import { sendReceiptRoute } from "@/features/plans/payments/routes";

export const POST = sendReceiptRoute;
