import type { BillingForm } from "../billing-form";
import type { CheckoutMethod } from "../payments/providers";
import type { CheckoutStart } from "../payments/types";
import { paths } from "@/lib/paths";

type Post = (url: string, body: unknown) => Promise<Response>;
type Input = {
  plan: "monthly" | "yearly";
  billing: BillingForm;
  post: Post;
  navigate: (path: string) => void;
};
type Outcome = { ok: true } | { ok: false; message?: string; silent?: boolean };

const failed = (data: Record<string, unknown> | null): Outcome => ({
  ok: false,
  message: typeof data?.message === "string" ? data.message : undefined,
});

/** The server's start of the checkout, or the answer that says why there is none. */
async function start(
  method: CheckoutMethod,
  { plan, billing, post }: Input,
): Promise<{ checkout: CheckoutStart | null; data: Record<string, unknown> | null }> {
  const response = await post(`/api/checkout/${encodeURIComponent(method.id)}`, { planId: plan, billing });
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const ok = response.ok && data !== null && data.success !== false;
  const checkout = ok && data?.checkout && typeof data.checkout === "object" ? (data.checkout as CheckoutStart) : null;
  return { checkout, data };
}

/**
 * The popup flow: the link opens in a new tab and this one goes to /payment-pending. The tab is
 * opened before the server call, while the click still counts as the user's (popup blockers).
 */
function openBlankTab(): Window | null {
  const tab = window.open("about:blank", "_blank");
  // The provider's page gets no handle on this one (what noopener would do, but we keep ours to point it).
  if (tab) tab.opener = null;
  return tab;
}

type InlineOpener = (settings: Record<string, unknown>) => void;

function loadScript(src: string, opener: string): Promise<void> {
  const loaded = (window as unknown as Record<string, unknown>)[opener];
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`) && loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("checkout script failed to load"));
    document.head.appendChild(script);
  });
}

/**
 * The inline flow: the provider's script opens its checkout over the page, and its callback's
 * reference goes to the success page, which verifies it with the provider. Closing the checkout
 * without paying leaves the form as it was.
 */
async function inlineFlow(
  provider: string,
  checkout: Extract<CheckoutStart, { kind: "inline" }>,
  { plan, navigate }: Input,
): Promise<Outcome> {
  await loadScript(checkout.script, checkout.opener);
  const open = (window as unknown as Record<string, unknown>)[checkout.opener] as InlineOpener | undefined;
  if (typeof open !== "function") return { ok: false };
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    open({
      ...checkout.settings,
      callback: (result: Record<string, unknown>) => {
        settled = true;
        if (checkout.result.paid.includes(String(result?.status))) {
          const reference = String(result[checkout.result.reference] ?? "");
          navigate(paths.paymentSuccess(plan, { provider, ref: reference }));
        } else {
          navigate(paths.paymentFailed());
        }
        resolve({ ok: true });
      },
      onclose: () => {
        if (!settled) resolve({ ok: false, silent: true });
      },
    });
  });
}

/**
 * Starts the chosen method's checkout and does what its kind asks (SPEC section 4): the page
 * knows checkout kinds, never a provider's name.
 */
export async function startProviderCheckout(method: CheckoutMethod, input: Input): Promise<Outcome> {
  const tab = method.checkout === "popup" ? openBlankTab() : null;
  const { checkout, data } = await start(method, input);
  if (checkout?.kind !== "popup") tab?.close();
  switch (checkout?.kind) {
    case "redirect":
      window.location.assign(checkout.url);
      return { ok: true };
    case "popup":
      if (tab) tab.location.href = checkout.url;
      else window.open(checkout.url, "_blank", "noopener");
      input.navigate(paths.paymentPending({ sub: checkout.id, plan: input.plan, provider: method.id }));
      return { ok: true };
    case "inline":
      return inlineFlow(method.id, checkout, input);
    default:
      return failed(data);
  }
}
