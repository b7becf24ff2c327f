import "server-only";
import { eq, inArray } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { contentImages } from "@/server/db/schema";

/** Pictures of public content (policies, posts), stored apart from the HTML that points at them. */

/** Stores each picture once (by sha256) and answers the stored id of every one. */
export async function storeContentImages(
  tx: Db,
  pictures: { sha256: string; contentType: string; bytes: Buffer }[],
): Promise<Map<string, string>> {
  if (pictures.length === 0) return new Map();
  await tx
    .insert(contentImages)
    .values(pictures.map((p) => ({ sha256: p.sha256, contentType: p.contentType, bytes: p.bytes })))
    .onConflictDoNothing({ target: contentImages.sha256 });
  const rows = await tx
    .select({ id: contentImages.id, sha256: contentImages.sha256 })
    .from(contentImages)
    .where(
      inArray(
        contentImages.sha256,
        pictures.map((p) => p.sha256),
      ),
    );
  return new Map(rows.map((r) => [r.sha256, r.id]));
}

export async function findContentImage(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ contentType: contentImages.contentType, bytes: contentImages.bytes })
    .from(contentImages)
    .where(eq(contentImages.id, id));
  return row ?? null;
}
