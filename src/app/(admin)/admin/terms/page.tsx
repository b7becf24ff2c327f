import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PolicyPage } from "@/features/admin/components/policy-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("terms") };
}

export default function AdminTermsPolicyPage() {
  return <PolicyPage page="terms" />;
}
