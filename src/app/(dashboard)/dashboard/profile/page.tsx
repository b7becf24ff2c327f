import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProfileView } from "@/features/accounts/components/profile/profile-view";
import { waitingEmailChange } from "@/features/accounts/email-change";
import { BillingPanel } from "@/features/plans/components/billing-panel";
import { subscriptionsEndedByDeletion } from "@/features/plans/server";
import { requireUserPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("profile"))("title") };
}

export default async function ProfilePage({ searchParams }: { searchParams: Promise<{ tab?: string }> }) {
  const user = await requireUserPage();
  const { tab } = await searchParams;
  const [waiting, endingOnDeletion] = await Promise.all([
    waitingEmailChange(user.id),
    subscriptionsEndedByDeletion(user.id),
  ]);
  return (
    <div className="mx-auto max-w-3xl">
      {/* Keyed by what the server knows, so a saved change resets the form to the stored values. */}
      <ProfileView
        key={`${user.name}|${user.email}`}
        user={{ id: user.id, name: user.name, email: user.email, plan: user.plan }}
        billing={<BillingPanel user={{ id: user.id, plan: user.plan }} />}
        initialTab={tab === "billing" ? "billing" : "account"}
        pendingEmail={waiting?.newEmail ?? null}
        endingOnDeletion={endingOnDeletion}
      />
    </div>
  );
}
