import { POST as sendReceipt } from "@/app/api/sendreceipt/route";
import { receiptDetails } from "@/features/plans/payments/billing";
import { recordConfirmedPayment } from "@/features/plans/payments/ledger";
import { PROVIDER_IDS } from "@/features/plans/payments/providers";
import { settleBackgroundMail } from "@/server/email/mailer";
import { buyer, post } from "../setup/buyers";
import { useFakeResend } from "../setup/mail";
import { useTestDatabase } from "../setup/test-db";

/**
 * Issue 24: the receipt's Name (and E-mail) come from one place for every provider, the account,
 * whether the provider echoed the checkout's billing form back (Stripe, Paystack, Razorpay) or
 * not (PayPal, Flutterwave). The page and the mail read the same `receiptDetails`.
 */
useTestDatabase();
const resend = useFakeResend();

const TYPED = {
  firstName: "Typed",
  lastName: "At Checkout",
  email: "someone-else@example.io",
  address: "1 Main Street",
  city: "Lisbon",
  state: "Lisboa",
  zipCode: "1000-001",
  country: "PT",
};

describe("the receipt's Name", () => {
  it.each(PROVIDER_IDS.map((id) => [id]))("is the account's for %s, with or without a billing form", async (id) => {
    for (const billing of [TYPED, null]) {
      const me = await buyer(`rn-${id}`);
      const paymentId = await recordConfirmedPayment({
        userId: me.id,
        plan: "monthly",
        provider: id,
        providerPaymentId: `pay_${id}_${me.id}`,
        amountMinor: 4700,
        currency: "USD",
        billing,
        providerSubscriptionId: null,
        providerCustomerId: null,
      });
      expect(paymentId).toBeTruthy();
      const receipt = await receiptDetails(paymentId!, me.id);
      expect(receipt).toMatchObject({ name: expect.stringMatching(/^Buyer \d+$/), email: me.email });
      expect(receipt!.name).not.toContain("Typed");

      expect((await post(sendReceipt, me.cookie, { subscriberId: paymentId })).json.sent).toBe(true);
      await settleBackgroundMail();
      const [mail] = resend()
        .emails(me.email)
        .filter((m) => /receipt|recibo/i.test(m.subject));
      expect(mail.html).toContain(receipt!.name);
      expect(mail.html).not.toContain("Typed");
    }
  });

  it("is nobody's for another account's payment", async () => {
    const me = await buyer("rn-own");
    const other = await buyer("rn-other");
    const paymentId = await recordConfirmedPayment({
      userId: me.id,
      plan: "yearly",
      provider: "stripe",
      providerPaymentId: `pay_own_${me.id}`,
      amountMinor: 9700,
      currency: "USD",
      billing: TYPED,
      providerSubscriptionId: null,
      providerCustomerId: null,
    });
    expect(await receiptDetails(paymentId!, other.id)).toBeNull();
  });
});
