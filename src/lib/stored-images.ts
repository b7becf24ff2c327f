import { UUID_PATTERN } from "./ids";

/** Where a stored picture is served (src/app/api/images/[id]); inline data: pictures are stored there first. */
export const STORED_IMAGE_PATH = "/api/images/";

/** Where a picture of public content (policies, blog posts) is served (src/app/api/content-images/[id]). */
export const CONTENT_IMAGE_PATH = "/api/content-images/";

const STORED_IMAGE = new RegExp(`^/api/(?:images|content-images)/${UUID_PATTERN}$`);
const STORED_IMAGE_IN_TEXT = new RegExp(`/api/images/(${UUID_PATTERN})`, "g");

/** Whether an image address is a picture stored by the app (the only relative addresses allowed). */
export function isStoredImageUrl(value: string): boolean {
  return STORED_IMAGE.test(value);
}

/** The ids of the stored pictures a text points at, each once. */
export function storedImageIds(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(STORED_IMAGE_IN_TEXT), (m) => m[1]))];
}
