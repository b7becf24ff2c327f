import { adminShape, userShape } from "@/features/admin/api-shapes";
import { listQuerySchema } from "@/features/admin/schemas";
import { listUsers } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

/**
 * SPEC "admins and users": the admins (Super first by type) and the users who could be promoted,
 * both searched by `q` and cut to the same `page` and `limit`.
 */
export const GET = apiRoute.admin({ query: listQuerySchema }, async ({ query }) => {
  const [admins, others] = await Promise.all([listUsers(query, ["super", "admin"]), listUsers(query, ["user"])]);
  return Response.json(
    {
      admins: admins.items.map(adminShape),
      adminsTotal: admins.total,
      users: others.items.map(userShape),
      usersTotal: others.total,
      page: query.page,
      limit: query.limit,
    },
    { headers: { "cache-control": "private, no-store" } },
  );
});
