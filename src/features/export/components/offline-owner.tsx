import { currentOfflineOwner } from "../offline-owner";
import { OfflineOwnerClaim } from "./offline-owner-claim";

/**
 * Rendered by every signed-in layout (dashboard, course, admin): the page's session claims the
 * browser's offline copies, deleting those of any other session before anything offline is
 * written or sent (src/lib/offline-storage.ts). The session was already read by the layout's
 * guard: the read is cached per request.
 */
export async function OfflineOwner() {
  const owner = await currentOfflineOwner();
  return owner ? <OfflineOwnerClaim owner={owner.owner} expiresAt={owner.expiresAt} /> : null;
}
