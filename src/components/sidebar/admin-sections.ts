import {
  BanIcon,
  BookOpenIcon,
  CreditCardIcon,
  FilePlusIcon,
  FileTextIcon,
  HistoryIcon,
  LockIcon,
  MailIcon,
  NewspaperIcon,
  ReceiptIcon,
  RotateCcwIcon,
  ShieldIcon,
  UsersIcon,
} from "lucide-react";

/** The SPEC's admin sections, in its order, then the Activity log; the sidebar's links. */
export const ADMIN_SECTIONS = [
  { slug: "users", key: "users", icon: UsersIcon },
  { slug: "courses", key: "courses", icon: BookOpenIcon },
  { slug: "paid-users", key: "paidUsers", icon: CreditCardIcon },
  { slug: "admins", key: "admins", icon: ShieldIcon },
  { slug: "contacts", key: "contacts", icon: MailIcon },
  { slug: "blogs", key: "manageBlogs", icon: NewspaperIcon },
  { slug: "create-blog", key: "createBlog", icon: FilePlusIcon },
  { slug: "terms", key: "terms", icon: FileTextIcon },
  { slug: "privacy", key: "privacy", icon: LockIcon },
  { slug: "cancellation", key: "cancellation", icon: BanIcon },
  { slug: "refund", key: "refund", icon: RotateCcwIcon },
  { slug: "subscription-billing", key: "subscriptionBilling", icon: ReceiptIcon },
  // Not in the SPEC's list: the audit log (issue 15) comes last.
  { slug: "activity", key: "activity", icon: HistoryIcon },
] as const;
