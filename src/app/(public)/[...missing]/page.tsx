import { notFound } from "next/navigation";
import { logger } from "@/server/logger";

/**
 * Any path no route matches lands here: it is logged once on the server, then the not-found
 * page answers with 404. (The not-found component itself also renders as every page's fallback,
 * so it cannot be the place that logs.)
 */
export default async function UnknownPath({ params }: { params: Promise<{ missing: string[] }> }) {
  const { missing } = await params;
  logger.warn({ path: `/${missing.map(encodeURIComponent).join("/")}`.slice(0, 512) }, "page not found");
  notFound();
}
