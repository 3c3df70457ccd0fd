import type { LinkAction } from '@storefront/contracts';
import { ButtonLink, type ButtonVariant } from '@storefront/ui';

/** A content action: a router link for our own pages, a normal link for other sites. */
export function ActionLink({ action, className }: { action: LinkAction; className?: string }) {
  const variant: ButtonVariant = action.type === 'link' ? 'link' : 'primary';
  if (action.url.startsWith('/')) {
    return (
      <ButtonLink to={action.url} variant={variant} title={action.title} className={className}>
        {action.text}
      </ButtonLink>
    );
  }
  return (
    <a href={action.url} title={action.title} className={['sf-button', `sf-button--${variant}`, className].filter(Boolean).join(' ')}>
      {action.text}
    </a>
  );
}
