import { useEffect, useId, useMemo, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { schemaResolver } from '@storefront/ui/form';
import { FORM_MESSAGES, type FormDefinition, type FormValues } from '@storefront/contracts';
import { buildFormSchema } from '@storefront/form-schema';
import { ANALYTICS_EVENTS, Button, pushAnalyticsEvent } from '@storefront/ui';
import { FieldGrid } from '@storefront/ui/fields';
import { useFormCaptcha } from './captcha/FormCaptcha.js';
import { FieldList } from './FieldList.js';
import { useFormResult } from './FormResult.js';
import { defaultValuesFor } from './form-values.js';
import { keepTyped, useFirstValues } from './typed-before-hydration.js';
import { clearSavedFormData, readSavedFormData, restoreValues, storableValues, writeSavedFormData } from './saved-form-data.js';
import { SubmissionKeys, submitForm, type SubmitOutcome } from './submit-form.js';
import './form-engine.css';

export interface DynamicFormProps {
  definition: FormDefinition;
  /** Called after the server accepted a submission (a popup closes itself a little later), with the outcome shown. */
  onSuccess?: (outcome: Extract<SubmitOutcome, { kind: 'success' }>) => void;
}

/** The free kitchen design request form (content/forms/free-kitchen-design.json). */
export const KITCHEN_DESIGN_FORM_NAME = 'free-kitchen-design';

/**
 * §7's form events, pushed when the shopper clicks submit (also Enter in a field: the browser clicks
 * the submit button for it), whether or not the form then validates: they count the intent to send,
 * as their names (…_click) say. Every form pushes form_submit_click with its name. Reading of the
 * spec's "kitchen-form click event": the free-kitchen-design form's submit ALSO pushes
 * kitchen_form_click, so form_submit_click stays a count of every form while the kitchen event marks
 * the design leads on their own. The kit drops both until the shopper accepts all cookies.
 */
export function pushSubmitClick(formName: string): void {
  pushAnalyticsEvent(ANALYTICS_EVENTS.formSubmitClick, { formName });
  if (formName === KITCHEN_DESIGN_FORM_NAME) pushAnalyticsEvent(ANALYTICS_EVENTS.kitchenFormClick, { formName });
}

/** The challenge failed or was abandoned: nothing was sent. */
export function captchaFailed(): SubmitOutcome {
  return { kind: 'error', message: FORM_MESSAGES.captcha, fieldErrors: {}, answered: false };
}

export { ResultMessage } from './FormResult.js';

/**
 * Renders a form definition: the same rules as the forms service (shared schema), the spec's
 * messages, then POST /api/forms/{name}. Server field errors land on their fields.
 */
export function DynamicForm({ definition, onSuccess }: DynamicFormProps) {
  const formId = `form-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const schema = useMemo(() => buildFormSchema(definition), [definition]);
  const defaultValues = useMemo(() => defaultValuesFor(definition.fields), [definition]);
  // what was typed before hydration is the form's first state (typed-before-hydration.ts); `defaultValues` stays what Reset restores
  const firstValues = useFirstValues(formId, definition.fields, defaultValues);
  const methods = useForm<FormValues>({
    resolver: schemaResolver<FormValues>(schema),
    defaultValues: firstValues,
    mode: 'onTouched',
  });
  const result = useFormResult(definition);
  const { show, clear } = result;
  const submitting = methods.formState.isSubmitting;
  const captcha = useFormCaptcha(definition);
  const keys = useRef(new SubmissionKeys());

  // Spec §4: saved form data per form name. Restored after hydration (the server renders the defaults).
  useEffect(() => {
    const saved = readSavedFormData<FormValues>(definition.name);
    if (saved) methods.reset(keepTyped(restoreValues(definition.fields, defaultValues, saved), firstValues, defaultValues));
    const subscription = methods.watch((values) => writeSavedFormData(definition.name, storableValues(definition.fields, values as FormValues)));
    return () => subscription.unsubscribe();
  }, [definition, defaultValues, firstValues, methods]);

  async function onSubmit(values: FormValues) {
    clear();
    const recaptchaToken = await captcha.token();
    if (recaptchaToken === null) {
      show(captchaFailed());
      captcha.reset();
      return;
    }
    const outcome = await submitForm(definition, values, { recaptchaToken, idempotencyKey: keys.current.keyFor(values) });
    captcha.reset();
    if (outcome.kind === 'success') {
      keys.current.settled();
      methods.reset(defaultValues);
      clearSavedFormData(definition.name);
      onSuccess?.(outcome);
    } else {
      for (const [name, message] of Object.entries(outcome.fieldErrors)) {
        methods.setError(name, { type: 'server', message });
      }
    }
    show(outcome);
  }

  return (
    <FormProvider {...methods}>
      <form
        id={formId}
        className={['mf-form', definition.layout ? `mf-form--${definition.layout}` : ''].filter(Boolean).join(' ')}
        noValidate
        // A submit before the page is interactive must not put what was typed into the address.
        method="post"
        aria-busy={submitting || undefined}
        aria-label={definition.title ?? definition.name}
        onSubmit={methods.handleSubmit(onSubmit)}
      >
        <FieldGrid className="mf-form__fields">
          <FieldList fields={definition.fields} formId={formId} />
        </FieldGrid>
        {captcha.element}
        {result.element}
        <div className="mf-form__actions">
          <Button ref={result.submitRef} type="submit" disabled={submitting} onClick={() => pushSubmitClick(definition.name)}>
            {submitting && <span className="sf-spinner mf-form__spinner" aria-hidden="true" />}
            {definition.buttons.submit}
            {submitting && <span className="sf-visually-hidden"> (sending)</span>}
          </Button>
          {definition.buttons.reset && (
            <Button variant="secondary" disabled={submitting} onClick={() => methods.reset(defaultValues)}>
              {definition.buttons.reset}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
