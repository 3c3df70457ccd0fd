import './layout-blocks.css';
import type { AdviceBlock, BlockComponentProps } from '@storefront/contracts';
import { Alert, Button, ResponsiveImage, SafeHtml } from '@storefront/ui';
import { useId, useState } from 'react';
import { ActionLink } from './ActionLink';

/** Spec §8: live chat is not built yet, and the button says so rather than doing nothing. */
export const CHAT_UNDER_DEVELOPMENT_MESSAGE = 'This is Under Development! We are working on it!';
export const DEFAULT_CHAT_LABEL = 'Chat With a Designer';

/** A designer's advice with a chat button and an optional action. */
export default function Advice({ block }: BlockComponentProps<AdviceBlock>) {
  const headingId = useId();
  const [showAlert, setShowAlert] = useState(false);
  return (
    <section className={`sf-container content-advice${block.image ? ' content-advice--with-image' : ''}`} aria-labelledby={headingId}>
      {block.image && (
        <div className="content-advice__image">
          <ResponsiveImage image={block.image} />
        </div>
      )}
      <div className="content-advice__body">
        <h2 id={headingId} className="content-advice__title">
          {block.title}
        </h2>
        <SafeHtml html={block.description} className="content-advice__description" />
        <div className="content-advice__actions">
          <Button type="button" onClick={() => setShowAlert(true)}>
            {block.chatLabel ?? DEFAULT_CHAT_LABEL}
          </Button>
          {block.action && <ActionLink action={block.action} />}
        </div>
        {showAlert && (
          <div className="content-advice__alert">
            <Alert type="info" onDismiss={() => setShowAlert(false)}>
              {CHAT_UNDER_DEVELOPMENT_MESSAGE}
            </Alert>
          </div>
        )}
      </div>
    </section>
  );
}
