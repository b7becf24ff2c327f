import type { BillingForm } from "../billing-form";
import type { ProviderId } from "../payments/types";
import { paths } from "@/lib/paths";

type Post = (url: string, body: unknown) => Promise<Response>;
type Input = {
  plan: "monthly" | "yearly";
  billing: BillingForm;
  options: Record<string, string>;
  post: Post;
  navigate: (path: string) => void;
};
type Outcome = { ok: true } | { ok: false; message?: string; silent?: boolean };

async function answer(response: Response): Promise<{ ok: boolean; data: Record<string, unknown> | null }> {
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { ok: response.ok && data !== null && data.success !== false, data };
}

const failed = (data: Record<string, unknown> | null): Outcome => ({
  ok: false,
  message: typeof data?.message === "string" ? data.message : undefined,
});

/** The redirect flows (SPEC section 4): the server starts the checkout, the browser goes to the provider's page. */
async function redirectFlow(
  endpoint: string,
  body: unknown,
  post: Post,
  urlOf: (data: Record<string, unknown>) => unknown,
): Promise<Outcome> {
  const { ok, data } = await answer(await post(endpoint, body));
  const url = ok && data ? urlOf(data) : null;
  if (typeof url !== "string") return failed(data);
  window.location.assign(url);
  return { ok: true };
}

/**
 * The short-link flow: the link opens in a new tab and this one goes to /payment-pending. The
 * tab is opened before the call, while the click still counts as the user's (popup blockers).
 */
async function shortLinkFlow({ plan, billing, post, navigate }: Input): Promise<Outcome> {
  const tab = window.open("about:blank", "_blank");
  // The provider's page gets no handle on this one (what noopener would do, but we keep ours to point it).
  if (tab) tab.opener = null;
  const fullAddress = [billing.address, billing.city, billing.state, billing.zipCode, billing.country].join(", ");
  const { ok, data } = await answer(
    await post("/api/razorpaycreate", { plan, email: billing.email, fullAddress, billing }),
  );
  if (!ok || typeof data?.short_url !== "string" || typeof data.id !== "string") {
    tab?.close();
    return failed(data);
  }
  if (tab) tab.location.href = data.short_url;
  else window.open(data.short_url, "_blank", "noopener");
  navigate(paths.paymentPending({ sub: data.id, plan }));
  return { ok: true };
}

type InlineResult = { status?: string; transaction_id?: number | string };
type FlutterwaveWindow = Window & { FlutterwaveCheckout?: (config: Record<string, unknown>) => void };

function loadScript(src: string): Promise<void> {
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`) && (window as FlutterwaveWindow).FlutterwaveCheckout)
    return Promise.resolve();
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
 * The inline flow: the server gives the checkout's settings, the provider's script opens its
 * checkout over the page, and its callback's transaction id goes to the success page, which
 * verifies it with the provider. Closing the checkout without paying leaves the form as it was.
 */
async function inlineFlow({ plan, billing, post, options, navigate }: Input): Promise<Outcome> {
  const script = options.flutterwaveScript;
  if (!script) return { ok: false };
  const { ok, data } = await answer(
    await post("/api/flutterwavepayment", { planId: plan, email: billing.email, billing }),
  );
  if (!ok || !data) return failed(data);
  await loadScript(script);
  const open = (window as FlutterwaveWindow).FlutterwaveCheckout;
  if (!open) return { ok: false };
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    open({
      public_key: data.public_key,
      tx_ref: data.tx_ref,
      amount: data.amount,
      currency: data.currency,
      payment_plan: data.payment_plan,
      customer: data.customer,
      customizations: { title: "Aula" },
      callback: (result: InlineResult) => {
        settled = true;
        if (result.status === "successful" || result.status === "completed") {
          navigate(paths.paymentSuccess(plan, { provider: "flutterwave", ref: String(result.transaction_id ?? "") }));
          resolve({ ok: true });
        } else {
          navigate(paths.paymentFailed());
          resolve({ ok: true });
        }
      },
      onclose: () => {
        if (!settled) resolve({ ok: false, silent: true });
      },
    });
  });
}

/** Each provider's browser half, as the SPEC describes it. */
export async function startProviderCheckout(provider: ProviderId, input: Input): Promise<Outcome> {
  const { plan, billing, post } = input;
  switch (provider) {
    case "stripe":
      return redirectFlow("/api/stripepayment", { planId: plan, billing }, post, (d) => d.url);
    case "paystack":
      // amountInZar is the contract's field; the server charges the configured price whatever it says.
      return redirectFlow(
        "/api/paystackpayment",
        { planId: plan, amountInZar: 0, email: billing.email, billing },
        post,
        (d) => d.url,
      );
    case "paypal":
      return redirectFlow(
        "/api/paypal",
        {
          planId: plan,
          email: billing.email,
          name: billing.firstName,
          lastName: billing.lastName,
          post: billing.zipCode,
          address: billing.address,
          country: billing.country,
          brand: "Aula",
          admin: "",
          billing,
        },
        post,
        (d) =>
          Array.isArray(d.links)
            ? (d.links as Array<{ rel?: string; href?: string }>).find((l) => l.rel === "approve")?.href
            : null,
      );
    case "razorpay":
      return shortLinkFlow(input);
    case "flutterwave":
      return inlineFlow(input);
    default:
      return { ok: false };
  }
}
