import { webhookRoute } from "@/features/plans/payments/routes";

export const POST = webhookRoute;
