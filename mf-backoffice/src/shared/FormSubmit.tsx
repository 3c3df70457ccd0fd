import { Button } from '@storefront/ui';

/**
 * A form's actions row with its submit button: disabled and marked busy while the form's write runs,
 * and saying what it is doing meanwhile ("Saving…").
 */
export function FormSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <div className="bo-actions">
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
