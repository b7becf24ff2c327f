"use client";
import { notify } from "@/components/notify";
import { LockIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { postJson } from "@/lib/http/post-json";
import { BILLING_FIELDS, billingSchema, countryCode, type BillingField, type BillingForm } from "../billing-form";
import type { CheckoutMethod, ProviderId } from "../payments/providers";
import { startProviderCheckout } from "./provider-flows";

const EMPTY: BillingForm = {
  firstName: "",
  lastName: "",
  email: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  country: "",
};
const AUTOCOMPLETE: Record<BillingField, string> = {
  firstName: "given-name",
  lastName: "family-name",
  email: "email",
  address: "street-address",
  city: "address-level2",
  state: "address-level1",
  zipCode: "postal-code",
  country: "country-name",
};

/**
 * The checkout's billing form and one tab per configured provider. No card field: every
 * provider takes the card on its own page, so no card data ever reaches Aula.
 */
export function CheckoutForm({
  plan,
  price,
  providers,
  defaults,
}: {
  plan: "monthly" | "yearly";
  price: string;
  providers: CheckoutMethod[];
  defaults: { email: string; name: string };
}) {
  const t = useTranslations("payment");
  const router = useRouter();
  const [first, ...rest] = defaults.name.trim().split(/\s+/);
  const [fields, setFields] = useState<BillingForm>({
    ...EMPTY,
    email: defaults.email,
    firstName: first ?? "",
    lastName: rest.join(" "),
  });
  const [errors, setErrors] = useState<Partial<Record<BillingField, string>>>({});
  const [method, setMethod] = useState<ProviderId | undefined>(providers[0]?.id);
  const [busy, setBusy] = useState(false);

  /**
   * A field shown as wrong stops being wrong as soon as its value passes its own rule: the
   * message goes while the learner types, not only at the next Pay. A field never refused is
   * not checked while typing (no error before the first Pay).
   */
  function edit(field: BillingField, value: string) {
    setFields((f) => ({ ...f, [field]: value }));
    if (errors[field] && billingSchema.shape[field].safeParse(value).success) {
      setErrors(({ [field]: _fixed, ...others }) => others);
    }
  }

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    const parsed = billingSchema.safeParse(fields);
    if (!parsed.success) {
      const found: Partial<Record<BillingField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as BillingField;
        found[field] ??= t(`checkout.errors.${field}`);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const chosen = providers.find((p) => p.id === method);
    if (!chosen) return;
    setBusy(true);
    try {
      const billing = { ...parsed.data, country: countryCode(parsed.data.country) };
      const done = await startProviderCheckout(chosen, {
        plan,
        billing,
        post: postJson,
        navigate: router.push,
      });
      // On success the browser is leaving for the provider or the next page; stay busy until it does.
      if (done.ok) return;
      // A checkout closed without paying says nothing; a failure says why.
      if (!done.silent) notify.error(t("checkout.errorTitle"), done.message ?? t("checkout.failed"));
    } catch {
      notify.error(t("checkout.errorTitle"), t("checkout.failed"));
    }
    setBusy(false);
  }

  return (
    <form onSubmit={pay} noValidate className="space-y-6" aria-busy={busy}>
      <Card className="space-y-4 p-6">
        <h2 className="text-lg font-semibold">{t("checkout.billingTitle")}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {BILLING_FIELDS.map((field) => (
            <div
              key={field}
              className={field === "email" || field === "address" ? "space-y-1.5 sm:col-span-2" : "space-y-1.5"}
            >
              <Label htmlFor={`billing-${field}`}>{t(`checkout.fields.${field}`)}</Label>
              <Input
                id={`billing-${field}`}
                name={field}
                type={field === "email" ? "email" : "text"}
                autoComplete={AUTOCOMPLETE[field]}
                value={fields[field]}
                aria-invalid={Boolean(errors[field])}
                aria-describedby={errors[field] ? `billing-${field}-error` : undefined}
                onChange={(e) => edit(field, e.target.value)}
              />
              {errors[field] && (
                <p id={`billing-${field}-error`} className="text-sm text-destructive">
                  {errors[field]}
                </p>
              )}
            </div>
          ))}
        </div>
      </Card>
      <Card className="space-y-4 p-6">
        <h2 id="checkout-method-title" className="text-lg font-semibold">
          {t("checkout.methodTitle")}
        </h2>
        {providers.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t("checkout.notConfigured")}
          </p>
        ) : (
          <Tabs value={method} onValueChange={(v) => setMethod(v as ProviderId)}>
            {/* Up to five providers: on a phone the tabs wrap onto rows (still one tablist, arrows
                move between them) instead of widening the page past the screen. */}
            <TabsList aria-labelledby="checkout-method-title" className="h-auto flex-wrap">
              {providers.map((p) => (
                <TabsTrigger key={p.id} value={p.id} className="flex-auto">
                  {p.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {providers.map((p) => (
              <TabsContent key={p.id} value={p.id} className="pt-2 text-sm text-muted-foreground">
                <LockIcon className="mr-1 inline size-4" aria-hidden />
                {t("checkout.methodNote", { provider: p.label })}
              </TabsContent>
            ))}
          </Tabs>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={busy || !method} data-testid="pay-button">
          {busy ? t("checkout.busy") : t("checkout.pay", { price })}
        </Button>
      </Card>
    </form>
  );
}
