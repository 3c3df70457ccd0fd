import './samples.css';
import { Alert, ButtonLink } from '@storefront/ui';
import type { SampleFeedback } from './sample-ordering';

/** The result of asking for samples, each line's message, with a way to the cart after a success. */
export function SampleFeedbackMessage({ feedback, onDismiss }: { feedback: SampleFeedback; onDismiss: () => void }) {
  return (
    <div className="sf-samples-feedback">
      <Alert type={feedback.type} onDismiss={onDismiss}>
        {feedback.messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </Alert>
      {feedback.type === 'success' && (
        <ButtonLink to="/checkout" variant="secondary">
          View cart
        </ButtonLink>
      )}
    </div>
  );
}
