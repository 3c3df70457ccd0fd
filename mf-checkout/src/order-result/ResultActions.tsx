import type { CheckoutPageAction } from '@storefront/contracts';
import { ButtonLink } from '@storefront/ui';

export function ResultActions({ actions }: { actions: CheckoutPageAction[] }) {
  if (actions.length === 0) return null;
  return (
    <div className="sf-order-result__actions">
      {actions.map((action, index) => (
        <ButtonLink key={`${action.href}-${action.label}`} to={action.href} variant={action.variant ?? (index === 0 ? 'primary' : 'secondary')}>
          {action.label}
        </ButtonLink>
      ))}
    </div>
  );
}
