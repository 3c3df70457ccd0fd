import './layout-blocks.css';
import type { BlockComponentProps, NewsletterSubscriptionBlock } from '@storefront/contracts';
import { Alert, Button, SafeHtml } from '@storefront/ui';
import { useId, useState } from 'react';

type Choice = 'unsubscribe' | 'subscribe';

/**
 * The newsletter page's toggle between Unsubscribe and Subscribe. Spec: it switches locally and makes no
 * network call, since there is no subscription API yet; the alerts (from content) must therefore tell the
 * shopper how the choice actually reaches us rather than claim it was saved.
 */
export default function NewsletterSubscription({ block, position }: BlockComponentProps<NewsletterSubscriptionBlock>) {
  const headingId = useId();
  const [choice, setChoice] = useState<Choice>('unsubscribe');
  const [alert, setAlert] = useState<string | null>(null);
  const view = block[choice];
  const Heading = position === 0 ? 'h1' : 'h2';

  function choose() {
    setAlert(view.alert);
    setChoice(choice === 'unsubscribe' ? 'subscribe' : 'unsubscribe');
  }

  return (
    <section className="sf-container content-newsletter" aria-labelledby={headingId}>
      <Heading id={headingId} className="content-newsletter__title">
        {view.title}
      </Heading>
      <SafeHtml html={view.description} className="content-newsletter__description" />
      {alert && (
        <div className="content-newsletter__alert">
          <Alert type="info" onDismiss={() => setAlert(null)}>
            <SafeHtml html={alert} />
          </Alert>
        </div>
      )}
      <Button type="button" onClick={choose} variant={choice === 'unsubscribe' ? 'primary' : 'secondary'}>
        {view.buttonText}
      </Button>
    </section>
  );
}
