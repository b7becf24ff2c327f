import { sql, type SQL } from "drizzle-orm";
import { users } from "./schema";

type PlanValue = (typeof users.plan.enumValues)[number];

/**
 * The plan a user is on now: the granted plan until its period ends, then Free. Every read of a
 * user's plan (the session, lists, figures) goes through this one expression, so an unpaid
 * period falls back to Free at the moment it ends without a job to flip it.
 */
export const effectivePlanSql: SQL<PlanValue> = sql<PlanValue>`(case when ${users.planExpiresAt} is null or ${users.planExpiresAt} > now() then ${users.plan} else 'free'::user_plan end)`;

/**
 * Whether a user pays now (Monthly or Annual in force): the SQL side of the plans feature's
 * `isPaidPlan`, for the lists and figures that filter or count paying users in the query.
 */
export const onPaidPlanSql: SQL<boolean> = sql<boolean>`(${effectivePlanSql} <> 'free')`;
