/** Tables the plans feature writes: the payment ledger (subscriptions, payments, applied webhooks). (docs/table-owners.md) */
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { userPlan, users } from "./accounts";
import { createdAt, updatedAt } from "./columns";

/**
 * Who a ledger row came from: the five payment providers (their ids in
 * src/features/plans/payments/providers.ts; a lint keeps the two lists equal) and `admin`, an
 * admin's grant. A closed list in the database: a row from a provider the code does not know is
 * refused by the database itself, and adding a provider adds its value in a migration.
 */
export const paymentProvider = pgEnum("payment_provider", [
  "stripe",
  "paypal",
  "paystack",
  "flutterwave",
  "razorpay",
  "admin",
]);

export const subscriptionStatus = pgEnum("subscription_status", [
  "pending",
  "active",
  "past_due",
  "canceled",
  "expired",
]);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: userPlan("plan").notNull(),
    /** The payment provider's id, e.g. "stripe" (shown as the payment method), or "admin" for a grant. */
    provider: paymentProvider("provider").notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    providerCustomerId: text("provider_customer_id"),
    status: subscriptionStatus("status").notNull().default("pending"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** What each period costs, in minor units with its currency; null for an admin grant (provider "admin"). */
    amountMinor: integer("amount_minor"),
    currency: text("currency"),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId),
    uniqueIndex("subscriptions_provider_id_key").on(t.provider, t.providerSubscriptionId),
  ],
);

export const paymentStatus = pgEnum("payment_status", ["pending", "succeeded", "failed", "refunded"]);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Kept (set null) when the user is deleted: payments are accounting records. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    plan: userPlan("plan").notNull(),
    provider: paymentProvider("provider").notNull(),
    providerPaymentId: text("provider_payment_id"),
    /** Money in minor units (cents) with its currency. */
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: paymentStatus("status").notNull().default("pending"),
    /** How much of it was refunded (minor units); revenue is amount minus this. */
    refundedMinor: integer("refunded_minor").notNull().default(0),
    /** The billing form: firstName, lastName, email, address, city, state, zipCode, country. */
    billing: jsonb("billing"),
    /** When the receipt mail went out: set once, so a reload of the success page sends no second one. */
    receiptSentAt: timestamp("receipt_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId),
    uniqueIndex("payments_provider_id_key").on(t.provider, t.providerPaymentId),
  ],
);

/**
 * Provider webhook deliveries already applied: written in the same transaction as the change
 * they made, so a retried or replayed delivery finds its id here and changes nothing.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: paymentProvider("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
