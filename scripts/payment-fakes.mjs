/**
 * The payment providers' fakes (tests/fakes/*-server.mjs) for the e2e server and `npm run demo`:
 * each on its own port from `basePort`, sending signed webhooks to `appUrl`, and the settings
 * that point the app at them (the same settings a deployer sets for the real providers).
 */
import { startFakeFlutterwave } from "../tests/fakes/flutterwave-server.mjs";
import { startFakePaypal } from "../tests/fakes/paypal-server.mjs";
import { startFakePaystack } from "../tests/fakes/paystack-server.mjs";
import { startFakeRazorpay } from "../tests/fakes/razorpay-server.mjs";
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
  const paystack = await startFakePaystack({
    port: port(1),
    secretKey: "sk_test_aula_paystack",
    webhookUrl: `${appUrl}/api/webhooks/paystack`,
    plans: {
      PLN_aula_monthly: { amount: priceMonthly, currency, interval: "monthly" },
      PLN_aula_yearly: { amount: priceYearly, currency, interval: "annually" },
    },
  });
  const razorpay = await startFakeRazorpay({
    port: port(2),
    webhookUrl: `${appUrl}/api/webhooks/razorpay`,
    plans: {
      plan_aula_monthly: { amount: priceMonthly, currency, period: "monthly" },
      plan_aula_yearly: { amount: priceYearly, currency, period: "yearly" },
    },
  });
  const decimal = (minor) => (minor / 100).toFixed(2);
  const paypal = await startFakePaypal({
    port: port(3),
    webhookUrl: `${appUrl}/api/webhooks/paypal`,
    plans: {
      "P-AULA-MONTHLY": { value: decimal(priceMonthly), currency, interval: "MONTH" },
      "P-AULA-YEARLY": { value: decimal(priceYearly), currency, interval: "YEAR" },
    },
  });
  const flutterwave = await startFakeFlutterwave({
    port: port(4),
    webhookUrl: `${appUrl}/api/webhooks/flutterwave`,
    plans: {
      7001: { amount: priceMonthly / 100, currency, interval: "monthly" },
      7002: { amount: priceYearly / 100, currency, interval: "yearly" },
    },
  });
  const env = {
    FLUTTERWAVE_SECRET_KEY: flutterwave.secretKey,
    FLUTTERWAVE_PUBLIC_KEY: flutterwave.publicKey,
    FLUTTERWAVE_WEBHOOK_HASH: flutterwave.secretHash,
    FLUTTERWAVE_PLAN_MONTHLY: "7001",
    FLUTTERWAVE_PLAN_YEARLY: "7002",
    FLUTTERWAVE_API_BASE_URL: flutterwave.apiBaseUrl,
    FLUTTERWAVE_CHECKOUT_URL: flutterwave.checkoutUrl,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_PLAN_MONTHLY: "P-AULA-MONTHLY",
    PAYPAL_PLAN_YEARLY: "P-AULA-YEARLY",
    PAYPAL_API_BASE_URL: paypal.url,
    RAZORPAY_KEY_ID: razorpay.keyId,
    RAZORPAY_KEY_SECRET: razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
    RAZORPAY_PLAN_MONTHLY: "plan_aula_monthly",
    RAZORPAY_PLAN_YEARLY: "plan_aula_yearly",
    RAZORPAY_API_BASE_URL: razorpay.apiBaseUrl,
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_PLAN_MONTHLY: "PLN_aula_monthly",
    PAYSTACK_PLAN_YEARLY: "PLN_aula_yearly",
    PAYSTACK_API_BASE_URL: paystack.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PRICE_MONTHLY: "price_aula_monthly",
    STRIPE_PRICE_YEARLY: "price_aula_yearly",
    STRIPE_API_BASE_URL: stripe.url,
  };
  return {
    env,
    fakes: { stripe, paystack, razorpay, paypal, flutterwave },
    close: () => Promise.all([stripe.close(), paystack.close(), razorpay.close(), paypal.close(), flutterwave.close()]),
  };
}
