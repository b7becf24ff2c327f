/**
 * Next calls this once per server process before it serves anything. It is where the server
 * layer (settings, database, AI) meets the product (the super admin, the public site's first content): src/server never imports
 * src/features.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ boot }, { ensureSuperAdmin }, { logPaymentProviders }, { ensureSiteContent }] = await Promise.all([
      import("@/server/boot"),
      import("@/features/accounts/service"),
      import("@/features/plans/service"),
      import("@/features/site/service"),
    ]);
    await boot({
      afterMigrate: async (settings) => {
        await ensureSuperAdmin({ email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD });
        await ensureSiteContent();
        logPaymentProviders(settings);
      },
    });
  }
}
