import type { CardAction, LinkAction } from '@storefront/contracts';
import { ButtonLink, type ButtonVariant } from '@storefront/ui';

/**
 * A content action: a router link for our own pages, a normal link for other sites. A card action may
 * open a new tab (target _blank: always rel="noopener noreferrer", and screen readers are told) and
 * may show an arrow after its text.
 */
export function ActionLink({ action, className }: { action: LinkAction | CardAction; className?: string }) {
  const variant: ButtonVariant = action.type === 'link' ? 'link' : 'primary';
  const newTab = 'target' in action && action.target === '_blank';
  const tabProps = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const content = (
    <>
      {action.text}
      {'showIcon' in action && action.showIcon && (
        <span className="content-action__icon" aria-hidden="true">
          {' →'}
        </span>
      )}
      {newTab && <span className="sf-visually-hidden"> (opens in a new tab)</span>}
    </>
  );
  if (action.url.startsWith('/')) {
    return (
      <ButtonLink to={action.url} variant={variant} title={action.title} className={className} {...tabProps}>
        {content}
      </ButtonLink>
    );
  }
  return (
    <a href={action.url} title={action.title} className={['sf-button', `sf-button--${variant}`, className].filter(Boolean).join(' ')} {...tabProps}>
      {content}
    </a>
  );
}
