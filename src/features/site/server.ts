import "server-only";

/** The public site's server entry: policies, the blog, the contact form and the first-start seed. */
export {
  cachedPolicies,
  loadPolicies,
  POLICY_KINDS,
  POLICY_PAGES,
  type PolicyKind,
  type PolicyPath,
  type PolicyTexts,
} from "./policies";
export {
  arrangeBlog,
  cachedPost,
  cachedPostList,
  isPostId,
  loadPost,
  loadPostImage,
  loadPostList,
  loadPostsIn,
  type Post,
  type PostSummary,
} from "./blog";
export { contactBodySchema, submitContactMessage } from "./contact";
export { ensureSiteContent } from "./seed";
export { robotsRules, siteMap } from "./sitemap";
// What the admin panel writes of the site, in the admin's transaction (docs/table-owners.md).
export { deleteBlogPost, insertBlogPost, setBlogFlag, updateBlogPost, type BlogWrite } from "./post-store";
export { upsertPolicy } from "./policy-store";
export { findContentImage, storeContentImages } from "./content-images";
export { markContactHandled } from "./contact-inbox";
