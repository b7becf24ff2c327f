import { paths } from "@/lib/paths";

/** The public link of a shared course: it carries the share id, never the course id; `appUrl` may end with a slash. */
export function courseShareUrl(appUrl: string, shareId: string): string {
  return `${appUrl.replace(/\/+$/, "")}${paths.shareable(shareId)}`;
}
