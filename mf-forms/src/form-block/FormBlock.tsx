import { formDefinitionUrl, type FormBlock as FormBlockDefinition, type FormDefinition } from '@storefront/contracts';
import { EmptyState, ErrorState, LoadingState, usePageData } from '@storefront/ui';
import { useId } from 'react';
import { AccountRegistrationForm } from '../form-engine/AccountRegistrationForm.js';
import { DynamicForm } from '../form-engine/DynamicForm.js';
import { submitActionOf } from '../form-engine/submit-action.js';
import { MultiStepForm } from '../multi-step-form/MultiStepForm.js';
import './form-block.css';

export interface FormBlockProps {
  /** the form in content/forms/, when not given as a page block (a popup passes it) */
  formName?: string;
  /** as a page block: `{ "type": "form", "formName": "newsletter" }` (block type `form`) */
  block?: FormBlockDefinition;
  position?: number;
  /** after the server accepted a submission (a popup closes itself a little later) */
  onSuccess?: () => void;
}

/**
 * One named form from content/forms/, drawn by the form engine: as a page block (block type `form`)
 * or inside a popup of content/site/popups.json (the shell's PopupHost loads this module).
 */
export default function FormBlock({ formName, block, onSuccess }: FormBlockProps) {
  const headingId = useId();
  const name = formName ?? block?.formName;
  const form = usePageData<FormDefinition>(name ? formDefinitionUrl(name) : null);
  const title = block?.title;

  let body;
  if (!name || form.status === 'not-found' || (form.status === 'ready' && !form.data)) {
    body = <EmptyState title="This form is not available" message="Please call or e-mail us instead." />;
  } else if (form.status === 'loading') {
    body = <LoadingState label="Loading the form..." />;
  } else if (form.status === 'error' || !form.data) {
    body = <ErrorState title="The form could not be loaded" message={form.error ?? 'Please try again.'} onRetry={form.reload} />;
  } else {
    const definition = form.data;
    body = definition.steps?.length ? (
      <MultiStepForm definition={{ ...definition, steps: definition.steps }} onSuccess={onSuccess} />
    ) : submitActionOf(definition) === 'account-registration' ? (
      // /register: the account service signs the new customer in, then My Account opens
      <AccountRegistrationForm definition={definition} onSuccess={onSuccess} />
    ) : (
      <DynamicForm definition={definition} onSuccess={onSuccess} />
    );
  }

  // In a popup the dialog has the heading; on a page the block may give its own.
  if (!block) return <div className="mf-form-block">{body}</div>;
  return (
    <section className="sf-container mf-form-block" aria-labelledby={title ? headingId : undefined}>
      {title && (
        <h2 id={headingId} className="mf-form-block__title">
          {title}
        </h2>
      )}
      {block.description && <p className="mf-form-block__description">{block.description}</p>}
      {body}
    </section>
  );
}
