/** The public site's browser entry: its pure helpers, for server and browser alike. */
export { blogDateText, blogImagePath } from "./blog-paths";
export { CONTACT_SUBJECTS, type ContactSubject } from "./contact-subjects";
