/** The contact form's subjects (the SPEC's list); pure, for the form and the server alike. */
export const CONTACT_SUBJECTS = ["general", "support", "billing", "feedback", "partnership"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
