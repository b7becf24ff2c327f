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
  type Post,
  type PostSummary,
} from "./blog";
export { contactBodySchema, submitContactMessage } from "./contact";
export { ensureSiteContent } from "./seed";
export { robotsRules, siteMap } from "./sitemap";
