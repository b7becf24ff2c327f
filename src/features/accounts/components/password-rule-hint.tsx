/**
 * The password rule under every new-password field (sign-up, reset, profile): one text, from one
 * rule (src/lib/password-rule.ts), in one place and look, which the field names with
 * aria-describedby. The text comes translated (`auth.passwordRule`), so the sign-up page, which
 * ships no i18n runtime, can use it too.
 */
export function PasswordRuleHint({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="text-xs text-muted-foreground" data-testid="password-rule">
      {text}
    </p>
  );
}
