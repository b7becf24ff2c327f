/**
 * Every page address of the app, built in one place: links, redirects, e-mails, the sitemap and
 * the proxy ask here instead of writing "/dashboard" themselves, so renaming a route is one edit
 * and a typo is a type error. Pure (no I/O), for server and browser alike.
 *
 * The tree is `src/app` with its route groups (the folders in parentheses) left out of the URL;
 * `paths.test.ts` checks every builder against it. Path segments taken from data are encoded,
 * query strings are built by URLSearchParams. API routes (`/api/...`) are not pages and stay
 * written where they are called (docs/decisions/019-typed-paths.md).
 */

/** A value placed in one path segment: never able to add a segment, a query or a fragment. */
const segment = (value: string) => encodeURIComponent(value);

/** `path` with the given parameters; undefined ones are left out, and no `?` without any. */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A readable slug from a title: accents dropped, lower case, words joined by dashes. */
export function postSlug(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/** The public policy pages (the SPEC's routes), by their kind in the `policies` table. */
const POLICY_PATHS = {
  privacy: "/privacy-policy",
  terms: "/terms",
  cancel: "/cancellation-policy",
  refund: "/refund-policy",
  billing: "/subscription-billing-policy",
} as const;
export type PolicyPageKind = keyof typeof POLICY_PATHS;

/** The admin panel's sections, `/admin/{section}`; the sidebar lists them in its own order. */
export type AdminSection =
  | "users"
  | "courses"
  | "paid-users"
  | "admins"
  | "contacts"
  | "blogs"
  | "create-blog"
  | "terms"
  | "privacy"
  | "cancellation"
  | "refund"
  | "subscription-billing"
  | "activity";

export const paths = {
  home: () => "/",

  // The public site.
  about: () => "/about",
  contact: () => "/contact",
  blog: () => "/blog",
  /** The public catalogue; its query narrows it (`q`, `lang`, `type`, `page`). */
  catalog: (query: { q?: string; lang?: string; type?: string; page?: number } = {}) =>
    withQuery("/catalog", {
      ...(query.q ? { q: query.q } : {}),
      ...(query.lang ? { lang: query.lang } : {}),
      ...(query.type ? { type: query.type } : {}),
      ...(query.page && query.page > 1 ? { page: String(query.page) } : {}),
    }),
  /** A course listed in the catalogue: its public page, with a sample lesson. */
  catalogCourse: (courseId: string) => `/catalog/${encodeURIComponent(courseId)}`,
  /** `/blog/{id}` keeps working; the slug only makes the address readable. */
  blogPost: (post: { id: string; title: string }) => {
    const slug = postSlug(post.title);
    return slug ? `/blog/${segment(post.id)}/${slug}` : `/blog/${segment(post.id)}`;
  },
  policy: (kind: PolicyPageKind) => POLICY_PATHS[kind],
  certificate: (publicId: string) => `/certificates/${segment(publicId)}`,
  /** The page Chromium photographs for the certificate's picture. */
  certificateCard: (publicId: string) => `/certificates/${segment(publicId)}/card`,
  /** A shared course's public preview; it carries the share id, never the course id. */
  shareable: (shareId: string) => withQuery("/shareable", { id: shareId }),

  // Accounts. `callbackUrl` is where to go after signing in (checked again by the login page).
  login: (query: { callbackUrl?: string } = {}) => withQuery("/login", query),
  /** `callbackUrl`, as for login: where a new visitor was going (checked again by the page). */
  signup: (query: { callbackUrl?: string } = {}) => withQuery("/signup", query),
  /** `email`: what was typed on the login page, so the form starts with it. */
  forgotPassword: (query: { email?: string } = {}) => withQuery("/forgot-password", query),
  resetPassword: (token: string) => `/reset-password/${segment(token)}`,
  confirmEmail: (token: string) => `/confirm-email/${segment(token)}`,

  // The signed-in app.
  dashboard: () => "/dashboard",
  /** `tab: "billing"` opens the plan and payments tab (where Stripe's portal sends the user back). */
  profile: (query: { tab?: "billing" } = {}) => withQuery("/dashboard/profile", query),
  pricing: () => "/dashboard/pricing",
  generateCourse: () => "/dashboard/generate-course",
  /** The day's review cards, across courses or of one (`course`). */
  review: (query: { course?: string } = {}) => withQuery("/dashboard/review", query),
  /** One course's review cards, to edit, suspend or delete, and its Anki CSV. */
  reviewCards: (courseId: string) => `/dashboard/review/${segment(courseId)}/cards`,
  /** "What I know": reviews, streak, retention and the weakest topics (decision 025). */
  knowledge: () => "/dashboard/knowledge",
  /** The user's classes: those they teach and those they are in. */
  classes: () => "/dashboard/classes",
  /** One class: a teacher's view of its learners (`sort`, `items` a course's question analysis), a learner's courses. */
  classPage: (classId: string, query: { sort?: string; items?: string } = {}) =>
    withQuery(`/dashboard/classes/${segment(classId)}`, query),
  /** Where a class's join link leads: who teaches it, what they will see, and the button to join. */
  joinClass: (code: string) => `/join/${segment(code)}`,
  /** The checkout of one plan. */
  payment: (planId: string) => `/dashboard/payment/${segment(planId)}`,
  paymentSuccess: (planId: string, query: { provider?: string; ref?: string } = {}) =>
    withQuery(`/payment-success/${segment(planId)}`, query),
  paymentPending: (query: { sub: string; plan: string; provider?: string }) => withQuery("/payment-pending", query),
  paymentFailed: (query: { plan?: string } = {}) => withQuery("/payment-failed", query),

  /** `lesson` opens the viewer on that lesson (a review lesson after a failed quiz, for one). */
  course: (courseId: string, query: { lesson?: string } = {}) =>
    withQuery(`/course/${segment(courseId)}`, { lesson: query.lesson }),
  /** `retest`: the quiz page offers new questions, none asked before (after a review, decision 025). */
  courseQuiz: (courseId: string, query: { retest?: boolean } = {}) =>
    withQuery(`/course/${segment(courseId)}/quiz`, { retest: query.retest ? "1" : undefined }),
  courseCertificate: (courseId: string) => `/course/${segment(courseId)}/certificate`,
  /** An author edits the course's quiz (src/features/authoring). */
  editQuiz: (courseId: string) => `/course/${segment(courseId)}/quiz/edit`,
  /** An invitation to co-author a course, as its mail links it (the secret is the link's). */
  editorInvitation: (token: string) => `/dashboard/invitations/${segment(token)}`,
  /** An author edits the course's outline: its topics and lessons (src/features/authoring). */
  editOutline: (courseId: string) => `/course/${segment(courseId)}/edit`,
  /** An author edits one of the course's lessons (src/features/authoring). */
  editLesson: (courseId: string, lessonId: string) => `/course/${segment(courseId)}/edit/${segment(lessonId)}`,
  /** An author rewrites every written lesson of a topic with one instruction (src/features/authoring). */
  rewriteTopic: (courseId: string, topicId: string) => `/course/${segment(courseId)}/edit/topic/${segment(topicId)}`,
  /** An author reviews the course's drafts and publishes them (decision 043). */
  publishCourse: (courseId: string) => `/course/${segment(courseId)}/publish`,
  /** The learner's own material kept with the course (src/features/sources). */
  courseMaterial: (courseId: string) => `/course/${segment(courseId)}/material`,
  /** `print: true` opens the browser's print dialog once the page is ready. */
  coursePrint: (courseId: string, query: { print?: boolean } = {}) =>
    withQuery(`/course/${segment(courseId)}/print`, { print: query.print ? "1" : undefined }),

  // The admin panel.
  admin: (section?: AdminSection) => (section ? `/admin/${section}` : "/admin"),
  adminBlog: (id: string) => `/admin/blogs/${segment(id)}`,
} as const;

/**
 * Whole parts of the app, for matching a request's path (the proxy, robots.txt), not for
 * links: `isWithin(pathname, area)` is the area itself or anything under it.
 */
export const areas = {
  dashboard: "/dashboard",
  course: "/course",
  admin: "/admin",
  /** Every plan's checkout page. */
  checkout: "/dashboard/payment",
  paymentSuccess: "/payment-success",
  paymentPending: "/payment-pending",
  paymentFailed: "/payment-failed",
  resetPassword: "/reset-password",
  confirmEmail: "/confirm-email",
} as const;

export function isWithin(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}
