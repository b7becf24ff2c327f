/**
 * The payment providers' fakes (tests/fakes/*-server.mjs) for the e2e server and `npm run demo`:
 * each on its own port from `basePort`, sending signed webhooks to `appUrl`, and the settings
 * that point the app at them (the same settings a deployer sets for the real providers).
 */
import { startFakeStripe } from "../tests/fakes/stripe-server.mjs";

/**
 * @param {{ basePort?: number, appUrl: string, priceMonthly: number, priceYearly: number, currency?: string }} options
 */
export async function startPaymentFakes({ basePort, appUrl, priceMonthly, priceYearly, currency = "USD" }) {
  const port = (offset) => (basePort ? basePort + offset : 0);
  const lower = currency.toLowerCase();
  const stripe = await startFakeStripe({
    port: port(0),
    secretKey: "sk_test_aula_fake",
    webhookSecret: "whsec_aula_fake",
    webhookUrl: `${appUrl}/api/webhooks/stripe`,
    prices: {
      price_aula_monthly: { amount: priceMonthly, currency: lower, interval: "month" },
      price_aula_yearly: { amount: priceYearly, currency: lower, interval: "year" },
    },
  });
  const env = {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PRICE_MONTHLY: "price_aula_monthly",
    STRIPE_PRICE_YEARLY: "price_aula_yearly",
    STRIPE_API_BASE_URL: stripe.url,
  };
  return {
    env,
    fakes: { stripe },
    close: () => Promise.all([stripe.close()]),
  };
}
